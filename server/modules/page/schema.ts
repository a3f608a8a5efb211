import { z } from 'zod';
import { zFlag, zId, zInt, zText } from '../../http/fields.js';
import { MAX_LOCK_SECONDS } from './lock.js';
import { MAX_SHARE_DAYS } from './share.js';
import { MAX_SQL_CHARS } from './sql-table.js';

/**
 * What the page endpoints accept, with ShowDoc's parameter names. Text never carries NUL characters:
 * PostgreSQL cannot store them, and no page needs one.
 */
const zPlainText = (max: number) => zText(max).refine((s) => !s.includes('\u0000'), 'NUL characters are not allowed');

/** The largest raw `page_content`: URL-encoded twice (as ShowDoc's browser app sends it), a page of CJK text grows fivefold. */
export const MAX_RAW_CONTENT = 8 * 1024 * 1024;

const pageId = zId;
/** 0 = not said; otherwise the page must be in this project. */
const claimedItemId = zInt(0).default(0);

export const PageInfo = z.object({ page_id: pageId, with_path: zFlag.default(false) });
export type PageInfoInput = z.infer<typeof PageInfo>;

export const PageInfoByKey = z.object({ unique_key: zPlainText(200).default(''), page_id: zInt(0).default(0) });
export type PageInfoByKeyInput = z.infer<typeof PageInfoByKey>;

export const PageSave = z.object({
  page_id: zInt(0).default(0),
  item_id: zId,
  cat_id: zInt(0).default(0),
  page_title: zPlainText(4000).optional(),
  page_content: zPlainText(MAX_RAW_CONTENT).default(''),
  is_urlencode: zFlag.default(false),
  page_comments: zPlainText(2000).default(''),
  s_number: zInt().default(0),
  is_notify: zFlag.default(false),
  notify_content: zPlainText(2000).default(''),
  ext_info: zPlainText(2000).optional(),
  is_draft: zInt(-1, 1).default(-1),
  version: zInt(1).optional(),
});
export type PageSaveInput = z.infer<typeof PageSave>;

export const PageDelete = z.object({ page_id: pageId, item_id: claimedItemId });
export type PageDeleteInput = z.infer<typeof PageDelete>;

export const PageSort = z.object({ item_id: zId, pages: zPlainText(1_000_000) });
export type PageSortInput = z.infer<typeof PageSort>;

export const PageHistoryList = z.object({ page_id: pageId });
export type PageHistoryListInput = z.infer<typeof PageHistoryList>;

export const PageHistoryComments = z.object({ page_id: pageId, page_history_id: zId, page_comments: zPlainText(2000).default('') });
export type PageHistoryCommentsInput = z.infer<typeof PageHistoryComments>;

export const PageDiff = z.object({ page_id: pageId, page_history_id: zId });
export type PageDiffInput = z.infer<typeof PageDiff>;

export const PageShare = z.object({
  page_id: pageId,
  // ShowDoc's spelling; the snake_case form is accepted too.
  isCreateSiglePage: zFlag.optional(),
  is_create_siglepage: zFlag.optional(),
  expire_days: zInt(0, MAX_SHARE_DAYS).default(0),
});
export type PageShareInput = z.infer<typeof PageShare>;

/** `lock_seconds` (Folio): a lease counted on the server's clock; it wins over `lock_to`. */
export const PageSetLock = z.object({ page_id: pageId, item_id: claimedItemId, lock_to: zInt(0).optional(), lock_seconds: zInt(1, MAX_LOCK_SECONDS).optional() });
export type PageSetLockInput = z.infer<typeof PageSetLock>;

export const PageTakeOverLock = z.object({ page_id: pageId, item_id: claimedItemId, lock_seconds: zInt(1, MAX_LOCK_SECONDS).optional() });
export type PageTakeOverLockInput = z.infer<typeof PageTakeOverLock>;

/** page_id 0: the editor opening a new page asks only whether it may write in the project. */
export const PageIsLock = z.object({ page_id: zInt(0).default(0), item_id: claimedItemId });
export type PageIsLockInput = z.infer<typeof PageIsLock>;

/** `page/sqlToMarkdownTable`: CREATE TABLE statements to convert. */
export const SqlToTable = z.object({
  sql: zText(MAX_SQL_CHARS).default(''),
  /** Folio's app sends its interface language; without it the headers are ShowDoc's Chinese ones. */
  lang: z.enum(['zh', 'en']).default('zh'),
});
export type SqlToTableInput = z.infer<typeof SqlToTable>;
