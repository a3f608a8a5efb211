import type { Ctx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { recordChange } from '../changeLog/record.js';
import { catalogName, MAX_CATALOG_NAME_CHARS } from '../catalog/name.js';
import { loadTree, touchItem, type Trx } from '../catalog/store.js';
import { MAX_CATALOGS_PER_ITEM, MAX_LEVEL, TOP_LEVEL } from '../catalog/tree.js';
import { MAX_CONTENT_CHARS, wellFormed } from '../page/content.js';
import { historyKeep, snapshot, trimHistory } from '../page/history.js';
import { MAX_TITLE_CHARS } from '../page/save.js';

/**
 * ShowDoc's "upsert by catalog path and title" (open API `updatePage`, JSON import), as one object that
 * lives inside one transaction. Catalogs and page titles of the project are read once and then kept in
 * memory, so a thousand pages cost a thousand writes and not three thousand lookups besides.
 *
 * The caller has already decided that the author may write to the whole project (manage permission,
 * or the project's API key): the writer itself checks nothing about people.
 */

export interface WriterOptions {
  /** The open API passes `{ uid: 0, username: 'API' }`. */
  author: { uid: number; username: string };
  /**
   * Overwritten pages get a page_history snapshot and every created/updated page a change-log row.
   * Imports of a NEW project pass false.
   */
  keepHistory: boolean;
  /**
   * Change-log rows per written page; defaults to `keepHistory`. An import into an existing project keeps
   * the snapshots but writes one summary row instead, so a big import does not flush the project's log.
   */
  logEachPage?: boolean;
}

export interface PageWrite {
  catId: number;
  title: string;
  content: string;
  sNumber?: number;
  comments?: string;
}

export interface PageWriter {
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
const DEFAULT_TITLE = { en: 'Untitled', zh: '默认标题' };
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A path cut to Folio's depth: blank names are dropped, everything below the third level joins the third. */
export function catalogPath(path: readonly string[]): string[] {
  const names = path.filter((name) => name.trim() !== '');
  if (names.length <= MAX_PATH_LEVELS) return names;
  return [...names.slice(0, MAX_PATH_LEVELS - 1), names.slice(MAX_PATH_LEVELS - 1).join(' / ')];
}

/**
 * Longest run of code units one counted character is allowed here. ICU segments the whole string it is
 * given (a 10 MB name takes seconds), so only a prefix that long enough for `max` characters is segmented.
 */
const UNITS_PER_CHARACTER = 32;

/** The first `max` characters as people count them (importers cut long names before writing). */
export function firstGraphemes(text: string, max: number): string {
  let out = '';
  let count = 0;
  for (const { segment } of graphemes.segment(text.slice(0, max * UNITS_PER_CHARACTER))) {
    if (++count > max) break;
    out += segment;
  }
  return out;
}

/** Characters as people count them, counting stops after `stopAfter`. */
export function graphemeCount(text: string, stopAfter: number): number {
  if (text.length > stopAfter * UNITS_PER_CHARACTER) return stopAfter + 1;
  let count = 0;
  for (const _ of graphemes.segment(text)) if (++count > stopAfter) break;
  return count;
}

const key = (parentId: number, name: string) => `${parentId}\u0000${name}`;

export function pageWriter(ctx: Ctx, trx: Trx, itemId: number, options: WriterOptions): PageWriter {
  const now = ctx.clock.now();
  const logEachPage = options.logEachPage ?? options.keepHistory;
  let catalogs: { ids: Map<string, number>; levels: Map<number, number>; count: number } | null = null;
  /** Live pages by (catId, title): the lowest page id, the one ShowDoc's lookup finds first. */
  let pages: Map<string, number> | null = null;
  let keep: number | null = null;
  let touched = false;

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

  async function pageIndex() {
    if (pages) return pages;
    const rows = await trx.selectFrom('page').select(['page_id', 'cat_id', 'page_title']).where('item_id', '=', itemId).where('is_del', '=', 0).orderBy('page_id').execute();
    pages = new Map();
    for (const row of rows) {
      const k = key(row.cat_id, row.page_title);
      if (!pages.has(k)) pages.set(k, row.page_id);
    }
    return pages;
  }

  async function touch() {
    if (touched) return;
    touched = true;
    await touchItem(trx, itemId, now);
  }

  function title(raw: string): string {
    if (raw.trim() === '') return DEFAULT_TITLE[ctx.lang];
    if (graphemeCount(raw, MAX_TITLE_CHARS) > MAX_TITLE_CHARS) throw new ApiError(10100, 'page.titleTooLong', { max: String(MAX_TITLE_CHARS) });
    return wellFormed(raw);
  }

  function content(raw: string): string {
    if (raw.length > MAX_CONTENT_CHARS) throw new ApiError(10100, 'page.contentTooLong', { max: String(MAX_CONTENT_CHARS) });
    return wellFormed(raw);
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
      await touch();
      parentId = created.cat_id;
    }
    return parentId;
  }

  async function insertPage(page: PageWrite): Promise<Page> {
    const pageTitle = title(page.title);
    const created = await trx
      .insertInto('page')
      .values({
        item_id: itemId,
        cat_id: page.catId,
        page_title: pageTitle,
        page_content: content(page.content),
        page_comments: page.comments ?? '',
        s_number: page.sNumber !== undefined && page.sNumber > 0 ? page.sNumber : 99,
        author_uid: options.author.uid,
        author_username: options.author.username,
        addtime: now,
        page_addtime: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const index = await pageIndex();
    const k = key(created.cat_id, created.page_title);
    if (!index.has(k)) index.set(k, created.page_id);
    if (logEachPage) await recordChange(ctx, { itemId, action: 'create', object: 'page', objectId: created.page_id, objectName: pageTitle }, trx);
    await touch();
    return created;
  }

  async function upsertPage(page: PageWrite): Promise<{ page: Page; created: boolean }> {
    const pageTitle = title(page.title);
    const existingId = (await pageIndex()).get(key(page.catId, pageTitle));
    if (existingId === undefined) return { page: await insertPage({ ...page, title: pageTitle }), created: true };

    let query = trx.selectFrom('page').selectAll().where('page_id', '=', existingId);
    if (ctx.dialect === 'postgres') query = query.forUpdate();
    const current = await query.executeTakeFirstOrThrow();
    if (options.keepHistory) await snapshot(trx, current);
    const saved = await trx
      .updateTable('page')
      .set({
        page_content: content(page.content),
        addtime: now,
        author_uid: options.author.uid,
        author_username: options.author.username,
        version: current.version + 1,
        ...(page.sNumber !== undefined && page.sNumber > 0 ? { s_number: page.sNumber } : {}),
        ...(page.comments !== undefined ? { page_comments: page.comments } : {}),
      })
      .where('page_id', '=', current.page_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (options.keepHistory) {
      keep ??= await historyKeep(trx);
      await trimHistory(trx, current.page_id, keep);
    }
    if (logEachPage) await recordChange(ctx, { itemId, action: 'update', object: 'page', objectId: current.page_id, objectName: pageTitle }, trx);
    await touch();
    return { page: saved, created: false };
  }

  return { catalog, upsertPage, insertPage };
}
