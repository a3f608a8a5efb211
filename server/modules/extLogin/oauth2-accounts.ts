import crypto from 'node:crypto';
import type { Ctx } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { User } from '../../db/tables.js';
import { ApiError } from '../../http/api-error.js';
import { isValidUsername, looksLikeEmail, usernameKey } from '../user/username.js';
import type { ProviderIdentity } from './oauth2-identity.js';

/** A username made of what the provider sent: ShowDoc's allowed characters, 2–30 of them. */
export function baseUsername(claim: string): string {
  if (looksLikeEmail(claim) && isValidUsername(claim)) return claim.split('@')[0]?.slice(0, 30) || 'sso-user';
  const cleaned = claim
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9_\-\u4e00-\u9fa5]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 24);
  return cleaned.length >= 2 ? cleaned : 'sso-user';
}

async function nameIsFree(ctx: Ctx, username: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('user').select('uid').where('username_key', '=', usernameKey(username)).executeTakeFirst();
  return !row;
}

/**
 * The first free name from the claim: `alice`, then `alice-2`, `alice-3`… A local account of the same
 * name keeps it: the provider's user gets another name, never that account (ShowDoc's takeover).
 */
async function freeUsername(ctx: Ctx, claim: string): Promise<string> {
  const base = baseUsername(claim);
  if (await nameIsFree(ctx, base)) return base;
  for (let n = 2; n < 20; n++) {
    if (await nameIsFree(ctx, `${base}-${n}`)) return `${base}-${n}`;
  }
  return `${base}-${crypto.randomBytes(3).toString('hex')}`;
}

async function createSsoUser(ctx: Ctx, identity: ProviderIdentity): Promise<User> {
  const now = ctx.clock.now();
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = await freeUsername(ctx, identity.username || identity.subject);
    try {
      return await ctx.db
        .insertInto('user')
        .values({
          username,
          username_key: usernameKey(username),
          groupid: 2,
          name: identity.name.slice(0, 50),
          email: looksLikeEmail(identity.email) ? identity.email.toLowerCase() : '',
          // No password: an SSO account signs in only through its provider (an empty hash never verifies).
          password: '',
          is_sso: 1,
          reg_time: now,
          last_login_time: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      // Someone took the name between the check and the insert: pick again.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new ApiError(10101);
}

/**
 * The Folio account of a provider user, by (issuer, subject) only. First login creates an SSO account
 * and the link; a disabled account is refused.
 */
export async function accountFor(ctx: Ctx, issuer: string, identity: ProviderIdentity): Promise<User> {
  const linked = await ctx.db
    .selectFrom('oauth_link')
    .innerJoin('user', 'user.uid', 'oauth_link.uid')
    .selectAll('user')
    .where('oauth_link.issuer', '=', issuer)
    .where('oauth_link.subject', '=', identity.subject)
    .executeTakeFirst();
  let user = linked;
  if (!user) {
    const created = await createSsoUser(ctx, identity);
    try {
      await ctx.db.insertInto('oauth_link').values({ issuer, subject: identity.subject, uid: created.uid, addtime: ctx.clock.now() }).execute();
      user = created;
    } catch (err) {
      // The same person's two first logins raced: keep the first account, drop the spare one.
      await ctx.db.deleteFrom('user').where('uid', '=', created.uid).execute();
      if (!isUniqueViolation(err)) throw err;
      return accountFor(ctx, issuer, identity);
    }
  }
  if (user.is_disabled) throw new ApiError(10107);
  await ctx.db.updateTable('user').set({ last_login_time: ctx.clock.now() }).where('uid', '=', user.uid).execute();
  return user;
}
