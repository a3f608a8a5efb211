import type { AuthedCtx } from '../../context.js';
import { withNamedLock } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';
import { confirmLoginPassword } from './confirm-password.js';
import { looksLikeEmail, usernameKey } from './username.js';

/**
 * `user/updateEmail` (Folio): the e-mail address one may sign in with instead of the username. It names
 * the account at login, so it must be valid, belong to no other account (neither as its e-mail nor as
 * its username, which login tries first), and changing it takes the current password, as changing the
 * password does: a session left open on a shared computer is not enough to take the account over.
 * Stored as login compares it (`usernameKey`). Empty clears it: the account signs in by username only.
 */
export async function updateLoginEmail(ctx: AuthedCtx, typed: string, password: string): Promise<[]> {
  const email = usernameKey(typed.trim());
  if (email !== '' && !looksLikeEmail(email)) throw new ApiError(10101, 'user.emailInvalid');
  const account = await ctx.db.selectFrom('user').select(['is_sso']).where('uid', '=', ctx.user.uid).executeTakeFirstOrThrow();
  // The directory sets a directory user's address at every login (ldap-login.ts), and they have no local password.
  if (account.is_sso) throw new ApiError(10101, 'user.emailFromDirectory');
  await confirmLoginPassword(ctx, password);
  // Two people claiming one address at once take turns, so only one of them gets it.
  await withNamedLock(ctx, 'folio.user.login-email', async (trx) => {
    if (email !== '') {
      const holder = await trx
        .selectFrom('user')
        .select('uid')
        .where('uid', '!=', ctx.user.uid)
        .where((eb) => eb.or([eb('email', '=', email), eb('username_key', '=', email)]))
        .executeTakeFirst();
      if (holder) throw new ApiError(10101, 'user.emailTaken');
    }
    await trx.updateTable('user').set({ email }).where('uid', '=', ctx.user.uid).execute();
  });
  return [];
}
