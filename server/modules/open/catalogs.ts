import type { z } from 'zod';
import type { CatalogRow } from '../../../common/answers/catalog.js';
import type { OpenCatalogDeleted, OpenCatalogTree, OpenTreeCatalog, OpenTreePage } from '../../../common/answers/open.js';
import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { recordChange } from '../changeLog/record.js';
import { removeSubtree } from '../catalog/delete.js';
import { catalogName } from '../catalog/name.js';
import { presentCatalog } from '../catalog/presenter.js';
import { touchItem, withItemsLocked } from '../../db/locks.js';
import { catalogIn, loadTree, requireDepth, requireParentExists, storeLevels } from '../catalog/store.js';
import { MAX_CATALOGS_PER_ITEM, MAX_LEVEL, TOP_LEVEL } from '../catalog/tree.js';
import { requireApiKey } from '../item/access.js';
import { buildMenu, loadCatalogs, type MenuCatalog, type MenuPage } from '../item/menu.js';
import { readableContent, wellFormed } from '../page/content.js';
import { asApiActor } from './actor.js';
import type { Credentials, CreateCatalog, DeleteCatalog, UpdateCatalog } from './schema.js';

/**
 * Catalogs through the open API, with the rules of catalog/save and catalog/delete: three levels at
 * most, at most MAX_CATALOGS_PER_ITEM per project, and every id — the catalog and its new parent — one
 * of the key's project (another project's id is "not found", security.md B15).
 */

const orderOf = (sNumber: number | undefined) => (sNumber !== undefined && sNumber > 0 ? sNumber : 99);

