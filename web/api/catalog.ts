import type { CatalogGroup, CatalogPage, CatalogRow } from '../../common/answers/catalog';
import { apiPost } from './client';

/**
 * Catalogs of a project (seed 001 §7 "Catalogs"; reference §6.5) and the page order inside one catalog
 * (`page/sort`, which the catalog dialogs are the only users of).
 */
export type { CatalogGroup, CatalogPage, CatalogRow };

/**
 * One entry of `catalog/batUpdate`'s `cats`: where a catalog (`page_id` 0) or a page now hangs and its
 * place among its siblings. Entries left out stay where they are.
 */
export interface TreeEntry {
  cat_id: number;
  parent_cat_id: number;
  /** ShowDoc's numbering: 2 = top level. The server computes levels itself; sent for ShowDoc's shape. */
  level: number;
  s_number: number;
  page_id: number;
  /** The catalog a page entry goes to (ShowDoc's field; the server reads `parent_cat_id`). */
  page_cat_id?: number;
}

/** What the change log says was dragged. */
export interface DraggedNode {
  id: number;
  title: string;
  type: 'page' | 'catalog';
}

/** Query keys of catalogs; `catalogKeys.all()` after anything that may move a catalog or a page. */
export const catalogKeys = {
  all: () => ['catalogs'] as const,
  item: (itemId: number) => [...catalogKeys.all(), itemId] as const,
  tree: (itemId: number) => [...catalogKeys.item(itemId), 'tree'] as const,
  pages: (itemId: number, catId: number) => [...catalogKeys.item(itemId), 'pages', catId] as const,
};

/** The catalog tree; silent, so a dialog shows a failed load in place with a retry. */
export function fetchCatalogTree(itemId: number, signal?: AbortSignal): Promise<CatalogGroup[]> {
  return apiPost<CatalogGroup[]>('catalog/catListGroup', { item_id: itemId }, { silent: true, signal });
}

/** Creates a catalog under `parentCatId` (0 = top level); answers its id (ShowDoc's bare integer). */
export function createCatalog(itemId: number, name: string, parentCatId: number): Promise<number> {
  return apiPost<number>('catalog/save', { item_id: itemId, cat_id: 0, cat_name: name, parent_cat_id: parentCatId });
}

/** Renames a catalog; leaving `parent_cat_id` out keeps it where it is. */
export function renameCatalog(itemId: number, catId: number, name: string): Promise<number> {
  return apiPost<number>('catalog/save', { item_id: itemId, cat_id: catId, cat_name: name });
}

/** Deletes the catalog and its sub-catalogs; their pages go to the recycle bin. */
export function deleteCatalog(itemId: number, catId: number): Promise<unknown> {
  return apiPost('catalog/delete', { item_id: itemId, cat_id: catId });
}

/** Saves the result of a drag in the catalog tree, all or nothing. */
export function saveCatalogTree(itemId: number, entries: TreeEntry[], dragged: DraggedNode): Promise<unknown> {
  return apiPost('catalog/batUpdate', {
    item_id: itemId,
    cats: JSON.stringify(entries),
    dragged_id: dragged.id,
    dragged_title: dragged.title,
    dragged_type: dragged.type,
  });
}

export interface CopyCatalogInput {
  catId: number;
  toItemId: number;
  /** The new parent in the target project; 0 = its top level. */
  parentCatId: number;
  /** Move (ShowDoc's `is_del=1`): the original goes once the copy is made. */
  move: boolean;
}

/** Copies or moves a catalog with its sub-catalogs and pages; answers the new (or moved) catalog's row. */
export function copyCatalog(input: CopyCatalogInput): Promise<CatalogRow> {
  return apiPost<CatalogRow>('catalog/copy', {
    cat_id: input.catId,
    new_p_cat_id: input.parentCatId,
    to_item_id: input.toItemId,
    is_del: input.move ? 1 : 0,
  });
}

/** The pages directly in one catalog (0 = the project's root), in order; silent like the tree. */
export function fetchCatalogPages(itemId: number, catId: number, signal?: AbortSignal): Promise<CatalogPage[]> {
  return apiPost<CatalogPage[]>('catalog/getPagesBycat', { item_id: itemId, cat_id: catId }, { silent: true, signal });
}

/** Saves the order of pages: `pages` is ShowDoc's JSON object of page id → position (1 first). */
export function sortPages(itemId: number, pageIds: readonly number[]): Promise<unknown> {
  const order = Object.fromEntries(pageIds.map((pageId, index) => [String(pageId), index + 1]));
  return apiPost('page/sort', { item_id: itemId, pages: JSON.stringify(order) });
}
