import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { isSiteAdmin, SITE_ADMIN_GROUP } from '../user/groups.js';
import { revokeTokens } from '../user/tokens.js';
import type { SetDisabledInput, SetGroupInput } from './schema.js';
import { otherActiveAdmins, withAccountsLocked, type AccountStore } from './user-admins.js';

/**
 * Disables (1) or enables (0) an account. A disabled account cannot log in and its sessions end at once
 * (they are also refused while disabled, tokens.ts). `actorUid` is the administrator doing it (null from
 * the CLI): nobody disables themselves, and the last administrator who can log in stays enabled.
 */
export async function changeDisabled(store: AccountStore, uid: number, disabled: 0 | 1, actorUid: number | null): Promise<void> {
  await withAccountsLocked(store, async (trx) => {
    const user = await trx.selectFrom('user').select(['uid', 'groupid', 'is_disabled']).where('uid', '=', uid).executeTakeFirst();
    if (!user) throw new ApiError(10209);
    if (disabled === 1 && uid === actorUid) throw new ApiError(10101, 'adminUser.cannotDisableSelf');
    if (disabled === 1 && isSiteAdmin(user) && (await otherActiveAdmins(trx, uid)) === 0) throw new ApiError(10101, 'adminUser.lastAdmin');
    await trx.updateTable('user').set({ is_disabled: disabled }).where('uid', '=', uid).execute();
    if (disabled === 1) await revokeTokens(trx, uid);
  });
}

/** Promotes (1) or demotes (2) an account; the last administrator who can log in cannot be demoted. */
export async function changeGroup(store: AccountStore, uid: number, groupid: 1 | 2): Promise<void> {
  await withAccountsLocked(store, async (trx) => {
    const user = await trx.selectFrom('user').select(['uid', 'groupid']).where('uid', '=', uid).executeTakeFirst();
    if (!user) throw new ApiError(10209);
    if (groupid !== SITE_ADMIN_GROUP && isSiteAdmin(user) && (await otherActiveAdmins(trx, uid)) === 0) throw new ApiError(10101, 'adminUser.lastAdmin');
    await trx.updateTable('user').set({ groupid }).where('uid', '=', uid).execute();
  });
}

/** `adminUser/setDisabled` (Folio). */
export async function setDisabled(ctx: AuthedCtx, input: SetDisabledInput): Promise<[]> {
  await changeDisabled(ctx, input.uid, input.is_disabled, ctx.user.uid);
  return [];
}

/**
 * `adminUser/setGroup` (Folio): promote or demote. A demoted administrator loses the console at their
 * next request, since requireAdmin reads the group with the session.
 */
export async function setGroup(ctx: AuthedCtx, input: SetGroupInput): Promise<[]> {
  await changeGroup(ctx, input.uid, input.groupid);
  return [];
}
