import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { readOptions } from '../common/options.js';

export type LdapSecurity = 'none' | 'ldaps' | 'starttls';

/**
 * The directory settings as stored in the `ldap_form` option (JSON). ShowDoc's keys keep their names
 * (host, port, version, base_dn, bind_dn, bind_password, user_field, name_field, search_filter) so an
 * imported ShowDoc configuration reads the same; `security`, `ca_pem` and `mail_field` are Folio's.
 */
export interface LdapForm {
  host: string;
  port: number;
  version: 2 | 3;
  security: LdapSecurity;
  /** PEM of the CA that signed the directory's certificate; '' = the system's trusted CAs. */
  ca_pem: string;
  base_dn: string;
  bind_dn: string;
  bind_password: string;
  /** `%s` (or ShowDoc's `%(user)s`) stands for the escaped username; without it the username attribute is ANDed in. */
  search_filter: string;
  user_field: string;
  name_field: string;
  mail_field: string;
}

export const LDAP_DEFAULTS: LdapForm = {
  host: '',
  port: 389,
  version: 3,
  security: 'none',
  ca_pem: '',
  base_dn: '',
  bind_dn: '',
  bind_password: '',
  search_filter: '(cn=*)',
  user_field: 'cn',
  name_field: '',
  mail_field: 'mail',
};

const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);

/** Reads a stored form leniently (ShowDoc stored numbers as text); anything missing takes its default. */
export function parseLdapForm(json: string | undefined): LdapForm {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = json ? JSON.parse(json) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const port = Number(str(raw.port, ''));
  const validPort = Number.isInteger(port) && port > 0 && port < 65536 ? port : LDAP_DEFAULTS.port;
  const security = str(raw.security, '');
  return {
    host: str(raw.host, '').trim(),
    port: validPort,
    version: str(raw.version, '3') === '2' ? 2 : 3,
    // ShowDoc chose ldaps by port 636 alone; an imported form without `security` keeps that meaning.
    security: security === 'ldaps' || security === 'starttls' || security === 'none' ? security : validPort === 636 ? 'ldaps' : 'none',
    ca_pem: str(raw.ca_pem, ''),
    base_dn: str(raw.base_dn, ''),
    bind_dn: str(raw.bind_dn, ''),
    bind_password: str(raw.bind_password, ''),
    search_filter: str(raw.search_filter, '').trim() || LDAP_DEFAULTS.search_filter,
    user_field: str(raw.user_field, '').trim() || LDAP_DEFAULTS.user_field,
    name_field: str(raw.name_field, '').trim(),
    mail_field: str(raw.mail_field, LDAP_DEFAULTS.mail_field).trim(),
  };
}

export interface LdapSettings {
  open: boolean;
  form: LdapForm;
}

export async function readLdapSettings(db: Kysely<DB>): Promise<LdapSettings> {
  const o = await readOptions(db, ['ldap_open', 'ldap_form']);
  return { open: o.ldap_open === '1', form: parseLdapForm(o.ldap_form) };
}

/** The settings when LDAP is on and usable for logins, else null. */
export async function activeLdapForm(db: Kysely<DB>): Promise<LdapForm | null> {
  const s = await readLdapSettings(db);
  return s.open && s.form.host !== '' && s.form.base_dn !== '' ? s.form : null;
}
