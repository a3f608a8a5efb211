import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import type { LdapConfig, LdapTestResult } from '../../../common/answers/ldap.js';
import { serverMessages } from '../../../common/server-messages.js';
import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { Lang } from '../../http/language.js';
import { writeOptions } from '../common/options.js';
import { LdapStepError, probeDirectory } from '../user/ldap-client.js';
import { readLdapSettings, type LdapForm } from '../user/ldap-config.js';
import type { LdapFormInput, SaveLdapConfigInput, TestLdapConfigInput } from './ldap-schema.js';

/** `adminSetting/loadLdapConfig|saveLdapConfig|testLdapConfig`; the caller has passed requireAdmin. */

export async function loadLdapConfig(ctx: AuthedCtx): Promise<LdapConfig> {
  const { open, form } = await readLdapSettings(ctx.db);
  return { ldap_open: open ? 1 : 0, ldap_form: present(form) };
}

function present(form: LdapForm): LdapConfig['ldap_form'] {
  return { ...form, bind_password: '', bind_password_set: form.bind_password === '' ? 0 : 1 };
}

/**
 * Stores the settings. Unlike ShowDoc, saving neither imports the directory (accounts are made at
 * first login) nor refuses when the directory is down: the admin has the test button for that.
 */
export async function saveLdapConfig(ctx: AuthedCtx, input: SaveLdapConfigInput): Promise<[]> {
  const saved = (await readLdapSettings(ctx.db)).form;
  const form = validForm(input.ldap_form, saved);
  if (input.ldap_open && (form.host === '' || form.base_dn === '')) throw new ApiError(10101, 'ldap.incomplete');
  await writeOptions(ctx.db, { ldap_open: input.ldap_open ? '1' : '0', ldap_form: JSON.stringify(form) });
  return [];
}

/** Tries the form as typed (the stored password when none is typed) without saving it. */
export async function testLdapConfig(ctx: AuthedCtx, input: TestLdapConfigInput): Promise<LdapTestResult> {
  const form = validForm(input.ldap_form, (await readLdapSettings(ctx.db)).form);
  const username = input.test_username.trim();
  const none = { dn: '', username: '', name: '', email: '' };
  try {
    const found = await probeDirectory(form, username);
    if (!found) return { ok: 1, step: 'ok', message: say(ctx.lang, 'ldap.test.ok', {}), ...none };
    return { ok: 1, step: 'ok', message: say(ctx.lang, 'ldap.test.found', { username: found.username, dn: found.dn }), ...found };
  } catch (err) {
    if (!(err instanceof LdapStepError)) throw err;
    return { ok: 0, step: err.step, message: say(ctx.lang, `ldap.test.${err.step}`, { detail: err.detail }), ...none };
  }
}

type TestMessage = 'ldap.test.ok' | 'ldap.test.found' | `ldap.test.${LdapStepError['step']}`;

function say(lang: Lang, key: TestMessage, params: Record<string, string>): string {
  return serverMessages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

const HOST = /^[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*\.?$/;
const ATTRIBUTE = /^[A-Za-z][A-Za-z0-9-]{0,63}$/;

const bad = (name: string) => new ApiError(10101, 'ldap.fieldInvalid', { name });

/** The stored form: each field checked; a field not sent keeps its stored value, as does an empty password. */
function validForm(input: LdapFormInput, saved: LdapForm): LdapForm {
  const pick = (v: string | undefined, old: string) => (v === undefined ? old : v.trim());
  const host = pick(input.host, saved.host);
  if (host !== '' && !HOST.test(host) && isIP(host) === 0) throw bad('host');
  const port = Number(pick(input.port, String(saved.port)));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad('port');
  const version = pick(input.version, String(saved.version));
  if (version !== '2' && version !== '3') throw bad('version');
  // ShowDoc's console sends no `security`: as ShowDoc did, port 636 then means LDAPS.
  const security = input.security === undefined && port === 636 ? 'ldaps' : pick(input.security, saved.security);
  if (security !== 'none' && security !== 'ldaps' && security !== 'starttls') throw bad('security');
  const caPem = pick(input.ca_pem, saved.ca_pem);
  if (caPem !== '') checkPem(caPem);
  const searchFilter = pick(input.search_filter, saved.search_filter) || '(cn=*)';
  if (!isOneFilter(searchFilter)) throw new ApiError(10101, 'ldap.filterInvalid');
  const attribute = (name: 'user_field' | 'name_field' | 'mail_field', fallback: string, optional: boolean) => {
    const typed = pick(input[name], saved[name]);
    // An optional attribute may be emptied: the directory then does not sync that value.
    const v = typed === '' && !optional ? fallback : typed;
    if ((v !== '' || !optional) && !ATTRIBUTE.test(v)) throw bad(name);
    return v;
  };
  const typedPassword = input.bind_password ?? '';
  return {
    host,
    port,
    version: version === '2' ? 2 : 3,
    security,
    ca_pem: caPem,
    base_dn: pick(input.base_dn, saved.base_dn),
    bind_dn: pick(input.bind_dn, saved.bind_dn),
    // The browser never gets the stored password back, so an empty field means "unchanged".
    bind_password: typedPassword === '' ? saved.bind_password : typedPassword,
    search_filter: searchFilter,
    user_field: attribute('user_field', 'cn', false),
    name_field: attribute('name_field', '', true),
    mail_field: attribute('mail_field', 'mail', true),
  };
}

function checkPem(pem: string): void {
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new ApiError(10101, 'ldap.caInvalid');
  try {
    new X509Certificate(pem);
  } catch {
    throw new ApiError(10101, 'ldap.caInvalid');
  }
}

/** One parenthesised filter with balanced parentheses (escaped ones are `\28`/`\29`, not literal). */
function isOneFilter(filter: string): boolean {
  if (!filter.startsWith('(') || !filter.endsWith(')')) return false;
  let depth = 0;
  for (let i = 0; i < filter.length; i++) {
    if (filter[i] === '(') depth++;
    else if (filter[i] === ')' && --depth === 0 && i !== filter.length - 1) return false;
    if (depth < 0) return false;
  }
  return depth === 0;
}
