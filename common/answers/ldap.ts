import { z } from 'zod';
import { folioOnly, int, text } from '../wire.js';

/**
 * `adminSetting/loadLdapConfig` and the connection test. The bind password never leaves the server:
 * `bind_password` is always '' and `bind_password_set` says whether one is stored.
 */
export const LdapForm = z.object({
  host: text(),
  port: int(),
  version: int(),
  /** 'none', 'ldaps' or 'starttls'; certificates are always verified. */
  security: folioOnly(text()),
  /** PEM of a private CA; '' = the system's trusted CAs. */
  ca_pem: folioOnly(text()),
  base_dn: text(),
  bind_dn: text(),
  bind_password: text(),
  bind_password_set: folioOnly(int()),
  search_filter: text(),
  user_field: text(),
  name_field: text(),
  mail_field: folioOnly(text()),
});
export type LdapForm = z.infer<typeof LdapForm>;

export const LdapConfig = z.object({ ldap_open: int(), ldap_form: LdapForm });
export type LdapConfig = z.infer<typeof LdapConfig>;

/** Where the test stopped: 'ok', or the step that failed. */
export const LdapTestStep = z.enum(['ok', 'connect', 'tls', 'bind', 'search', 'no_match', 'user_bind']);
export type LdapTestStep = z.infer<typeof LdapTestStep>;

export const LdapTestResult = z.object({
  ok: int(),
  step: LdapTestStep,
  /** What happened, in the caller's language. */
  message: text(),
  /** The entry found for the test username ('' when none was asked for or found). */
  dn: text(),
  username: text(),
  name: text(),
  email: text(),
});
export type LdapTestResult = z.infer<typeof LdapTestResult>;
