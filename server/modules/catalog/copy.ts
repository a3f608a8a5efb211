import type { AuthedCtx } from '../../context.js';
import type { Catalog, NewPage } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { requireEdit, type ItemAccess } from '../item/access.js';
import { recordChange } from '../changeLog/record.js';
import { removeSubtree } from './delete.js';
import { presentCatalog, type PresentedCatalog } from './presenter.js';
import { touchItem, withItemsLocked, type Trx } from '../../db/locks.js';
import { catalogIn, loadTree, requireDepth, requireParentExists, scopeOf, storeLevels } from './store.js';
import { MAX_CATALOGS_PER_ITEM, MAX_LEVEL, TOP_LEVEL, type CatalogTree } from './tree.js';

export interface CopyInput {
  cat_id: number;
  /** The new parent in the destination project; 0 = its top level. */
  new_p_cat_id: number;
  /** 0 = the catalog's own project. */
  to_item_id: number;
  /** Move instead of copy (ShowDoc's `is_del=1`). */
  move: boolean;
}

const CHUNK = 100;

/**
 * Copies a catalog with its sub-catalogs and live pages, keeping their order, under `new_p_cat_id` of
 * the destination project; or moves it. The caller must be able to edit both projects, inside their
 * catalog limits in each.
 *
 * A move inside one project re-hangs the catalog (pages keep their ids, history and attachments). A move
 * to another project is a copy followed by deleting the original, whose pages go to the source project's
 * recycle bin, as ShowDoc's copy-then-delete did, but restorable.
 */
export async function copyCatalog(ctx: AuthedCtx, input: CopyInput): Promise<PresentedCatalog> {
  const row = await ctx.db.selectFrom('catalog').select('item_id').where('cat_id', '=', input.cat_id).executeTakeFirst();
  if (!row) throw new ApiError(10101, 'catalog.notFound');
  const fromItemId = row.item_id;
  const toItemId = input.to_item_id > 0 ? input.to_item_id : fromItemId;
  const fromAccess = await requireEdit(ctx, fromItemId);
  const toAccess = toItemId === fromItemId ? fromAccess : await requireEdit(ctx, toItemId);

  const rootId = await withItemsLocked(ctx, [fromItemId, toItemId], async (trx) => {
    const fromTree = await loadTree(trx, fromItemId);
    const toTree = toItemId === fromItemId ? fromTree : await loadTree(trx, toItemId);
    const source = catalogIn(fromTree, input.cat_id);
    const fromScope = await scopeOf(ctx, trx, fromAccess);
    fromScope.require(source.cat_id);
    requireParentExists(toTree, input.new_p_cat_id);
    if (input.move && toItemId === fromItemId) return moveWithin(ctx, trx, fromTree, fromAccess, source, input.new_p_cat_id);

    const toScope = toItemId === fromItemId ? fromScope : await scopeOf(ctx, trx, toAccess);
    toScope.requireParent(input.new_p_cat_id);
    const newRootId = await copySubtree(ctx, trx, fromTree, toTree, source, toItemId, input.new_p_cat_id);
    await recordChange(ctx, { itemId: toItemId, action: 'create', object: 'catalog', objectId: newRootId, objectName: source.cat_name }, trx);
    await touchItem(trx, toItemId, ctx.clock.now());
    if (input.move) {
      await removeSubtree(ctx, trx, fromTree, source.cat_id);
      await recordChange(ctx, { itemId: fromItemId, action: 'delete', object: 'catalog', objectId: source.cat_id, objectName: source.cat_name }, trx);
      await touchItem(trx, fromItemId, ctx.clock.now());
    }
    return newRootId;
  });
  const saved = await ctx.db.selectFrom('catalog').selectAll().where('cat_id', '=', rootId).executeTakeFirstOrThrow();
  return presentCatalog(saved, ctx.config.timeZone);
}

