import { useTranslation } from 'react-i18next';
import { AdminPanel } from '../AdminPanel';

/** OAuth2 / OpenID Connect: logging in through the company's identity provider. */
export function OAuth2Section() {
  const { t } = useTranslation();
  return <AdminPanel id="sso-oauth" title={t('oauth.title')}>
      {null}
    </AdminPanel>;
}
