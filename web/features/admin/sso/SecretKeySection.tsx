import { useTranslation } from 'react-i18next';
import { AdminPanel } from '../AdminPanel';

/** The login secret key: a trusted system logs people in by a signed link. */
export function SecretKeySection() {
  const { t } = useTranslation();
  return <AdminPanel id="sso-secretKey" title={t('secretKey.title')}>
      {null}
    </AdminPanel>;
}
