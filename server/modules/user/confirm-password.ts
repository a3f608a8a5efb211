import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { verifyPassword } from './password.js';
import { clearAttempts, passwordRules, reserveAttempt } from './throttle.js';
import { usernameKey } from './username.js';

/**
 * Dangerous actions (delete, archive, transfer a project or team) ask for the caller's login password,
 * checked through the login throttle so they cannot be used to guess it.
 */
export async function confirmLoginPassword(ctx: AuthedCtx, password: string): Promise<void> {
  if (!password) throw new ApiError(10208);
  const rules = passwordRules('login', usernameKey(ctx.user.username), ctx.ip);
  await reserveAttempt(ctx, rules);
  const user = await ctx.db.selectFrom('user').select(['password', 'salt']).where('uid', '=', ctx.user.uid).executeTakeFirstOrThrow();
  const check = await verifyPassword(user.password, user.salt, password);
  if (!check.ok) throw new ApiError(10208);
  await clearAttempts(ctx, rules);
}
