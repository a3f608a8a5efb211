import type { Kysely } from 'kysely';
import type { AuthedCtx } from '../../context.js';
import type { DB } from '../../db/tables.js';
import { ApiError } from '../../http/api-error.js';
import type { Lang } from '../../http/language.js';
import { hashPassword } from '../user/password.js';
import { checkPasswordPolicy } from '../user/password-policy.js';
import { revokeTokens } from '../user/tokens.js';
import type { ChangePasswordInput } from './schema.js';

/**
 * Sets an account's password under the rules of registering (the site's password policy), and ends its
 * sessions (all of them, or all but `keepTokenId`: an administrator resetting their own keeps the session
 * they are using). `lang` is the language of a refusal that lists what a weak password lacks.
 */
export async function setAccountPassword(ctx: { db: Kysely<DB>; lang: Lang }, uid: number, password: string, keepTokenId?: number): Promise<void> {
  const { db } = ctx;
  const user = await db.selectFrom('user').select('uid').where('uid', '=', uid).executeTakeFirst();
  if (!user) throw new ApiError(10209);
  await checkPasswordPolicy(ctx, password);
  await db.updateTable('user').set({ password: await hashPassword(password), salt: '' }).where('uid', '=', uid).execute();
  await revokeTokens(db, uid, keepTokenId);
}

/** `adminUser/changePassword`. */
export async function changePassword(ctx: AuthedCtx, input: ChangePasswordInput): Promise<[]> {
  await setAccountPassword(ctx, input.uid, input.new_password, input.uid === ctx.user.uid ? ctx.user.tokenId : undefined);
  return [];
}
