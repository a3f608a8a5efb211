import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { isUniqueViolation } from '../../db/errors.js';
import { hashPassword } from '../user/password.js';
import { revokeTokens } from '../user/tokens.js';
import { isValidUsername, looksLikeEmail, usernameKey } from '../user/username.js';
import type { AddUserInput } from './schema.js';
import { checkPasswordPolicy } from '../user/password-policy.js';
import { giveSampleProjects } from '../sample/service.js';

/** Accounts an administrator makes are ordinary accounts; `folio create-admin` makes administrators. */
const ORDINARY_GROUP = 2;

/**
 * `adminUser/addUser`: without `uid` it creates an account, with `uid` it edits that account's name
 * and, when a new one is given, its password. The caller has passed requireAdmin.
 */
export async function addUser(ctx: AuthedCtx, input: AddUserInput): Promise<[]> {
  if (input.uid > 0) await editUser(ctx, input.uid, input.name, input.password);
  else await createUser(ctx, input.username, input.password, input.name);
  return [];
}

async function createUser(ctx: AuthedCtx, rawUsername: string, password: string, name: string | undefined): Promise<void> {
  const username = rawUsername.trim();
  // Same rules as registering (ShowDoc's admin form took any name and any password, even an empty one).
  if (!isValidUsername(username)) throw new ApiError(10101, 'user.usernameRule');
  await checkPasswordPolicy(ctx, password);
  const key = usernameKey(username);
  const existing = await ctx.db.selectFrom('user').select('uid').where('username_key', '=', key).executeTakeFirst();
  if (existing) throw new ApiError(10201);
  const now = ctx.clock.now();
  const created = await ctx.db
    .insertInto('user')
    .values({
      username,
      username_key: key,
      groupid: ORDINARY_GROUP,
      name: name?.trim() ?? '',
      email: looksLikeEmail(username) ? username.toLowerCase() : '',
      password: await hashPassword(password),
      reg_time: now,
    })
    .returning(['uid', 'username', 'groupid'])
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      // Two administrators creating the same name at once: the unique index decides.
      if (isUniqueViolation(err)) throw new ApiError(10201);
      throw err;
    });
  // The samples come in the administrator's language: the only one known for the new account.
  await giveSampleProjects(ctx, created);
}

async function editUser(ctx: AuthedCtx, uid: number, name: string | undefined, password: string): Promise<void> {
  const user = await ctx.db.selectFrom('user').select('uid').where('uid', '=', uid).executeTakeFirst();
  if (!user) throw new ApiError(10209);
  if (password !== '') await checkPasswordPolicy(ctx, password);
  const changes = {
    // ShowDoc kept the old name when the field came back empty; Folio sets what the form sends.
    ...(name !== undefined ? { name: name.trim() } : {}),
    ...(password !== '' ? { password: await hashPassword(password), salt: '' } : {}),
  };
  if (Object.keys(changes).length === 0) return;
  await ctx.db.updateTable('user').set(changes).where('uid', '=', uid).execute();
  // A password set by an administrator ends the account's sessions, as a changed password does; an
  // administrator resetting their own keeps the session they are using (as user/resetPassword).
  if (password !== '') await revokeTokens(ctx.db, uid, uid === ctx.user.uid ? ctx.user.tokenId : undefined);
}
