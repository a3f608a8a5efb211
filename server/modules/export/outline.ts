import { sql } from 'kysely';
import type { Ctx } from '../../context.js';
import type { Catalog } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { loadTree } from '../catalog/store.js';
import type { CatalogTree } from '../catalog/tree.js';
import { isKanbanBoardPage } from '../board/board-page.js';
import { catalogReadable, readableCatalogIds, type ItemAccess } from '../item/access.js';

/**
 * What one export contains, without page bodies: catalogs in reader order and the headers of their
 * pages. Bodies are read later in batches (page-bodies.ts), so a 10,000-page project never sits in
 * memory. Drafts and deleted pages are never part of an export; members limited to some catalogs get
 * only those (and no root pages, which lie outside every catalog).
 */
export interface PageHeader {
  page_id: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  page_comments: string;
  /** Characters of the stored body. */
  size: number;
}

export interface OutlineCatalog {
  catalog: Catalog;
  /** Level computed from the parent chain (2 = top level). */
  level: number;
  pages: PageHeader[];
  children: OutlineCatalog[];
}

export interface Outline {
  rootPages: PageHeader[];
  catalogs: OutlineCatalog[];
}

export interface Selection {
  /** 0 = not one catalog. */
  catId: number;
  /** 0 = not one page. */
  pageId: number;
}

export const WHOLE_ITEM: Selection = { catId: 0, pageId: 0 };

export interface OutlineOptions {
  /**
   * Keep a kanban project's board page. The markdown zip carries it (as ShowDoc's kanban.zip does), so an
   * import brings the board back; a Word document lists pages for people, where it is no page.
   */
  withBoardPage?: boolean;
}

export async function loadOutline(ctx: Ctx, access: ItemAccess, selection: Selection, options: OutlineOptions = {}): Promise<Outline> {
  const itemId = access.item.item_id;
  const readable = await readableCatalogIds(ctx, access);
  const tree = await loadTree(ctx.db, itemId);
  const all = await loadPageHeaders(ctx, itemId);
  const headers = options.withBoardPage ? all : all.filter((h) => !isKanbanBoardPage(access.item.item_type, h.page_title));

  if (selection.pageId > 0) {
    const page = headers.find((h) => h.page_id === selection.pageId);
    if (!page || !catalogReadable(readable, tree.has(page.cat_id) ? page.cat_id : 0)) throw new ApiError(10103, 'export.pageOutside');
    return { rootPages: [page], catalogs: [] };
  }

  const byCatalog = new Map<number, PageHeader[]>();
  for (const header of headers) {
    // A page whose catalog is gone shows at the root, as the reader's menu shows it.
    const catId = tree.has(header.cat_id) ? header.cat_id : 0;
    const list = byCatalog.get(catId) ?? [];
    list.push(header);
    byCatalog.set(catId, list);
  }
  const levels = tree.levels();
  const seen = new Set<number>();
  const build = (catalog: Catalog): OutlineCatalog | null => {
    if (seen.has(catalog.cat_id) || !catalogReadable(readable, catalog.cat_id)) return null;
    seen.add(catalog.cat_id);
    const children = tree.children(catalog.cat_id).map(build).filter((c): c is OutlineCatalog => c !== null);
    return { catalog, level: levels.get(catalog.cat_id) ?? 2, pages: byCatalog.get(catalog.cat_id) ?? [], children };
  };

  if (selection.catId > 0) {
    const catalog = tree.get(selection.catId);
    const built = catalog ? build(catalog) : null;
    if (!built) throw new ApiError(10103, 'export.catalogOutside');
    return { rootPages: [], catalogs: [built] };
  }
  return {
    rootPages: readable === null ? (byCatalog.get(0) ?? []) : [],
    catalogs: topLevel(tree)
      .map(build)
      .filter((c): c is OutlineCatalog => c !== null),
  };
}

/** Top-level catalogs, and catalogs whose parent is missing (shown at the top, as the tree does). */
function topLevel(tree: CatalogTree): Catalog[] {
  const tops = tree.all().filter((c) => c.parent_cat_id === 0 || !tree.has(c.parent_cat_id));
  return tops.sort((a, b) => a.s_number - b.s_number || a.cat_id - b.cat_id);
}

async function loadPageHeaders(ctx: Ctx, itemId: number): Promise<PageHeader[]> {
  const rows = await ctx.db
    .selectFrom('page')
    .select(['page_id', 'cat_id', 'page_title', 's_number', 'page_comments', sql<number>`length(page_content)`.as('size')])
    .where('item_id', '=', itemId)
    .where('is_del', '=', 0)
    .where('is_draft', '=', 0)
    .orderBy('s_number')
    .orderBy('page_id')
    .execute();
  return rows.map((r) => ({ ...r, size: Number(r.size) }));
}

/** Every page of the outline, in reading order: root pages, then each catalog's pages before its sub-catalogs. */
export function* pagesInOrder(outline: Outline): Generator<PageHeader> {
  yield* outline.rootPages;
  const walk = function* (node: OutlineCatalog): Generator<PageHeader> {
    yield* node.pages;
    for (const child of node.children) yield* walk(child);
  };
  for (const node of outline.catalogs) yield* walk(node);
}

export function outlineTotals(outline: Outline): { pages: number; chars: number } {
  let pages = 0;
  let chars = 0;
  for (const page of pagesInOrder(outline)) {
    pages += 1;
    chars += page.size;
  }
  return { pages, chars };
}
