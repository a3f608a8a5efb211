import { sql, type Expression, type SqlBool } from 'kysely';
import type { Ctx } from '../../context.js';
import type { MenuCatalog, MenuCatalogRow, MenuPage, SearchMenu, TreeMenu } from '../../../common/answers/item.js';
import { notKanbanBoardPage } from '../board/board-page.js';
import { presentPageRow } from '../page/presenter.js';
import { expandCatalogLimit, type ItemAccess } from './access.js';
import { searchItemPages } from './search.js';

/**
 * The catalog tree of `item/info` (showdoc-behaviour.md §7.1): root pages, then top-level catalogs, each
 * with its pages and child catalogs, siblings ordered by s_number then id. Two queries (catalogs, page
 * headers without bodies) and one pass over each list, so a 10 000-page project costs little more than
 * reading its titles. No cache: the tree is always what the tables say.
 */

export type { MenuCatalog, MenuCatalogRow, MenuPage, SearchMenu, TreeMenu };
/** The full tree that `buildMenu` makes. */
export type Menu = TreeMenu;

/** Most pages a keyword search puts in the menu, best first. */
export const MAX_MENU_HITS = 500;

export interface BuildOptions {
  /** Catalogs the caller is limited to (and everything below them); null = the whole item. */
  catalogLimit: number[] | null;
  /** Whether catalogs without any shown page stay in the tree (the full menu), or go (search results). */
  keepEmptyCatalogs: boolean;
}

interface Slot {
  node: MenuCatalog;
  parent: Slot | null;
  readable: boolean;
  kept: boolean;
}

/** A catalog of the tree, written out: V8 (Node 20) adds keys after a spread on a slow path (issue 21). */
function catalogNode(row: MenuCatalogRow): MenuCatalog {
  return {
    cat_id: row.cat_id,
    cat_name: row.cat_name,
    item_id: row.item_id,
    s_number: row.s_number,
    addtime: row.addtime,
    parent_cat_id: row.parent_cat_id,
    level: row.level,
    pages: [],
    catalogs: [],
  };
}

/**
 * Builds the tree from catalogs and pages already in menu order. A catalog hangs under its parent
 * (`parent_cat_id`; the stored level is not trusted); one whose parent is missing is unreachable and,
 * as in ShowDoc, not shown, and neither are its pages. Walking down from the roots also means a cycle
 * written by hand into the table cannot loop.
 *
 * Catalog limits: what is readable is access.ts's `expandCatalogLimit` (the limited catalogs and their
 * descendants); their ancestors are shown only as the path to them (no pages of their own), and pages
 * at the root are not shown at all.
 */
export function buildMenu(catalogRows: readonly MenuCatalogRow[], pages: readonly MenuPage[], options: BuildOptions): Menu {
  const children = new Map<number, MenuCatalogRow[]>();
  for (const row of catalogRows) {
    const list = children.get(row.parent_cat_id);
    if (list) list.push(row);
    else children.set(row.parent_cat_id, [row]);
  }
  const readableIds = expandCatalogLimit(catalogRows, options.catalogLimit);

  // Breadth-first from the roots: parents before children, siblings in order.
  const order: Slot[] = [];
  const slots = new Map<number, Slot>();
  const visit = (parent: Slot | null, rows: MenuCatalogRow[] | undefined) => {
    for (const row of rows ?? []) {
      if (slots.has(row.cat_id)) continue;
      const readable = readableIds === null || readableIds.has(row.cat_id);
      const slot: Slot = { node: catalogNode(row), parent, readable, kept: false };
      slots.set(row.cat_id, slot);
      order.push(slot);
    }
  };
  visit(null, children.get(0));
  for (let i = 0; i < order.length; i++) {
    const slot = order[i] as Slot;
    visit(slot, children.get(slot.node.cat_id));
  }

  const menu: Menu = { pages: [], catalogs: [] };
  for (const page of pages) {
    if (page.cat_id === 0) {
      if (readableIds === null) menu.pages.push(page);
      continue;
    }
    const slot = slots.get(page.cat_id);
    if (slot?.readable) slot.node.pages.push(page);
  }

  // Children before parents: a catalog stays when it is readable (full menu), shows a page, or leads to one that stays.
  for (let i = order.length - 1; i >= 0; i--) {
    const slot = order[i] as Slot;
    if ((options.keepEmptyCatalogs && slot.readable) || slot.node.pages.length > 0) slot.kept = true;
    if (slot.kept && slot.parent) slot.parent.kept = true;
  }
  for (const slot of order) {
    if (!slot.kept) continue;
    (slot.parent ? slot.parent.node.catalogs : menu.catalogs).push(slot.node);
  }
  return menu;
}

