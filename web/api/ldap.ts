import type { LdapConfig, LdapForm, LdapTestResult } from '../../common/answers/ldap';
import { ADMIN_KEY } from './admin';
import { apiPost } from './client';

export type { LdapConfig, LdapForm, LdapTestResult };

/** The LDAP settings of the admin console (issue 20). Silent: the section shows refusals itself. */
const silent = { silent: true } as const;

export const ldapConfigKey = [...ADMIN_KEY, 'ldap'] as const;

export function fetchLdapConfig(signal?: AbortSignal): Promise<LdapConfig> {
  return apiPost<LdapConfig>('adminSetting/loadLdapConfig', {}, { ...silent, signal });
}

/** The form goes as JSON text, as ShowDoc's console sends `ldap_form`; an empty password keeps the stored one. */
export function saveLdapConfig(open: boolean, form: Partial<LdapForm>): Promise<unknown> {
  return apiPost('adminSetting/saveLdapConfig', { ldap_open: open ? 1 : 0, ldap_form: JSON.stringify(form) }, silent);
}

export function testLdapConfig(form: Partial<LdapForm>, testUsername: string): Promise<LdapTestResult> {
  return apiPost<LdapTestResult>('adminSetting/testLdapConfig', { ldap_form: JSON.stringify(form), test_username: testUsername }, silent);
}
