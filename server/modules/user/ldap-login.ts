import type { Ctx } from '../../context.js';
import type { User } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError } from '../../http/api-error.js';
import { giveSampleProjects } from '../sample/service.js';
import { authenticate, LdapStepError, type DirectoryUser } from './ldap-client.js';
import type { LdapForm } from './ldap-config.js';
import { looksLikeEmail, usernameKey } from './username.js';

/**
 * Login through the directory (issue 20). Unlike ShowDoc, the directory never signs anyone into a
 * local account: only accounts Folio made for directory users (is_sso = 1) are reached through it,
 * and a local account with the same name is refused with a message the admin can act on.
 */

// Directory names may carry `.` or `@` (john.smith, AD's UPNs); still no spaces, controls or separators.
const DIRECTORY_NAME = /^[\p{L}\p{N}._@+-]{1,64}$/u;

async function askDirectory(form: LdapForm, username: string, password: string): Promise<DirectoryUser | null> {
  try {
    return await authenticate(form, username, password);
  } catch (err) {
    // A directory that is down or misconfigured lets nobody in, and says so rather than "wrong password".
    if (err instanceof LdapStepError) throw new ApiError(10101, 'ldap.unavailable');
    throw err;
  }
}

/**
 * Signs a directory user in: the Folio account flagged SSO with their name, created on first login.
 * Throws 10210 when the directory says no; the caller has counted the attempt in the throttle.
 */
export async function directoryLogin(ctx: Ctx, form: LdapForm, username: string, password: string): Promise<User> {
  const found = await askDirectory(form, username, password);
  if (!found) throw new ApiError(10210);
  const name = found.username.trim();
  if (!DIRECTORY_NAME.test(name)) throw new ApiError(10101, 'ldap.usernameUnusable', { username: name.slice(0, 64) });
  const key = usernameKey(name);
  const existing = await ctx.db.selectFrom('user').selectAll().where('username_key', '=', key).executeTakeFirst();
  if (existing && !existing.is_sso) throw new ApiError(10101, 'ldap.localAccountExists', { username: name });
  const displayName = [...found.name.trim()].slice(0, 64).join('');
  const email = looksLikeEmail(found.email.trim()) ? found.email.trim().toLowerCase() : '';
  const now = ctx.clock.now();
  if (existing) {
    // The directory is the source of the name and address; an empty value there does not erase Folio's.
    const sync = { ...(displayName ? { name: displayName } : {}), ...(email ? { email } : {}) };
    await ctx.db.updateTable('user').set({ last_login_time: now, ...sync }).where('uid', '=', existing.uid).execute();
    return { ...existing, ...sync };
  }
  let created: User;
  try {
    created = await ctx.db
      .insertInto('user')
      .values({ username: name, username_key: key, groupid: 2, name: displayName, email, password: '', is_sso: 1, reg_time: now, last_login_time: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    // Two first logins at once: the other one made the account; use it if it is a directory account.
    if (!isUniqueViolation(err)) throw err;
    const raced = await ctx.db.selectFrom('user').selectAll().where('username_key', '=', key).executeTakeFirstOrThrow();
    if (!raced.is_sso) throw new ApiError(10101, 'ldap.localAccountExists', { username: name });
    return raced;
  }
  await giveSampleProjects(ctx, created);
  return created;
}

/**
 * A local account's password failed while LDAP is on. If the same name and password open a directory
 * account, that person is not guessing: tell them why they cannot get in (and never let them in).
 */
export async function explainLocalConflict(ctx: Ctx, form: LdapForm, username: string, password: string): Promise<void> {
  let found: DirectoryUser | null;
  try {
    found = await authenticate(form, username, password);
  } catch {
    // The answer stays "wrong username or password": the local account is what was asked for.
    return;
  }
  if (found) throw new ApiError(10101, 'ldap.localAccountExists', { username: found.username.trim().slice(0, 64) });
}
