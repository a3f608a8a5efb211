import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { requireEdit } from '../item/access.js';
import { recordChange } from '../changeLog/record.js';
import { catalogName } from './name.js';
import { touchItem, withItemsLocked } from '../../db/locks.js';
import { catalogIn, loadTree, requireDepth, requireParentExists, scopeOf, storeLevels } from './store.js';
import { MAX_CATALOGS_PER_ITEM, MAX_LEVEL, TOP_LEVEL } from './tree.js';

export interface SaveInput {
  /** 0 creates a catalog. */
  cat_id: number;
  /** Required to create; when updating it may be left out, and must match the catalog's project if given. */
  item_id: number;
  cat_name: string;
  /** Absent: top level for a new catalog, the current parent for an existing one. */
  parent_cat_id?: number | undefined;
  /** Applied only when positive, as in ShowDoc. */
  s_number?: number | undefined;
}

/** Creates or renames / moves a catalog; answers its id (ShowDoc's bare integer). */
export async function saveCatalog(ctx: AuthedCtx, input: SaveInput): Promise<number> {
  let itemId = input.item_id;
  if (input.cat_id > 0) {
    const row = await ctx.db.selectFrom('catalog').select('item_id').where('cat_id', '=', input.cat_id).executeTakeFirst();
    if (!row || (itemId > 0 && row.item_id !== itemId)) throw new ApiError(10101, 'catalog.notFound');
    itemId = row.item_id;
  }
  if (itemId <= 0) throw new ApiError(10100, 'input.invalid', { field: 'item_id' });
  const access = await requireEdit(ctx, itemId);
  const name = catalogName(input.cat_name);
  const sNumber = input.s_number !== undefined && input.s_number > 0 ? input.s_number : undefined;
  const now = ctx.clock.now();

  return withItemsLocked(ctx, [itemId], async (trx) => {
    const tree = await loadTree(trx, itemId);
    const scope = await scopeOf(ctx, trx, access);

    if (input.cat_id === 0) {
      const parentId = input.parent_cat_id ?? 0;
      if (tree.size >= MAX_CATALOGS_PER_ITEM) throw new ApiError(10100, 'catalog.tooMany', { max: String(MAX_CATALOGS_PER_ITEM) });
      requireParentExists(tree, parentId);
      scope.requireParent(parentId);
      const level = parentId === 0 ? TOP_LEVEL : (tree.levels().get(parentId) ?? TOP_LEVEL) + 1;
      if (level > MAX_LEVEL) throw new ApiError(10101, 'catalog.tooDeep', { max: String(MAX_LEVEL - 1) });
      const created = await trx
        .insertInto('catalog')
        .values({ cat_name: name, item_id: itemId, parent_cat_id: parentId, level, addtime: now, ...(sNumber !== undefined ? { s_number: sNumber } : {}) })
        .returning('cat_id')
        .executeTakeFirstOrThrow();
      await recordChange(ctx, { itemId, action: 'create', object: 'catalog', objectId: created.cat_id, objectName: name }, trx);
      await touchItem(trx, itemId, now);
      return created.cat_id;
    }

    const catalog = catalogIn(tree, input.cat_id);
    scope.require(catalog.cat_id);
    const parentId = input.parent_cat_id ?? catalog.parent_cat_id;
    if (parentId !== catalog.parent_cat_id) {
      if (parentId === catalog.cat_id) throw new ApiError(10101, 'catalog.cycle');
      requireParentExists(tree, parentId);
      scope.requireParent(parentId, catalog);
    }
    const before = tree.levels();
    const after = tree.levels(new Map([[catalog.cat_id, parentId]]));
    if (!after) throw new ApiError(10101, 'catalog.cycle');
    requireDepth(before, after, MAX_LEVEL);
    await trx
      .updateTable('catalog')
      .set({ cat_name: name, parent_cat_id: parentId, ...(sNumber !== undefined ? { s_number: sNumber } : {}) })
      .where('cat_id', '=', catalog.cat_id)
      .execute();
    await storeLevels(trx, tree, after);
    await recordChange(ctx, { itemId, action: 'update', object: 'catalog', objectId: catalog.cat_id, objectName: name }, trx);
    await touchItem(trx, itemId, now);
    return catalog.cat_id;
  });
}
