import type { DraggedNode, TreeEntry } from '../../api/catalog';
import type { CatalogNode, MenuNode } from '../reader/menu-tree';

/** Seed 001 §5: catalogs nest at most three levels deep (ShowDoc's levels 2, 3 and 4). */
export const MAX_CATALOG_DEPTH = 3;

/** Where a dragged node lands relative to the node it is dropped on. */
export type DropPlace = 'before' | 'inside' | 'after';

/** Why a drop is not made. `unchanged`: it would leave everything where it is. */
export type DropRefusal = 'intoPage' | 'intoItself' | 'tooDeep' | 'unknown' | 'unchanged';

export interface DropResult {
  /** The tree as it looks after the drop. */
  roots: MenuNode[];
  /** The catalog the dragged node now hangs in (0 = the project's root). */
  parentCatId: number;
  /** `catalog/batUpdate`'s `cats`: the new place of every node of the list the dragged node landed in. */
  entries: TreeEntry[];
  dragged: DraggedNode;
}

export type DropOutcome = { ok: true; result: DropResult } | { ok: false; reason: DropRefusal };

export interface Located {
  node: MenuNode;
  parent: CatalogNode | null;
  siblings: MenuNode[];
  index: number;
  /** How many catalogs hold the node: 0 at the root, so a catalog's own level is `depth + 1`. */
  depth: number;
}

/** Trees from the server are short, but a broken one must not hang the dialog. */
const MAX_WALK_DEPTH = 50;

export function locate(roots: readonly MenuNode[], key: string): Located | null {
  const walk = (nodes: MenuNode[], parent: CatalogNode | null, depth: number): Located | null => {
    for (const [index, node] of nodes.entries()) {
      if (node.key === key) return { node, parent, siblings: nodes, index, depth };
      if (node.kind === 'catalog' && depth < MAX_WALK_DEPTH) {
        const found = walk(node.children, node, depth + 1);
        if (found) return found;
      }
    }
    return null;
  };
  return walk([...roots], null, 0);
}

/** Levels of catalogs a node brings with it: 0 for a page, 1 for a catalog without sub-catalogs, … */
export function catalogHeight(node: MenuNode, depth = 0): number {
  if (node.kind === 'page') return 0;
  if (depth >= MAX_WALK_DEPTH) return 1;
  return 1 + Math.max(0, ...node.children.map((child) => catalogHeight(child, depth + 1)));
}

/** What a catalog holds at every depth, for the delete confirmation. */
export function countContents(node: CatalogNode): { pages: number; catalogs: number } {
  const total = { pages: 0, catalogs: 0 };
  const walk = (nodes: MenuNode[], depth: number) => {
    for (const child of nodes) {
      if (child.kind === 'page') total.pages += 1;
      else {
        total.catalogs += 1;
        if (depth < MAX_WALK_DEPTH) walk(child.children, depth + 1);
      }
    }
  };
  walk(node.children, 0);
  return total;
}

function holds(node: MenuNode, key: string): boolean {
  return node.kind === 'catalog' && locate(node.children, key) !== null;
}

/**
 * Whether `dragKey` may land `place` of `dropKey`; null when it may. Pages never hold anything, a catalog
 * cannot go inside itself, and no catalog may end up deeper than three levels, unless it was already
 * that deep (trees imported from ShowDoc may be) and the move does not make it deeper, as the server rules.
 */
export function checkDrop(roots: readonly MenuNode[], dragKey: string, dropKey: string, place: DropPlace): DropRefusal | null {
  const drag = locate(roots, dragKey);
  const drop = locate(roots, dropKey);
  if (!drag || !drop) return 'unknown';
  if (place === 'inside' && drop.node.kind === 'page') return 'intoPage';
  if (dragKey === dropKey) return place === 'inside' ? 'intoItself' : 'unchanged';
  if (holds(drag.node, dropKey)) return 'intoItself';
  if (drag.node.kind === 'catalog') {
    // Catalog levels above the list the dragged catalog joins.
    const levelsAbove = place === 'inside' ? drop.depth + 1 : drop.depth;
    const height = catalogHeight(drag.node);
    const deepestAfter = levelsAbove + height;
    if (deepestAfter > MAX_CATALOG_DEPTH && deepestAfter > drag.depth + height) return 'tooDeep';
  }
  return null;
}

