import { useTranslation } from 'react-i18next';
import { AdminPanel } from './AdminPanel';

/** The editor's AI assistant (seed 001 §7 `ai/create`): an OpenAI-compatible endpoint the administrator sets. */
export function AiPanel() {
  const { t } = useTranslation();
  return <AdminPanel id="ai" title={t('ai.title')}>
      {null}
    </AdminPanel>;
}
