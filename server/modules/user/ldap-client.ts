import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import type { Client } from 'ldapts';
import type { LdapForm } from './ldap-config.js';
import { userSearchFilter } from './ldap-filter.js';

/** Where talking to the directory stopped; the admin's connection test names it. */
export type LdapStep = 'connect' | 'tls' | 'bind' | 'search' | 'no_match' | 'user_bind';

export class LdapStepError extends Error {
  constructor(
    readonly step: LdapStep,
    readonly detail: string,
  ) {
    super(`${step}: ${detail}`);
  }
}

/** One directory entry reduced to what Folio keeps. */
export interface DirectoryUser {
  dn: string;
  username: string;
  name: string;
  email: string;
}

const TIMEOUT_MS = 5000;

// Node's TLS failures carry these codes; they are certificate or handshake problems, not a dead host.
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ALTNAME|TLS|SSL|HOSTNAME/i;

function stepOf(err: unknown, fallback: LdapStep): LdapStep {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  const message = err instanceof Error ? err.message : String(err);
  if (TLS_CODE.test(code) || /certificate|self[- ]signed|handshake|\bTLS\b|\bSSL\b/i.test(message)) return 'tls';
  if (/^E(CONNREFUSED|CONNRESET|HOSTUNREACH|NETUNREACH|NOTFOUND|AI_AGAIN|TIMEDOUT|PIPE)$/.test(code) || /connect|timeout|socket|closed/i.test(message)) return 'connect';
  return fallback;
}

let ldapts: typeof import('ldapts') | undefined;

/** ldapts loads with the first directory connection, not at start (issue 21: idle memory). */
async function loadLdapts(): Promise<typeof import('ldapts')> {
  ldapts ??= await import('ldapts');
  return ldapts;
}

function detailOf(err: unknown): string {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  const message = err instanceof Error ? err.message : String(err);
  // ldapts result errors say little in their message ("49: Code: 0x31"); their class names the result.
  if (ldapts && err instanceof ldapts.ResultCodeError) return `${err.constructor.name} (${err.code})`;
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 300);
}

function tlsOptions(form: LdapForm): ConnectionOptions {
  // Certificates are always verified (ShowDoc turned this off); a custom CA replaces the system list.
  return {
    rejectUnauthorized: true,
    ...(form.ca_pem.trim() ? { ca: form.ca_pem } : {}),
    ...(isIP(form.host) ? {} : { servername: form.host }),
  };
}

function urlOf(form: LdapForm): string {
  const host = isIP(form.host) === 6 ? `[${form.host}]` : form.host;
  return `${form.security === 'ldaps' ? 'ldaps' : 'ldap'}://${host}:${form.port}`;
}

/** Opens a connection (with StartTLS when asked), runs `work`, and always closes it. */
async function withConnection<T>(form: LdapForm, work: (client: Client) => Promise<T>): Promise<T> {
  // ldapts goes TLS from the first byte whenever tlsOptions are given, so StartTLS passes them later instead.
  const { Client: LdapClient } = await loadLdapts();
  const client = new LdapClient({
    url: urlOf(form),
    timeout: TIMEOUT_MS,
    connectTimeout: TIMEOUT_MS,
    strictDN: false,
    ...(form.security === 'ldaps' ? { tlsOptions: tlsOptions(form) } : {}),
  });
  try {
    if (form.security === 'starttls') {
      await client.startTLS(tlsOptions(form)).catch((err: unknown) => {
        const step = stepOf(err, 'tls');
        throw new LdapStepError(step, detailOf(err));
      });
    }
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

async function serviceBind(client: Client, form: LdapForm): Promise<void> {
  // No bind DN: search anonymously, as the directory allows or refuses.
  if (form.bind_dn === '') return;
  // An empty password is an unauthenticated bind that many servers accept: never send one.
  if (form.bind_password === '') throw new LdapStepError('bind', 'bind password is empty');
  try {
    await client.bind(form.bind_dn, form.bind_password);
  } catch (err) {
    throw new LdapStepError(stepOf(err, 'bind'), detailOf(err));
  }
}

function firstValue(entry: Record<string, unknown>, attribute: string): string {
  if (!attribute) return '';
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = key ? entry[key] : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first;
  if (Buffer.isBuffer(first)) return first.toString('utf8');
  return '';
}

async function findUser(client: Client, form: LdapForm, username: string): Promise<DirectoryUser> {
  const attributes = [...new Set([form.user_field, form.name_field, form.mail_field].filter((a) => a !== ''))];
  let entries: Record<string, unknown>[];
  try {
    const result = await client.search(form.base_dn, {
      scope: 'sub',
      filter: userSearchFilter(form.search_filter, form.user_field, username),
      attributes,
      // Two are enough to know the name is ambiguous.
      sizeLimit: 2,
    });
    entries = result.searchEntries;
  } catch (err) {
    throw new LdapStepError(stepOf(err, 'search'), detailOf(err));
  }
  // More than one entry for a name: refuse rather than guess which person this is.
  if (entries.length !== 1) throw new LdapStepError('no_match', `${entries.length} entries`);
  const entry = entries[0] as Record<string, unknown> & { dn: string };
  return {
    dn: entry.dn,
    username: firstValue(entry, form.user_field) || username,
    name: firstValue(entry, form.name_field),
    email: firstValue(entry, form.mail_field),
  };
}

/** The admin's test: connect, (StartTLS,) bind with the service account, and find `username` if given. */
export async function probeDirectory(form: LdapForm, username: string): Promise<DirectoryUser | null> {
  return withConnection(form, async (client) => {
    await serviceBind(client, form);
    if (username === '') {
      // Without a name to try, a base-scope read of the base DN proves the search works.
      try {
        await client.search(form.base_dn, { scope: 'base', filter: '(objectClass=*)', attributes: ['dn'], sizeLimit: 1 });
      } catch (err) {
        throw new LdapStepError(stepOf(err, 'search'), detailOf(err));
      }
      return null;
    }
    return findUser(client, form, username);
  });
}

/**
 * Finds the user and binds as them with the typed password. `null` means the directory said no
 * (no such entry, wrong password, disabled or locked account); any other failure throws LdapStepError.
 */
export async function authenticate(form: LdapForm, username: string, password: string): Promise<DirectoryUser | null> {
  // Anonymous and unauthenticated binds "succeed" on many servers: an empty password never reaches one.
  if (password.trim() === '' || username.trim() === '') return null;
  return withConnection(form, async (client) => {
    await serviceBind(client, form);
    let user: DirectoryUser;
    try {
      user = await findUser(client, form, username);
    } catch (err) {
      if (err instanceof LdapStepError && err.step === 'no_match') return null;
      throw err;
    }
    try {
      await client.bind(user.dn, password);
    } catch (err) {
      // AD answers a disabled, locked or expired account with invalidCredentials (data 533/775/532) too.
      if (ldapts && err instanceof ldapts.InvalidCredentialsError) return null;
      throw new LdapStepError(stepOf(err, 'user_bind'), detailOf(err));
    }
    return user;
  });
}
