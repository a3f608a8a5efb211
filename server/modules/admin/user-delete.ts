import type { DeletedUser } from '../../../common/answers/admin.js';
import type { AuthedCtx } from '../../context.js';
import type { Trx } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';
import { isSiteAdmin } from '../user/groups.js';
import type { DeleteUserInput } from './schema.js';
import { withAccountsLocked } from './user-admins.js';

/**
 * `adminUser/deleteUser`. The administrator chooses what happens to the account's live projects:
 *
 * - 'refuse' (the default, ShowDoc's behaviour): nothing is deleted while the account owns any.
 * - 'transfer': the projects and the files the account uploaded go to `receiver_uid`.
 * - 'delete': the projects are soft-deleted (recoverable by adminItem/recoverItem) and the files the
 *   account uploaded are removed, rows and bytes.
 *
 * In every case the receiver (an administrator; by default the caller) becomes the owner of the
 * account's already-deleted projects, so they stay recoverable (a project needs an existing owner), and
 * of the account's teams, so the people in them keep the access the team gave them; the receiver can
 * dissolve a team from the team screens. Files go to the receiver unless the projects are deleted.
 * Memberships, sessions and every per-account row (groups, stars, templates, messages, …) go with the
 * account. All of it is one transaction; stored bytes are removed only after it commits.
 *
 * Administrators cannot be deleted (demote first), nor can the caller delete themselves: the site is never
 * left without an administrator.
 */
export async function deleteUser(ctx: AuthedCtx, input: DeleteUserInput): Promise<DeletedUser> {
  const receiverUid = input.receiver_uid > 0 ? input.receiver_uid : ctx.user.uid;
  const { answer, removedKeys } = await withAccountsLocked(ctx, async (trx) => {
    const user = await trx.selectFrom('user').select(['uid', 'groupid']).where('uid', '=', input.uid).executeTakeFirst();
    if (!user) throw new ApiError(10209);
    if (user.uid === ctx.user.uid) throw new ApiError(10101, 'adminUser.cannotDeleteSelf');
    if (isSiteAdmin(user)) throw new ApiError(10101, 'adminUser.cannotDeleteAdmin');
    const receiver = await trx.selectFrom('user').select(['uid', 'username', 'groupid', 'is_disabled']).where('uid', '=', receiverUid).executeTakeFirst();
    if (!receiver || !isSiteAdmin(receiver) || receiver.is_disabled) throw new ApiError(10101, 'adminUser.receiverNotAdmin');

    const liveItems = await trx.selectFrom('item').select('item_id').where('uid', '=', user.uid).where('is_del', '=', 0).execute();
    if (input.projects === 'refuse' && liveItems.length > 0) throw new ApiError(10101, 'adminUser.ownsProjects', { count: String(liveItems.length) });

    const now = ctx.clock.now();
    if (input.projects === 'delete' && liveItems.length > 0) {
      await trx.updateTable('item').set({ is_del: 1, del_time: now }).where('uid', '=', user.uid).where('is_del', '=', 0).execute();
    }
    await handOverProjects(trx, user.uid, receiver, input.projects === 'transfer' ? now : null);
    await trx.updateTable('team').set({ uid: receiver.uid, username: receiver.username, last_update_time: now }).where('uid', '=', user.uid).execute();

    const files = await trx.selectFrom('upload_file').select(['file_id', 'storage_key']).where('uid', '=', user.uid).execute();
    if (input.projects === 'delete') {
      // Their page bindings (file_page) follow through the foreign key.
      await trx.deleteFrom('upload_file').where('uid', '=', user.uid).execute();
    } else {
      await trx.updateTable('upload_file').set({ uid: receiver.uid }).where('uid', '=', user.uid).execute();
    }

    await trx.deleteFrom('item_member').where('uid', '=', user.uid).execute();
    await trx.deleteFrom('team_item_member').where('member_uid', '=', user.uid).execute();
    await trx.deleteFrom('team_member').where('member_uid', '=', user.uid).execute();
    await trx.deleteFrom('user_token').where('uid', '=', user.uid).execute();
    // Groups, stars, pins, sort orders, templates, locks, traffic, messages and subscriptions cascade.
    await trx.deleteFrom('user').where('uid', '=', user.uid).execute();

    return {
      answer: { projects: input.projects, items: input.projects === 'refuse' ? 0 : liveItems.length, files: files.length, receiver_uid: receiver.uid },
      removedKeys: input.projects === 'delete' ? files.map((f) => f.storage_key).filter((key) => key !== '') : [],
    };
  });
  // Only once the rows are gone for good: a rolled-back delete must not lose bytes its rows still name.
  // A failure leaves an orphan blob, never a row without its bytes (as attachment/store.ts removeFile).
  for (const key of removedKeys) await ctx.storage.remove(key).catch(() => undefined);
  return answer;
}

/**
 * Every project the account owns, deleted or not, gets the receiver as owner. `touchedAt` is set for a
 * transfer (the project changed hands), null when they are kept only for recovery.
 */
async function handOverProjects(trx: Trx, fromUid: number, receiver: { uid: number; username: string }, touchedAt: number | null): Promise<void> {
  await trx
    .updateTable('item')
    .set({ uid: receiver.uid, username: receiver.username, ...(touchedAt !== null ? { last_update_time: touchedAt } : {}) })
    .where('uid', '=', fromUid)
    .execute();
  // The new owner needs no membership row (as item/attorn).
  await trx
    .deleteFrom('item_member')
    .where('uid', '=', receiver.uid)
    .where('item_id', 'in', (eb) => eb.selectFrom('item').select('item.item_id').where('item.uid', '=', receiver.uid))
    .execute();
}