async function moveWithin(ctx: AuthedCtx, trx: Trx, tree: CatalogTree, access: ItemAccess, source: Catalog, parentId: number): Promise<number> {
  if (parentId !== source.parent_cat_id) {
    if (tree.contains(source.cat_id, parentId)) throw new ApiError(10101, 'catalog.cycle');
    (await scopeOf(ctx, trx, access)).requireParent(parentId, source);
  }
  const before = tree.levels();
  const after = tree.levels(new Map([[source.cat_id, parentId]]));
  if (!after) throw new ApiError(10101, 'catalog.cycle');
  requireDepth(before, after, MAX_LEVEL);
  await trx.updateTable('catalog').set({ parent_cat_id: parentId }).where('cat_id', '=', source.cat_id).execute();
  await storeLevels(trx, tree, after);
  await recordChange(ctx, { itemId: source.item_id, action: 'update', object: 'catalog', objectId: source.cat_id, objectName: source.cat_name }, trx);
  await touchItem(trx, source.item_id, ctx.clock.now());
  return source.cat_id;
}

/**
 * Writes a copy of `source` and everything below it under `parentId` of `toItemId`; answers the new
 * root's id. The subtree is read before anything is written, so copying a catalog into itself copies
 * it once. Other people's drafts are not copied: the caller cannot see them.
 */
async function copySubtree(ctx: AuthedCtx, trx: Trx, fromTree: CatalogTree, toTree: CatalogTree, source: Catalog, toItemId: number, parentId: number): Promise<number> {
  const subtree = fromTree.subtree(source.cat_id);
  if (toTree.size + subtree.length > MAX_CATALOGS_PER_ITEM) throw new ApiError(10100, 'catalog.tooMany', { max: String(MAX_CATALOGS_PER_ITEM) });
  const fromLevels = fromTree.levels();
  const rootLevel = parentId === 0 ? TOP_LEVEL : (toTree.levels().get(parentId) ?? TOP_LEVEL) + 1;
  const levelOf = (c: Catalog) => rootLevel + (fromLevels.get(c.cat_id) ?? 0) - (fromLevels.get(source.cat_id) ?? 0);
  if (subtree.some((c) => levelOf(c) > MAX_LEVEL)) throw new ApiError(10101, 'catalog.tooDeep', { max: String(MAX_LEVEL - 1) });

  const now = ctx.clock.now();
  const newIds = new Map<number, number>();
  for (const c of subtree) {
    const newParent = c.cat_id === source.cat_id ? parentId : (newIds.get(c.parent_cat_id) ?? parentId);
    const created = await trx
      .insertInto('catalog')
      .values({ cat_name: c.cat_name, item_id: toItemId, s_number: c.s_number, addtime: now, parent_cat_id: newParent, level: levelOf(c) })
      .returning('cat_id')
      .executeTakeFirstOrThrow();
    newIds.set(c.cat_id, created.cat_id);
  }

  const sourceIds = subtree.map((c) => c.cat_id);
  for (let i = 0; i < sourceIds.length; i += CHUNK) {
    const pages = await trx
      .selectFrom('page')
      .selectAll()
      .where('item_id', '=', source.item_id)
      .where('cat_id', 'in', sourceIds.slice(i, i + CHUNK))
      .where('is_del', '=', 0)
      .where((eb) => eb.or([eb('is_draft', '=', 0), eb('author_uid', '=', ctx.user.uid)]))
      .orderBy('s_number')
      .orderBy('page_id')
      .execute();
    const copies: NewPage[] = pages.map((p) => ({
      item_id: toItemId,
      cat_id: newIds.get(p.cat_id) ?? 0,
      page_title: p.page_title,
      page_content: p.page_content,
      page_comments: p.page_comments,
      s_number: p.s_number,
      ext_info: p.ext_info,
      is_draft: p.is_draft,
      author_uid: ctx.user.uid,
      author_username: ctx.user.username,
      addtime: now,
      page_addtime: now,
    }));
    for (let j = 0; j < copies.length; j += CHUNK) await trx.insertInto('page').values(copies.slice(j, j + CHUNK)).execute();
  }
  return newIds.get(source.cat_id) as number;
}
