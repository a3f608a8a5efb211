import type { ItemMenu, MenuCatalog, MenuPage, SearchMenu } from '../../api/reader';

export interface PageNode {
  kind: 'page';
  key: string;
  pageId: number;
  title: string;
}

export interface CatalogNode {
  kind: 'catalog';
  key: string;
  catId: number;
  title: string;
  /** Pages first, then sub-catalogs, as ShowDoc lists them. */
  children: MenuNode[];
}

export type MenuNode = PageNode | CatalogNode;

/** One line of the tree as drawn: a node, how deep it sits, and where it sits among its siblings. */
export interface TreeRow {
  node: MenuNode;
  depth: number;
  parentKey: string | null;
  expanded: boolean;
  /** 1-based position among its siblings and their count (aria-posinset / aria-setsize). */
  position: number;
  siblings: number;
}

export const pageKey = (pageId: number) => `p${pageId}`;
export const catalogKey = (catId: number) => `c${catId}`;

function pageNode(page: Pick<MenuPage, 'page_id' | 'page_title'>): PageNode {
  return { kind: 'page', key: pageKey(page.page_id), pageId: page.page_id, title: page.page_title };
}

function catalogNode(catalog: MenuCatalog, depth: number, seen: Set<number>): CatalogNode | null {
  const catId = catalog.cat_id;
  // A broken parent chain must not hang the reader; the server also limits depth.
  if (seen.has(catId) || depth > 50) return null;
  seen.add(catId);
  return {
    kind: 'catalog',
    key: catalogKey(catId),
    catId,
    title: catalog.cat_name,
    children: childrenOf(catalog.pages, catalog.catalogs, depth + 1, seen),
  };
}

function childrenOf(pages: MenuPage[], catalogs: MenuCatalog[], depth: number, seen: Set<number>): MenuNode[] {
  const nodes: MenuNode[] = pages.map(pageNode);
  for (const catalog of catalogs) {
    const node = catalogNode(catalog, depth, seen);
    if (node) nodes.push(node);
  }
  return nodes;
}

/** `item/info`'s menu as one list of root nodes. */
export function buildMenuTree(menu: ItemMenu | undefined): MenuNode[] {
  if (!menu) return [];
  return childrenOf(menu.pages, menu.catalogs, 0, new Set());
}

/** The search answer as one flat list: `item/info` with a keyword sends the matching pages flat (reference §7.2). */
export function searchResultNodes(menu: SearchMenu | undefined): MenuNode[] {
  return (menu?.pages ?? []).map(pageNode);
}

/** The lines to draw: every root, and the children of expanded catalogs. O(visible + catalogs). */
export function visibleRows(roots: MenuNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (nodes: MenuNode[], depth: number, parentKey: string | null) => {
    nodes.forEach((node, index) => {
      const open = node.kind === 'catalog' && expanded.has(node.key);
      rows.push({ node, depth, parentKey, expanded: open, position: index + 1, siblings: nodes.length });
      if (node.kind === 'catalog' && open) walk(node.children, depth + 1, node.key);
    });
  };
  walk(roots, 0, null);
  return rows;
}

/** The catalogs that lead to a page (outermost first), or null when the page is not in the tree. */
export function catalogPathTo(roots: MenuNode[], pageId: number): string[] | null {
  const path: string[] = [];
  const search = (nodes: MenuNode[]): boolean => {
    for (const node of nodes) {
      if (node.kind === 'page') {
        if (node.pageId === pageId) return true;
      } else {
        path.push(node.key);
        if (search(node.children)) return true;
        path.pop();
      }
    }
    return false;
  };
  return search(roots) ? [...path] : null;
}

/** The page a project opens on when none is asked for: the first one in reading order. */
export function firstPageId(roots: MenuNode[]): number | null {
  for (const node of roots) {
    if (node.kind === 'page') return node.pageId;
    const inside = firstPageId(node.children);
    if (inside !== null) return inside;
  }
  return null;
}

export function countPages(roots: MenuNode[]): number {
  return roots.reduce((total, node) => total + (node.kind === 'page' ? 1 : countPages(node.children)), 0);
}