/** `open/createCatalog`: `cat_name` under `parent_cat_id` (0 = top level), `s_number` 99 unless given. */
export async function createCatalog(ctx: Ctx, input: z.output<typeof CreateCatalog>): Promise<CatalogRow> {
  const access = await requireApiKey(ctx, input.api_key, input.api_token, 'write');
  const itemId = access.item.item_id;
  const name = catalogName(wellFormed(input.cat_name));
  const now = ctx.clock.now();
  const row = await withItemsLocked(ctx, [itemId], async (trx) => {
    const tree = await loadTree(trx, itemId);
    if (tree.size >= MAX_CATALOGS_PER_ITEM) throw new ApiError(10100, 'catalog.tooMany', { max: String(MAX_CATALOGS_PER_ITEM) });
    requireParentExists(tree, input.parent_cat_id);
    const level = input.parent_cat_id === 0 ? TOP_LEVEL : (tree.levels().get(input.parent_cat_id) ?? TOP_LEVEL) + 1;
    if (level > MAX_LEVEL) throw new ApiError(10101, 'catalog.tooDeep', { max: String(MAX_LEVEL - 1) });
    const created = await trx
      .insertInto('catalog')
      .values({ cat_name: name, item_id: itemId, parent_cat_id: input.parent_cat_id, level, addtime: now, s_number: orderOf(input.s_number) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordChange(ctx, { itemId, action: 'create', object: 'catalog', objectId: created.cat_id, objectName: name }, trx);
    await touchItem(trx, itemId, now);
    return created;
  });
  return presentCatalog(row, ctx.config.timeZone);
}

/**
 * `open/updateCatalog`: a new name (kept when blank), order (kept unless given: ShowDoc wrote 0 when
 * it was left out, which sent the catalog to the top) and, in Folio, a new parent.
 */
export async function updateCatalog(ctx: Ctx, input: z.output<typeof UpdateCatalog>): Promise<CatalogRow> {
  const access = await requireApiKey(ctx, input.api_key, input.api_token, 'write');
  const itemId = access.item.item_id;
  const row = await withItemsLocked(ctx, [itemId], async (trx) => {
    const tree = await loadTree(trx, itemId);
    const catalog = catalogIn(tree, input.cat_id);
    const name = input.cat_name.trim() === '' ? catalog.cat_name : catalogName(wellFormed(input.cat_name));
    const parentId = input.parent_cat_id ?? catalog.parent_cat_id;
    if (parentId !== catalog.parent_cat_id) requireParentExists(tree, parentId);
    const after = tree.levels(new Map([[catalog.cat_id, parentId]]));
    if (!after) throw new ApiError(10101, 'catalog.cycle');
    requireDepth(tree.levels(), after, MAX_LEVEL);
    const updated = await trx
      .updateTable('catalog')
      .set({ cat_name: name, parent_cat_id: parentId, ...(input.s_number !== undefined ? { s_number: input.s_number } : {}) })
      .where('cat_id', '=', catalog.cat_id)
      .where('item_id', '=', itemId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await storeLevels(trx, tree, after);
    await recordChange(ctx, { itemId, action: 'update', object: 'catalog', objectId: catalog.cat_id, objectName: name }, trx);
    await touchItem(trx, itemId, ctx.clock.now());
    return { ...updated, level: after.get(updated.cat_id) ?? updated.level };
  });
  return presentCatalog(row, ctx.config.timeZone);
}

/** `open/deleteCatalog`: the catalog and everything below it; its pages go to the recycle bin. */
export async function deleteCatalog(ctx: Ctx, input: z.output<typeof DeleteCatalog>): Promise<OpenCatalogDeleted> {
  const access = await requireApiKey(ctx, input.api_key, input.api_token, 'write');
  const itemId = access.item.item_id;
  await withItemsLocked(ctx, [itemId], async (trx) => {
    const tree = await loadTree(trx, itemId);
    const catalog = catalogIn(tree, input.cat_id);
    await removeSubtree(asApiActor(ctx), trx, tree, catalog.cat_id);
    await recordChange(ctx, { itemId, action: 'delete', object: 'catalog', objectId: catalog.cat_id, objectName: catalog.cat_name }, trx);
    await touchItem(trx, itemId, ctx.clock.now());
  });
  return { cat_id: input.cat_id };
}

/**
 * `open/getCatalogTree`: the project's menu (reference §7.1) with every page's body, for scripts that
 * mirror a project. Drafts stay out.
 */
export async function catalogTree(ctx: Ctx, input: z.output<typeof Credentials>): Promise<OpenCatalogTree> {
  const access = await requireApiKey(ctx, input.api_key, input.api_token, 'read');
  const itemId = access.item.item_id;
  const catalogs = await loadCatalogs(ctx, itemId);
  const rows = await ctx.db
    .selectFrom('page')
    .select(['page_id', 'author_uid', 'cat_id', 'page_title', 'page_content', 's_number', 'addtime', 'ext_info', 'is_draft'])
    .where('item_id', '=', itemId)
    .where('is_del', '=', 0)
    .where('is_draft', '=', 0)
    .orderBy('s_number')
    .orderBy('page_id')
    .execute();
  const bodies = new Map(rows.map((row) => [row.page_id, { s_number: row.s_number, page_content: readableContent(row.page_content) }]));
  const menu = buildMenu(catalogs, rows, { catalogLimit: null, keepEmptyCatalogs: true });
  // The menu keeps page headers only; each page gets its order and body back.
  const withBody = (page: MenuPage): OpenTreePage => ({
    page_id: page.page_id,
    author_uid: page.author_uid,
    cat_id: page.cat_id,
    page_title: page.page_title,
    addtime: page.addtime,
    ext_info: page.ext_info,
    is_draft: page.is_draft,
    ...(bodies.get(page.page_id) ?? { s_number: 99, page_content: '' }),
  });
  const withBodies = (catalog: MenuCatalog): OpenTreeCatalog => ({
    cat_id: catalog.cat_id,
    cat_name: catalog.cat_name,
    item_id: catalog.item_id,
    s_number: catalog.s_number,
    addtime: catalog.addtime,
    parent_cat_id: catalog.parent_cat_id,
    level: catalog.level,
    pages: catalog.pages.map(withBody),
    catalogs: catalog.catalogs.map(withBodies),
  });
  return { pages: menu.pages.map(withBody), catalogs: menu.catalogs.map(withBodies) };
}
