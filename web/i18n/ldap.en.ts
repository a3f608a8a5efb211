/** English texts of LDAP: its admin section and what users see of it. */
export const ldapEn = {
  title: 'LDAP',
};
