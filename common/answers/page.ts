import { z } from 'zod';
import { folioOnly, int, pageText, rowInt, text } from '../wire.js';

/**
 * What the page actions answer (showdoc-behaviour.md §6.4; transcripts 16–26, 44–46, 51–54, 67–69).
 * `addtime` is unix seconds in rows (page/save, page/diff) and `YYYY-MM-DD HH:mm:ss` in page/info and
 * the history list, as in ShowDoc.
 */

const pageColumns = {
  page_id: rowInt(),
  author_uid: rowInt(),
  author_username: text(),
  item_id: rowInt(),
  cat_id: rowInt(),
  page_title: text(),
  page_content: pageText(),
  s_number: rowInt(),
  page_comments: text(),
  is_del: rowInt(),
  ext_info: text(),
  is_draft: rowInt(),
};

/** The stored page with raw times: what page/save (update) and page/diff answer. */
export const PageRow = z.object({
  ...pageColumns,
  addtime: rowInt(),
  page_addtime: rowInt(),
  /** Bumped by every save; the editor sends it back so a save cannot silently overwrite a newer one. */
  version: folioOnly(int()),
});
export type PageRow = z.infer<typeof PageRow>;

export const PathStep = z.union([z.object({ cat_id: rowInt(), cat_name: text() }), z.object({ page_id: rowInt(), page_title: text() })]);
export type PathStep = z.infer<typeof PathStep>;

/** `page/info`: the page with formatted times, its attachment count and share key. */
export const PageInfo = z.object({
  ...pageColumns,
  addtime: text(),
  page_addtime: text(),
  version: folioOnly(int()),
  attachment_count: int(),
  unique_key: text(),
  /** Only when `with_path` was asked for and the page is in a catalog. */
  full_path: z.array(PathStep).optional(),
});
export type PageInfo = z.infer<typeof PageInfo>;

/** `page/infoByKey`: what a share link shows — no project, no catalog, nothing to edit with. */
export const SharedPage = z.object(pageColumns).omit({ item_id: true, cat_id: true }).extend({
  addtime: text(),
  page_addtime: text(),
  attachment_count: int(),
  expire_time: rowInt(),
});
export type SharedPage = z.infer<typeof SharedPage>;

/** `page/save`: a new page answers its id (a PHP int in ShowDoc); an update answers the saved row. */
export const PageCreated = z.object({ page_id: int(), version: folioOnly(int()) });
export type PageCreated = z.infer<typeof PageCreated>;
export const PageSaved = z.union([PageRow, PageCreated]);
export type PageSaved = z.infer<typeof PageSaved>;

const historyColumns = {
  page_history_id: rowInt(),
  page_id: rowInt(),
  author_uid: rowInt(),
  author_username: text(),
  item_id: rowInt(),
  cat_id: rowInt(),
  page_title: text(),
  page_content: pageText(),
  s_number: rowInt(),
  page_comments: text(),
  ext_info: text(),
};

/** One superseded version with raw times: page/diff's `history_page`. */
export const HistoryRow = z.object({ ...historyColumns, addtime: rowInt() });
export type HistoryRow = z.infer<typeof HistoryRow>;

/** `page/history`: earlier versions, newest first, with formatted times. */
export const HistoryEntry = z.object({ ...historyColumns, addtime: text() });
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const PageHistory = z.array(HistoryEntry);

export const PageDiff = z.object({ page: PageRow, history_page: HistoryRow });
export type PageDiff = z.infer<typeof PageDiff>;

/** `page/isLock`: `lock_uid` is '' when nobody holds the page. */
export const PageLockState = z.object({
  lock: int(),
  exceed: int(),
  lock_uid: z.union([rowInt(), z.literal('')]),
  lock_username: text(),
  is_cur_user: int(),
  /** Folio: since when the holder has had the page and until when their lease runs (unix seconds; 0 when free). */
  lock_since: folioOnly(int()),
  lock_until: folioOnly(int()),
});
export type PageLockState = z.infer<typeof PageLockState>;

/** An id just inserted (`{id}` of a lock, star or member row): a PHP int in ShowDoc. */
export const InsertedId = z.object({ id: int() });
export type InsertedId = z.infer<typeof InsertedId>;

/** `page/createSinglePage`: the new link, or `[]` when the link was withdrawn. */
export const SinglePage = z.union([z.object({ unique_key: text(), page_id: rowInt(), expire_time: rowInt() }), z.array(z.never())]);
export type SinglePage = z.infer<typeof SinglePage>;

/** `page/sqlToMarkdownTable`: the tables of a CREATE TABLE script as markdown. */
export const SqlTable = z.object({ markdown: text() });
export type SqlTable = z.infer<typeof SqlTable>;
