import type { RecycledPage } from '../../../common/answers/recycle.js';
import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { requireManage, requirePagesWritable } from '../item/access.js';
import { recordChange } from '../changeLog/record.js';
import { withItemsLocked } from '../../db/locks.js';

/** The project's recycle bin, newest deletion first; managers only (archived projects too: it only reads). */
export async function listRecycleBin(ctx: AuthedCtx, itemId: number): Promise<RecycledPage[]> {
  await requireManage(ctx, itemId, { allowArchived: true });
  const rows = await ctx.db
    .selectFrom('recycle')
    .innerJoin('page', 'page.page_id', 'recycle.page_id')
    .select(['recycle.id', 'recycle.item_id', 'recycle.page_id', 'recycle.page_title', 'recycle.del_by_uid', 'recycle.del_by_username', 'recycle.del_time'])
    .where('recycle.item_id', '=', itemId)
    // Only pages still deleted in this project: a row left behind by an earlier path is not a bin entry.
    .where('page.item_id', '=', itemId)
    .where('page.is_del', '=', 1)
    .orderBy('recycle.del_time', 'desc')
    .orderBy('recycle.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, del_time: formatTime(row.del_time, ctx.config.timeZone) }));
}

/**
 * Brings a deleted page back: into the catalog it was deleted from when that catalog still exists in
 * the project, otherwise at the project's root (ShowDoc always put it at the root).
 */
export async function recoverPage(ctx: AuthedCtx, itemId: number, pageId: number): Promise<[]> {
  requirePagesWritable((await requireManage(ctx, itemId)).item);
  // Locked like catalog writes, so the catalog cannot vanish between the check and the restore.
  await withItemsLocked(ctx, [itemId], async (trx) => {
    const page = await trx
      .selectFrom('page')
      .select(['page_id', 'cat_id', 'page_title'])
      .where('page_id', '=', pageId)
      .where('item_id', '=', itemId)
      .where('is_del', '=', 1)
      .executeTakeFirst();
    if (!page) throw new ApiError(10101, 'recycle.notFound');
    const catalog =
      page.cat_id === 0 ? undefined : await trx.selectFrom('catalog').select('cat_id').where('cat_id', '=', page.cat_id).where('item_id', '=', itemId).executeTakeFirst();
    const now = ctx.clock.now();
    await trx
      .updateTable('page')
      .set({ is_del: 0, cat_id: catalog ? catalog.cat_id : 0 })
      .where('page_id', '=', page.page_id)
      .execute();
    await trx.deleteFrom('recycle').where('page_id', '=', page.page_id).execute();
    await recordChange(ctx, { itemId, action: 'recover', object: 'page', objectId: page.page_id, objectName: page.page_title }, trx);
    await trx.updateTable('item').set({ last_update_time: now }).where('item_id', '=', itemId).execute();
  });
  return [];
}
