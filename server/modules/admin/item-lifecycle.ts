import { sql } from 'kysely';
import type { AdminItemRow } from '../../../common/answers/admin.js';
import type { AuthedCtx } from '../../context.js';
import type { Item } from '../../db/content-tables.js';
import { pagesContaining } from '../../db/page-search.js';
import { ApiError } from '../../http/api-error.js';
import { bumpItemStamps } from '../../db/locks.js';
import { handOverItem, markItemDeleted } from '../item/lifecycle.js';
import { adminItemRow } from './item-list.js';

/**
 * What an administrator does to any project (showdoc-behaviour.md §6.14): delete, recover, remove for good
 * and transfer. No visit or login password is asked: requireAdmin has already let the caller in.
 */

async function findItem(ctx: AuthedCtx, itemId: number): Promise<Item> {
  const item = await ctx.db.selectFrom('item').selectAll().where('item_id', '=', itemId).executeTakeFirst();
  if (!item) throw new ApiError(10101, 'item.notFound');
  return item;
}

async function findDeletedItem(ctx: AuthedCtx, itemId: number): Promise<Item> {
  const item = await findItem(ctx, itemId);
  if (item.is_del !== 1) throw new ApiError(10101, 'admin.itemNotDeleted');
  return item;
}

/** `adminItem/deleteItem`: the owner's soft delete (item/delete), so the project can be recovered. */
export async function adminDeleteItem(ctx: AuthedCtx, itemId: number): Promise<[]> {
  const item = await findItem(ctx, itemId);
  if (item.is_del === 1) throw new ApiError(10101, 'item.notFound');
  await markItemDeleted(ctx, item.item_id);
  return [];
}

/**
 * `adminItem/recoverItem`. Deleting a project leaves its pages alone, so bringing it back restores it as
 * it was: pages deleted one by one stay in its recycle bin, where the project's managers find them (ShowDoc
 * restored those too). Pages marked deleted with no recycle-bin entry (a ShowDoc import of a deleted
 * project) come back with it. A personal domain another live project took meanwhile is dropped: the
 * project is still reached by its id.
 */
export async function adminRecoverItem(ctx: AuthedCtx, itemId: number): Promise<[]> {
  const item = await findDeletedItem(ctx, itemId);
  await ctx.db.transaction().execute(async (trx) => {
    let domain = item.item_domain;
    if (domain !== '') {
      const holder = await trx.selectFrom('item').select('item_id').where('item_domain', '=', domain).where('is_del', '=', 0).executeTakeFirst();
      if (holder) domain = '';
    }
    await trx.updateTable('item').set({ is_del: 0, del_time: 0, item_domain: domain, last_update_time: ctx.clock.now() }).where('item_id', '=', item.item_id).execute();
    await bumpItemStamps(trx, [item.item_id]);
    await trx
      .updateTable('page')
      .set({ is_del: 0 })
      .where('item_id', '=', item.item_id)
      .where('is_del', '=', 1)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('recycle').select('recycle.id').whereRef('recycle.page_id', '=', 'page.page_id'))))
      .execute();
  });
  return [];
}

/**
 * `adminItem/hardDeleteItem`: a deleted project leaves the database, in one transaction: pages (their
 * history, recycle entries, share links, locks, mocks, comments follow by foreign key, and the SQLite
 * search index by trigger), catalogs, members, team links, API tokens, and the files used only by it —
 * uploaded to it or bound to its pages, and neither bound to nor mentioned in another project's page.
 * The stored bytes go after the commit, so a rollback never leaves rows pointing at missing files.
 */
export async function adminHardDeleteItem(ctx: AuthedCtx, itemId: number): Promise<[]> {
  const item = await findDeletedItem(ctx, itemId);
  const storageKeys = await ctx.db.transaction().execute(async (trx) => {
    const pageIds = trx.selectFrom('page').select('page.page_id').where('page.item_id', '=', item.item_id);
    const files = await trx
      .selectFrom('upload_file')
      .select(['upload_file.file_id', 'upload_file.storage_key'])
      .where((eb) =>
        eb.and([
          eb.or([
            eb('upload_file.item_id', '=', item.item_id),
            eb('upload_file.file_id', 'in', eb.selectFrom('file_page').select('file_page.file_id').where('file_page.page_id', 'in', pageIds)),
          ]),
          eb.not(
            eb.exists(
              eb
                .selectFrom('file_page')
                .innerJoin('page', 'page.page_id', 'file_page.page_id')
                .select('file_page.id')
                .whereRef('file_page.file_id', '=', 'upload_file.file_id')
                .where('page.item_id', '<>', item.item_id),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('page')
                .select('page.page_id')
                .where('page.item_id', '<>', item.item_id)
                .where(sql<boolean>`page.page_id in ${pagesContaining(ctx.dialect, sql.ref('upload_file.sign'))}`),
            ),
          ),
        ]),
      )
      .execute();
    const fileIds = files.map((file) => file.file_id);
    for (let i = 0; i < fileIds.length; i += 500) await trx.deleteFrom('upload_file').where('file_id', 'in', fileIds.slice(i, i + 500)).execute();
    // Page followers are not tied to the page by a foreign key (ShowDoc's subscription table has none).
    await trx.deleteFrom('subscription').where('object_type', '=', 'page').where('object_id', 'in', pageIds).execute();
    await trx.deleteFrom('page').where('item_id', '=', item.item_id).execute();
    await trx.deleteFrom('catalog').where('item_id', '=', item.item_id).execute();
    await trx.deleteFrom('item_member').where('item_id', '=', item.item_id).execute();
    await trx.deleteFrom('team_item_member').where('item_id', '=', item.item_id).execute();
    await trx.deleteFrom('team_item').where('item_id', '=', item.item_id).execute();
    await trx.deleteFrom('item_token').where('item_id', '=', item.item_id).execute();
    // Change log, stars, pins, template links and export log go with the item row (ON DELETE CASCADE).
    await trx.deleteFrom('item').where('item_id', '=', item.item_id).execute();
    return files.map((file) => file.storage_key).filter((key) => key !== '');
  });
  for (const key of storageKeys) await ctx.storage.remove(key).catch(() => undefined);
  return [];
}

/** `adminItem/attorn`: the owner's transfer (item/attorn) without their password; live or deleted projects. */
export async function adminAttornItem(ctx: AuthedCtx, itemId: number, receiverName: string): Promise<AdminItemRow> {
  const item = await findItem(ctx, itemId);
  await handOverItem(ctx, item, receiverName);
  return adminItemRow(ctx, item.item_id);
}
