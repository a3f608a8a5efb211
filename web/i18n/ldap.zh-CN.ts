import type { Messages } from './en';

/** LDAP的中文文字，键与 `ldap.en.ts` 一致。 */
export const ldapZhCN: Messages['ldap'] = {
  title: 'LDAP',
};
