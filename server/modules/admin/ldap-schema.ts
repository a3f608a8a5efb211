import { z } from 'zod';
import { zFlag, zText } from '../../http/fields.js';

/**
 * The LDAP form as ShowDoc's console posts it (`ldap_form` as a JSON string) or as Folio's console
 * sends it (a JSON object). Lengths are capped here; meanings are checked by ldap-service.ts.
 */
const LdapFormInput = z.object({
  host: zText(255).optional(),
  port: zText(5).optional(),
  version: zText(1).optional(),
  security: zText(16).optional(),
  ca_pem: zText(20000).optional(),
  base_dn: zText(500).optional(),
  bind_dn: zText(500).optional(),
  /** '' keeps the stored password. */
  bind_password: zText(500).optional(),
  search_filter: zText(500).optional(),
  user_field: zText(64).optional(),
  name_field: zText(64).optional(),
  mail_field: zText(64).optional(),
});
export type LdapFormInput = z.output<typeof LdapFormInput>;

const formField = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}, LdapFormInput);

export const SaveLdapConfig = z.object({ ldap_open: zFlag.default(false), ldap_form: formField.default({}) });
export type SaveLdapConfigInput = z.output<typeof SaveLdapConfig>;

export const TestLdapConfig = z.object({ ldap_form: formField.default({}), test_username: zText(200).default('') });
export type TestLdapConfigInput = z.output<typeof TestLdapConfig>;
