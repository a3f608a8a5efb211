import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { recordChange } from '../changeLog/record.js';
import { reachPage } from './page-access.js';
import { touchItem, withItemsLocked } from '../../db/locks.js';

/**
 * `page/delete`: the page goes to the recycle bin (soft delete plus one recycle row per page, replaced
 * if the page was deleted before). Its project's managers may delete any page they can read; an
 * editor only the pages they last saved (ShowDoc's "manage or author"). The share link dies with the
 * page, so a restored page is not public again by surprise.
 */
export async function deletePage(ctx: AuthedCtx, pageId: number, itemId = 0) {
  const { page, access } = await reachPage(ctx, pageId, 'edit', { itemId });
  if (!access.canManage && page.author_uid !== ctx.user.uid) throw new ApiError(10303, 'page.noDeletePermission');
  const now = ctx.clock.now();
  await withItemsLocked(ctx, [page.item_id], async (trx) => {
    const deleted = await trx.updateTable('page').set({ is_del: 1 }).where('page_id', '=', page.page_id).where('is_del', '=', 0).executeTakeFirst();
    if (deleted.numUpdatedRows === 0n) throw new ApiError(10101, 'page.notFound');
    const bin = { item_id: page.item_id, page_title: page.page_title, del_by_uid: ctx.user.uid, del_by_username: ctx.user.username, del_time: now };
    await trx
      .insertInto('recycle')
      .values({ ...bin, page_id: page.page_id })
      .onConflict((oc) => oc.column('page_id').doUpdateSet(bin))
      .execute();
    await trx.deleteFrom('single_page').where('page_id', '=', page.page_id).execute();
    await trx.deleteFrom('page_lock').where('page_id', '=', page.page_id).execute();
    await recordChange(ctx, { itemId: page.item_id, action: 'delete', object: 'page', objectId: page.page_id, objectName: page.page_title }, trx);
    await touchItem(trx, page.item_id, now);
  });
  return [];
}
