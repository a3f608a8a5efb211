import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPanel } from './AdminPanel';

/**
 * External login (seed 001 §2): LDAP, OAuth2 / OpenID Connect and the login key arrive with the sign-in
 * work (issue 20). Until then the panel says so, with no form that would pretend to save anything.
 */
export function ExternalLoginPanel() {
  const { t } = useTranslation();
  return (
    <AdminPanel id="sso" title={t('admin.tabs.externalLogin')}>
      <Alert type="info" showIcon title={t('admin.sso.coming')} description={t('admin.sso.comingHint')} />
      <ul className="admin-sso-list">
        <li>
          <strong>{t('admin.sso.ldap')}</strong> — {t('admin.sso.ldapText')}
        </li>
        <li>
          <strong>{t('admin.sso.oauth')}</strong> — {t('admin.sso.oauthText')}
        </li>
        <li>
          <strong>{t('admin.sso.key')}</strong> — {t('admin.sso.keyText')}
        </li>
      </ul>
    </AdminPanel>
  );
}