/** Replaces the list of children of `parentKey` (null = the roots), copying only the nodes on the way. */
function updateList(nodes: MenuNode[], parentKey: string | null, change: (list: MenuNode[]) => MenuNode[]): MenuNode[] {
  if (parentKey === null) return change(nodes);
  return nodes.map((node) => {
    if (node.kind !== 'catalog') return node;
    if (node.key === parentKey) return { ...node, children: change(node.children) };
    return { ...node, children: updateList(node.children, parentKey, change) };
  });
}

/** Pages come before sub-catalogs in every list, as the menu shows them; each keeps its order. */
function pagesFirst(list: MenuNode[]): MenuNode[] {
  return [...list.filter((node) => node.kind === 'page'), ...list.filter((node) => node.kind === 'catalog')];
}

/**
 * The entries that put every node of one list in its place: pages and catalogs are numbered apart,
 * as the server orders each kind on its own. Catalog names are left out, so a rename made meanwhile by
 * someone else is not undone (the server keeps the name when none is sent).
 */
export function listEntries(list: readonly MenuNode[], parentCatId: number, levelsAbove: number): TreeEntry[] {
  const level = levelsAbove + 2;
  let pagePosition = 0;
  let catalogPosition = 0;
  return list.map((node) =>
    node.kind === 'page'
      ? { cat_id: 0, parent_cat_id: parentCatId, level, s_number: ++pagePosition, page_id: node.pageId, page_cat_id: parentCatId }
      : { cat_id: node.catId, parent_cat_id: parentCatId, level, s_number: ++catalogPosition, page_id: 0 },
  );
}

/** The tree after dropping `dragKey` `place` of `dropKey`, and what to send to save it. */
export function applyDrop(roots: readonly MenuNode[], dragKey: string, dropKey: string, place: DropPlace): DropOutcome {
  const refusal = checkDrop(roots, dragKey, dropKey, place);
  if (refusal) return { ok: false, reason: refusal };
  const drag = locate(roots, dragKey) as Located;

  const without = updateList([...roots], drag.parent?.key ?? null, (list) => list.filter((node) => node.key !== dragKey));
  const drop = locate(without, dropKey) as Located;
  const parent = place === 'inside' ? (drop.node as CatalogNode) : drop.parent;
  const levelsAbove = place === 'inside' ? drop.depth + 1 : drop.depth;
  let landed: MenuNode[] = [];
  const after = updateList(without, parent?.key ?? null, (list) => {
    const at = place === 'inside' ? 0 : place === 'before' ? drop.index : drop.index + 1;
    landed = pagesFirst([...list.slice(0, at), drag.node, ...list.slice(at)]);
    return landed;
  });

  const sameList = (drag.parent?.key ?? null) === (parent?.key ?? null);
  if (sameList && landed.every((node, index) => node.key === drag.siblings[index]?.key)) return { ok: false, reason: 'unchanged' };

  const parentCatId = parent?.catId ?? 0;
  const node = drag.node;
  return {
    ok: true,
    result: {
      roots: after,
      parentCatId,
      entries: listEntries(landed, parentCatId, levelsAbove),
      dragged: node.kind === 'page' ? { id: node.pageId, title: node.title, type: 'page' } : { id: node.catId, title: node.title, type: 'catalog' },
    },
  };
}

/**
 * Moves a catalog one place up or down among the catalogs beside it: the keyboard's and the phone's way
 * to do what dragging does. Null when it is already first or last.
 */
export function moveAmongCatalogs(roots: readonly MenuNode[], key: string, direction: -1 | 1): DropOutcome | null {
  const found = locate(roots, key);
  if (!found || found.node.kind !== 'catalog') return null;
  const catalogs = found.siblings.filter((node) => node.kind === 'catalog');
  const neighbour = catalogs[catalogs.findIndex((node) => node.key === key) + direction];
  if (!neighbour) return null;
  return applyDrop(roots, key, neighbour.key, direction < 0 ? 'before' : 'after');
}
