import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A quiet full-area spinner for the moment a screen's code or first data arrives. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
