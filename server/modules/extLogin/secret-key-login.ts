import crypto from 'node:crypto';
import { readRedirect } from '../../../common/redirect.js';
import type { Ctx } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';
import { secretsEqual } from '../../secret.js';
import { readOptions } from '../common/options.js';
import { recordLoginAttempt } from '../admin/login-log.js';
import { hashPassword } from '../user/password.js';
import { clearAttempts, passwordRules, reserveAttempt } from '../user/throttle.js';
import { issueToken } from '../user/tokens.js';
import { isValidUsername, looksLikeEmail, usernameKey } from '../user/username.js';
import type { SecretKeyLink } from './schema.js';

/**
 * How far a link's `time` may be from the server's clock, either way. ShowDoc checked only the past
 * (60 s), so a link dated in the future stayed valid forever (security.md §2e); a few minutes both ways
 * leave room for clocks that disagree.
 */
export const LINK_WINDOW_SECONDS = 300;

/** ShowDoc's signature, kept so systems already wired to ShowDoc keep working: md5(username + key + time). */
export function signLink(username: string, key: string, time: string): string {
  return crypto.createHash('md5').update(username + key + time).digest('hex');
}

/**
 * `extLogin/bySecretKey`: checks the signed link, uses it up, logs the person in with the HttpOnly cookie
 * and sends them to a path of this site. The token never goes into a URL (ShowDoc passed it on to the
 * browser in one, where history and Referer headers keep it).
 */
export async function loginBySecretKey(ctx: Ctx, link: SecretKeyLink): Promise<RawResponse> {
  const o = await readOptions(ctx.db, ['login_secret_key', 'login_secret_create_user']);
  const key = o.login_secret_key ?? '';
  if (!key) throw new ApiError(10101, 'secretKey.disabled');

  const username = link.username.trim();
  // Same throttle as every other check of a secret (security rule 7): guessing signatures is slow.
  const rules = passwordRules('secretKey', usernameKey(username), ctx.ip);
  await reserveAttempt(ctx, rules);

  const now = ctx.clock.now();
  const time = /^\d{1,12}$/.test(link.time) ? Number(link.time) : NaN;
  const fresh = Number.isFinite(time) && Math.abs(now - time) <= LINK_WINDOW_SECONDS;
  // Compared even when the time is wrong, so the answer takes as long either way.
  const signed = secretsEqual(signLink(username, key, link.time), link.token.trim().toLowerCase());
  if (!fresh || !signed || !username) throw new ApiError(10101, 'secretKey.badLink');
  await useUpLink(ctx, link.token.trim().toLowerCase(), time + LINK_WINDOW_SECONDS);
  await clearAttempts(ctx, rules);

  const user = await findOrCreate(ctx, username, link.name?.trim() ?? '', o.login_secret_create_user === '1');
  const { token, expiresIn } = await issueToken(ctx, user.uid, ctx.ip);
  ctx.loginCookie.set(token, expiresIn);
  await recordLoginAttempt(ctx, { uid: user.uid, username, ip: ctx.ip, userAgent: ctx.userAgent ?? '', reason: '' });

  // ShowDoc ignores a target that is not a path of its own site; so do we (security rule 8).
  const target = readRedirect(link.redirect).target ?? '/item/index';
  return new RawResponse('text/plain; charset=utf-8', '', { location: target, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }, 302);
}

/**
 * A link works once. The primary key on its hash makes the first use win even when two servers see the
 * link at the same moment; rows are kept until the link would have expired anyway.
 */
async function useUpLink(ctx: Ctx, token: string, expiresAt: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.deleteFrom('login_secret_link').where('expires_at', '<', now - LINK_WINDOW_SECONDS).execute();
  const tokenHash = crypto.createHash('sha256').update(token).digest('hex');
  try {
    const result = await ctx.db
      .insertInto('login_secret_link')
      .values({ token_hash: tokenHash, expires_at: expiresAt })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new ApiError(10101, 'secretKey.badLink');
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(10101, 'secretKey.badLink');
    throw err;
  }
}

async function findOrCreate(ctx: Ctx, username: string, name: string, mayCreate: boolean) {
  const key = usernameKey(username);
  const existing = await ctx.db.selectFrom('user').selectAll().where('username_key', '=', key).executeTakeFirst();
  const now = ctx.clock.now();
  if (existing) {
    // An administrator's account is never opened by a link: the key would then be the whole site.
    if (existing.groupid === 1) throw new ApiError(10103, 'secretKey.adminRefused');
    if (existing.is_disabled) throw new ApiError(10107);
    await ctx.db
      .updateTable('user')
      .set({ last_login_time: now, ...(name ? { name: name.slice(0, 50) } : {}) })
      .where('uid', '=', existing.uid)
      .execute();
    return existing;
  }
  if (!mayCreate) throw new ApiError(10209, 'secretKey.noAccount');
  if (!isValidUsername(username)) throw new ApiError(10101, 'user.usernameRule');
  // Nobody knows this password: the account signs in by links (or an administrator sets one).
  const password = await hashPassword(crypto.randomBytes(32).toString('hex'));
  try {
    return await ctx.db
      .insertInto('user')
      .values({
        username,
        username_key: key,
        name: name.slice(0, 50),
        groupid: 2,
        is_sso: 1,
        email: looksLikeEmail(username) ? username.toLowerCase() : '',
        password,
        reg_time: now,
        last_login_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(10101, 'secretKey.badLink');
    throw err;
  }
}
