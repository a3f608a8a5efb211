import type { AuthedCtx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { requireEdit } from '../item/access.js';
import { recordChange } from '../changeLog/record.js';
import { catalogName } from './name.js';
import { touchItem, withItemsLocked, type Trx } from '../../db/locks.js';
import { catalogIn, loadTree, requireDepth, requireParentExists, scopeOf, storeLevels } from './store.js';
import { MAX_LEVEL } from './tree.js';

/** One node of the flattened tree the browser sends after a drag (ShowDoc's `cats`). */
export interface TreeEntry {
  cat_id: number;
  /** Blank or absent keeps the catalog's name. Page entries carry the page title here; it is ignored. */
  cat_name?: string | undefined;
  /** Where the node now hangs: a catalog of the project, or 0 for the root (ShowDoc's default). */
  parent_cat_id: number;
  /** Absent keeps the current position. */
  s_number?: number | undefined;
  /** > 0: the entry places a page; its cat_id is ignored. */
  page_id: number;
}

export interface TreeInput {
  item_id: number;
  cats: TreeEntry[];
  dragged_id: number;
  dragged_title: string;
  dragged_type: string;
}

const CHUNK = 500;

/**
 * The drag-and-drop save of the menu tree and of the catalog manager: every entry names a catalog or a
 * page and where it now hangs. Nodes left out stay where they are. The whole batch is checked before
 * anything is written (ids of this project, the caller's catalog limit, no cycle, no catalog deeper than
 * allowed) and is written in one transaction with its change-log row, or not at all.
 */
export async function saveTree(ctx: AuthedCtx, input: TreeInput): Promise<[]> {
  const access = await requireEdit(ctx, input.item_id);
  const itemId = access.item.item_id;
  // ShowDoc answers an empty tree with success and logs nothing.
  if (input.cats.length === 0) return [];
  const catalogEntries = input.cats.filter((e) => e.page_id === 0 && e.cat_id > 0);
  const pageEntries = input.cats.filter((e) => e.page_id > 0);
  requireUnique(catalogEntries.map((e) => e.cat_id));
  requireUnique(pageEntries.map((e) => e.page_id));
  const names = new Map(catalogEntries.filter((e) => (e.cat_name ?? '').trim() !== '').map((e) => [e.cat_id, catalogName(e.cat_name as string)]));
  const now = ctx.clock.now();

  await withItemsLocked(ctx, [itemId], async (trx) => {
    const tree = await loadTree(trx, itemId);
    const scope = await scopeOf(ctx, trx, access);

    const newParents = new Map<number, number>();
    for (const entry of catalogEntries) {
      const catalog = catalogIn(tree, entry.cat_id);
      scope.require(catalog.cat_id);
      if (entry.parent_cat_id === catalog.parent_cat_id) continue;
      requireParentExists(tree, entry.parent_cat_id);
      scope.requireParent(entry.parent_cat_id, catalog);
      newParents.set(catalog.cat_id, entry.parent_cat_id);
    }
    const before = tree.levels();
    const after = tree.levels(newParents);
    if (!after) throw new ApiError(10101, 'catalog.cycle');
    requireDepth(before, after, MAX_LEVEL);

    const pages = await livePages(trx, itemId, pageEntries.map((e) => e.page_id));
    for (const entry of pageEntries) {
      const page = pages.get(entry.page_id);
      // Someone else's draft is invisible to the caller, so it is as missing as a page of another project.
      if (!page || (page.is_draft === 1 && page.author_uid !== ctx.user.uid)) throw new ApiError(10101, 'catalog.pageNotFound');
      scope.require(page.cat_id);
      if (entry.parent_cat_id !== page.cat_id) {
        requireParentExists(tree, entry.parent_cat_id);
        scope.require(entry.parent_cat_id);
      }
    }

    for (const entry of catalogEntries) {
      const catalog = catalogIn(tree, entry.cat_id);
      const change = {
        ...(names.has(entry.cat_id) && names.get(entry.cat_id) !== catalog.cat_name ? { cat_name: names.get(entry.cat_id) as string } : {}),
        ...(entry.parent_cat_id !== catalog.parent_cat_id ? { parent_cat_id: entry.parent_cat_id } : {}),
        ...(entry.s_number !== undefined && entry.s_number !== catalog.s_number ? { s_number: entry.s_number } : {}),
      };
      if (Object.keys(change).length) await trx.updateTable('catalog').set(change).where('cat_id', '=', catalog.cat_id).execute();
    }
    await storeLevels(trx, tree, after);
    for (const entry of pageEntries) {
      const page = pages.get(entry.page_id) as Pick<Page, 'cat_id' | 's_number'>;
      const change = {
        ...(entry.parent_cat_id !== page.cat_id ? { cat_id: entry.parent_cat_id } : {}),
        ...(entry.s_number !== undefined && entry.s_number !== page.s_number ? { s_number: entry.s_number } : {}),
      };
      if (Object.keys(change).length) await trx.updateTable('page').set(change).where('page_id', '=', entry.page_id).execute();
    }

    // The dragged node's title and kind are kept as data, not as a sentence in one language.
    const draggedType = ['page', 'catalog'].includes(input.dragged_type) ? input.dragged_type : '';
    await recordChange(ctx, { itemId, action: 'drag', object: 'tree', objectId: input.dragged_id, objectName: input.dragged_title, remark: draggedType }, trx);
    await touchItem(trx, itemId, now);
  });
  return [];
}

function requireUnique(ids: number[]): void {
  if (new Set(ids).size !== ids.length) throw new ApiError(10100, 'input.invalid', { field: 'cats' });
}

async function livePages(trx: Trx, itemId: number, pageIds: number[]) {
  const found = new Map<number, Pick<Page, 'page_id' | 'cat_id' | 's_number' | 'is_draft' | 'author_uid'>>();
  for (let i = 0; i < pageIds.length; i += CHUNK) {
    const rows = await trx
      .selectFrom('page')
      .select(['page_id', 'cat_id', 's_number', 'is_draft', 'author_uid'])
      .where('item_id', '=', itemId)
      .where('is_del', '=', 0)
      .where('page_id', 'in', pageIds.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) found.set(row.page_id, row);
  }
  return found;
}
