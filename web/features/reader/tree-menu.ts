import type { TreeRow } from './menu-tree';

/**
 * The editors' right-click menu of the catalog tree (seed 001 §2 "Catalog tree menu", issue 23 item 14).
 * A page: new page, new catalog, rename, delete, copy link. A catalog: new page here, new sub-catalog
 * (while the three-level limit leaves room), rename, delete. Readers get none: the browser's own menu
 * on a page's link already copies it.
 */
export type TreeMenuAction = 'newPage' | 'newCatalog' | 'newSubCatalog' | 'rename' | 'delete' | 'copyLink';

/** Catalogs nest at most three levels deep (seed 001 §5); depth 0 is a top-level catalog. */
const MAX_CATALOG_DEPTH = 2;

export function treeMenuActions(row: Pick<TreeRow, 'node' | 'depth'>, canEdit: boolean): TreeMenuAction[] {
  if (!canEdit) return [];
  if (row.node.kind === 'page') return ['newPage', 'newCatalog', 'rename', 'delete', 'copyLink'];
  return row.depth < MAX_CATALOG_DEPTH ? ['newPage', 'newSubCatalog', 'rename', 'delete'] : ['newPage', 'rename', 'delete'];
}
