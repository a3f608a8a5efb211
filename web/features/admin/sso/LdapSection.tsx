import { useTranslation } from 'react-i18next';
import { AdminPanel } from '../AdminPanel';

/** LDAP / Active Directory: the directory people log in with. */
export function LdapSection() {
  const { t } = useTranslation();
  return <AdminPanel id="sso-ldap" title={t('ldap.title')}>
      {null}
    </AdminPanel>;
}