/** The first page a reader lands on: the first root page, else depth-first the first page of the tree. */
export function firstPage(menu: AnyMenu): MenuPageRef | undefined {
  if (menu.pages[0]) return menu.pages[0];
  const stack = [...menu.catalogs].reverse();
  while (stack.length) {
    const catalog = stack.pop() as MenuCatalog;
    if (catalog.pages[0]) return catalog.pages[0];
    for (let i = catalog.catalogs.length - 1; i >= 0; i--) stack.push(catalog.catalogs[i] as MenuCatalog);
  }
  return undefined;
}

/** A page anywhere in the menu, if it is there. */
export function findMenuPage(menu: AnyMenu, pageId: number): MenuPageRef | undefined {
  const atRoot = menu.pages.find((p) => p.page_id === pageId);
  if (atRoot) return atRoot;
  const stack = [...menu.catalogs];
  while (stack.length) {
    const catalog = stack.pop() as MenuCatalog;
    const found = catalog.pages.find((p) => p.page_id === pageId);
    if (found) return found;
    stack.push(...catalog.catalogs);
  }
  return undefined;
}

/**
 * ShowDoc's `default_cat_id2/3/4` for a page: the catalogs to unfold. Its (odd) rule, kept because
 * clients read it: a page in top-level C gives (0, C, 0); in D under C gives (C, 0, D); in E under D
 * under C gives (C, D, E).
 */
export function defaultCatalogIds(catalogRows: readonly MenuCatalogRow[], catId: number): [number, number, number] {
  if (catId <= 0) return [0, 0, 0];
  const parentOf = new Map(catalogRows.map((c) => [c.cat_id, c.parent_cat_id]));
  const p1 = parentOf.get(catId) ?? 0;
  if (p1 <= 0) return [0, catId, 0];
  const p2 = parentOf.get(p1) ?? 0;
  return p2 > 0 ? [p2, p1, catId] : [p1, 0, catId];
}

/** Drafts are seen by their author only (guests see none, not even open-API drafts by uid 0). */
function draftVisibleTo(uid: number): Expression<SqlBool> {
  return uid > 0 ? sql<SqlBool>`(is_draft = 0 or author_uid = ${uid})` : sql<SqlBool>`is_draft = 0`;
}

export async function loadCatalogs(ctx: Ctx, itemId: number): Promise<MenuCatalogRow[]> {
  return ctx.db
    .selectFrom('catalog')
    .select(['cat_id', 'cat_name', 'item_id', 's_number', 'addtime', 'parent_cat_id', 'level'])
    .where('item_id', '=', itemId)
    .orderBy('s_number')
    .orderBy('cat_id')
    .execute();
}

/** Every live page header of the item the caller may see, in menu order. */
async function loadPageHeaders(ctx: Ctx, itemId: number): Promise<MenuPage[]> {
  return ctx.db
    .selectFrom('page')
    .select(['page_id', 'author_uid', 'cat_id', 'page_title', 'addtime', 'ext_info', 'is_draft'])
    .where('item_id', '=', itemId)
    .where('is_del', '=', 0)
    .where(draftVisibleTo(ctx.user?.uid ?? 0))
    .where(notKanbanBoardPage())
    .orderBy('s_number')
    .orderBy('page_id')
    .execute();
}

/** What finding a page in either kind of menu needs. */
type MenuPageRef = Pick<MenuPage, 'page_id' | 'cat_id'>;
type AnyMenu = { pages: MenuPageRef[]; catalogs: MenuCatalog[] };

export interface LoadedMenu {
  menu: TreeMenu | SearchMenu;
  catalogs: MenuCatalogRow[];
}

/**
 * The menu of an item for the caller. With a keyword, only the matching pages (title or body, through the
 * full-text index), the best `MAX_MENU_HITS` of them, in menu order.
 */
export async function loadMenu(ctx: Ctx, access: ItemAccess, keyword: string): Promise<LoadedMenu> {
  const itemId = access.item.item_id;
  const catalogs = await loadCatalogs(ctx, itemId);
  if (!keyword) {
    const pages = await loadPageHeaders(ctx, itemId);
    return { catalogs, menu: buildMenu(catalogs, pages, { catalogLimit: access.catalogLimit, keepEmptyCatalogs: true }) };
  }
  // ShowDoc's search menu (§7.2): the matching pages flat, as full rows, in menu order; no catalogs.
  const hits = await searchItemPages(ctx, access, keyword, MAX_MENU_HITS, { snippets: false });
  const rows = hits.length ? await ctx.db.selectFrom('page').selectAll().where('page_id', 'in', hits.map((h) => h.page_id)).execute() : [];
  rows.sort((a, b) => a.s_number - b.s_number || a.page_id - b.page_id);
  return { catalogs, menu: { pages: rows.map(presentPageRow), catalogs: [] } };
}
