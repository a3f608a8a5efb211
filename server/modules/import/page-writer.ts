import type { Ctx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import type { Trx } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';
import { recordChange } from '../changeLog/record.js';
import { catalogName, MAX_CATALOG_NAME_CHARS } from '../catalog/name.js';
import { loadTree } from '../catalog/store.js';
import { MAX_CATALOGS_PER_ITEM, MAX_LEVEL, TOP_LEVEL } from '../catalog/tree.js';
import { wellFormed } from '../page/content.js';
import { graphemeCount } from '../page/graphemes.js';
import { pageTitle, pageWriter, type WriterOptions } from '../page/writer.js';

export type { WriterOptions } from '../page/writer.js';

/**
 * ShowDoc's "upsert by catalog path and title" (open API `updatePage`, JSON and file imports), as one
 * object that lives inside one transaction. Catalogs and page titles of the project are read once and
 * then kept in memory, so a thousand pages cost a thousand writes and not three thousand lookups besides.
 * The pages themselves are written by the page writer (page/writer.ts), as the editor's are: history,
 * version, change log. Like every write that is not the editor's, it does not stop at edit locks.
 *
 * The caller has already decided that the author may write to the whole project (manage permission,
 * or the project's API key): the writer itself checks nothing about people.
 */

export interface PageWrite {
  catId: number;
  title: string;
  content: string;
  sNumber?: number;
  comments?: string;
  /** Absent: a new page gets '' and an existing one keeps its own. */
  extInfo?: string;
}

export interface PathWriter {
  /**
   * Finds (by item, parent, exact name) or creates each level of the path, top first; [] = root (0).
   * At most three levels (Folio's catalog depth): deeper names are joined into the third level as "c / d".
   * `sNumber` is the order given to the last level when it is created.
   */
  catalog(path: readonly string[], sNumber?: number): Promise<number>;
  /**
   * Upsert by (catId, exact raw title) among live pages: overwrite (content, s_number when given,
   * author, addtime, version+1) or create. Titles are stored raw, so `& < > " '` never duplicate.
   */
  upsertPage(page: PageWrite): Promise<{ page: Page; created: boolean }>;
  /** Always a new page (ShowDoc inserts the root pages of an info.json without dedupe). */
  insertPage(page: PageWrite): Promise<Page>;
}

/** Catalog levels below the project root that a path may fill (levels 2, 3 and 4). */
export const MAX_PATH_LEVELS = MAX_LEVEL - TOP_LEVEL + 1;

/** A path cut to Folio's depth: blank names are dropped, everything below the third level joins the third. */
export function catalogPath(path: readonly string[]): string[] {
  const names = path.filter((name) => name.trim() !== '');
  if (names.length <= MAX_PATH_LEVELS) return names;
  return [...names.slice(0, MAX_PATH_LEVELS - 1), names.slice(MAX_PATH_LEVELS - 1).join(' / ')];
}

const key = (parentId: number, name: string) => `${parentId}\u0000${name}`;

export function pathWriter(ctx: Ctx, trx: Trx, itemId: number, options: WriterOptions): PathWriter {
  const now = ctx.clock.now();
  const logEachPage = options.logEachPage ?? options.keepHistory;
  const pages = pageWriter(ctx, trx, itemId, options);
  let catalogs: { ids: Map<string, number>; levels: Map<number, number>; count: number } | null = null;
  /** Live pages by (catId, title): the lowest page id, the one ShowDoc's lookup finds first. */
  let titles: Map<string, number> | null = null;

  async function catalogIndex() {
    if (catalogs) return catalogs;
    const tree = await loadTree(trx, itemId);
    const levels = tree.levels();
    const ids = new Map<string, number>();
    for (const row of [...tree.all()].sort((a, b) => a.cat_id - b.cat_id)) {
      const k = key(row.parent_cat_id, row.cat_name);
      if (!ids.has(k)) ids.set(k, row.cat_id);
    }
    catalogs = { ids, levels, count: tree.size };
    return catalogs;
  }

  async function titleIndex() {
    if (titles) return titles;
    const rows = await trx.selectFrom('page').select(['page_id', 'cat_id', 'page_title']).where('item_id', '=', itemId).where('is_del', '=', 0).orderBy('page_id').execute();
    titles = new Map();
    for (const row of rows) {
      const k = key(row.cat_id, row.page_title);
      if (!titles.has(k)) titles.set(k, row.page_id);
    }
    return titles;
  }

  async function catalog(path: readonly string[], sNumber?: number): Promise<number> {
    const names = catalogPath(path);
    if (names.length === 0) return 0;
    const index = await catalogIndex();
    let parentId = 0;
    for (const [i, raw] of names.entries()) {
      if (graphemeCount(raw, MAX_CATALOG_NAME_CHARS) > MAX_CATALOG_NAME_CHARS) throw new ApiError(10100, 'catalog.nameTooLong', { max: String(MAX_CATALOG_NAME_CHARS) });
      const name = catalogName(wellFormed(raw));
      const found = index.ids.get(key(parentId, name));
      if (found !== undefined) {
        parentId = found;
        continue;
      }
      if (index.count >= MAX_CATALOGS_PER_ITEM) throw new ApiError(10100, 'catalog.tooMany', { max: String(MAX_CATALOGS_PER_ITEM) });
      const level = parentId === 0 ? TOP_LEVEL : (index.levels.get(parentId) ?? TOP_LEVEL) + 1;
      const order = i === names.length - 1 && sNumber !== undefined && sNumber > 0 ? { s_number: sNumber } : {};
      const created = await trx
        .insertInto('catalog')
        .values({ cat_name: name, item_id: itemId, parent_cat_id: parentId, level, addtime: now, ...order })
        .returning('cat_id')
        .executeTakeFirstOrThrow();
      index.ids.set(key(parentId, name), created.cat_id);
      index.levels.set(created.cat_id, level);
      index.count++;
      if (logEachPage) await recordChange(ctx, { itemId, action: 'create', object: 'catalog', objectId: created.cat_id, objectName: name }, trx);
      await pages.touch();
      parentId = created.cat_id;
    }
    return parentId;
  }

  async function insertPage(page: PageWrite): Promise<Page> {
    const created = await pages.create({ catId: page.catId, title: page.title, content: page.content, sNumber: page.sNumber, comments: page.comments, extInfo: page.extInfo });
    const index = await titleIndex();
    const k = key(created.cat_id, created.page_title);
    if (!index.has(k)) index.set(k, created.page_id);
    return created;
  }

  async function upsertPage(page: PageWrite): Promise<{ page: Page; created: boolean }> {
    const title = pageTitle(ctx.lang, page.title);
    const existingId = (await titleIndex()).get(key(page.catId, title));
    if (existingId === undefined) return { page: await insertPage({ ...page, title }), created: true };
    const current = await pages.lockedPage(existingId);
    // The index was read in this transaction, which holds the project: the page cannot have gone.
    if (!current) throw new ApiError(10101, 'page.notFound');
    return { page: await pages.overwrite(current, { content: page.content, sNumber: page.sNumber, comments: page.comments, extInfo: page.extInfo }), created: false };
  }

  return { catalog, upsertPage, insertPage };
}
