import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { requireEdit } from '../item/access.js';
import { recordChange } from '../changeLog/record.js';
import { moveToRecycleBin } from '../recycle/bin.js';
import { touchItem, withItemsLocked, type Trx } from '../../db/locks.js';
import { catalogIn, loadTree, scopeOf } from './store.js';
import type { CatalogTree } from './tree.js';

/** Rows per `IN (…)` list. */
const CHUNK = 500;

/**
 * Deletes a catalog with everything below it. Catalogs go for good (as in ShowDoc); their live pages go
 * to the recycle bin, each with its row, keeping their catalog id so a restore can tell the catalog is
 * gone and put the page at the root.
 */
export async function deleteCatalog(ctx: AuthedCtx, catId: number, itemIdParam: number): Promise<{ success: true }> {
  const row = await ctx.db.selectFrom('catalog').select(['item_id']).where('cat_id', '=', catId).executeTakeFirst();
  if (!row || (itemIdParam > 0 && row.item_id !== itemIdParam)) throw new ApiError(10101, 'catalog.notFound');
  const itemId = row.item_id;
  const access = await requireEdit(ctx, itemId);
  await withItemsLocked(ctx, [itemId], async (trx) => {
    const tree = await loadTree(trx, itemId);
    const catalog = catalogIn(tree, catId);
    (await scopeOf(ctx, trx, access)).require(catId);
    await removeSubtree(ctx, trx, tree, catId);
    await recordChange(ctx, { itemId, action: 'delete', object: 'catalog', objectId: catId, objectName: catalog.cat_name }, trx);
    await touchItem(trx, itemId, ctx.clock.now());
  });
  return { success: true };
}

/** Removes `catId` and its sub-catalogs, and sends their live pages to the recycle bin. */
export async function removeSubtree(ctx: AuthedCtx, trx: Trx, tree: CatalogTree, catId: number): Promise<void> {
  const catIds = tree.subtree(catId).map((c) => c.cat_id);
  const itemId = tree.get(catId)?.item_id ?? 0;
  for (let i = 0; i < catIds.length; i += CHUNK) {
    const ids = catIds.slice(i, i + CHUNK);
    const pages = await trx.selectFrom('page').select(['page_id', 'page_title']).where('item_id', '=', itemId).where('cat_id', 'in', ids).where('is_del', '=', 0).execute();
    await moveToRecycleBin(ctx, trx, itemId, pages);
    await trx.deleteFrom('catalog').where('item_id', '=', itemId).where('cat_id', 'in', ids).execute();
  }
}
