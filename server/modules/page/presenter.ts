import type { HistoryEntry, HistoryRow, PageInfo, PageRow, PathStep, SharedPage } from '../../../common/answers/page.js';
import type { Page, PageHistory } from '../../db/content-tables.js';
import { formatTime } from '../../http/time.js';
import { readableContent } from './content.js';

/**
 * Pages as ShowDoc's page endpoints answer them (transcripts 17, 23–26, 52), key for key, plus Folio's
 * `version` where an editor needs it. Bodies go out as stored: the markdown as written; `addtime` is a
 * formatted time in page/info and the history list, unix seconds in page/save and page/diff, as in ShowDoc.
 */

/** The page row with raw times: what page/save (update) and page/diff answer. */
export function presentPageRow(page: Page): PageRow {
  return pageFields(page, page.addtime, page.page_addtime);
}

/** The page row's keys in ShowDoc's order, with the two times as the answer writes them. */
function pageFields<Time>(page: Page, addtime: Time, pageAddtime: Time) {
  return {
    page_id: page.page_id,
    author_uid: page.author_uid,
    author_username: page.author_username,
    item_id: page.item_id,
    cat_id: page.cat_id,
    page_title: page.page_title,
    page_content: readableContent(page.page_content),
    s_number: page.s_number,
    addtime,
    page_comments: page.page_comments,
    is_del: page.is_del,
    page_addtime: pageAddtime,
    ext_info: page.ext_info,
    is_draft: page.is_draft,
    version: page.version,
  };
}

export type { PathStep };

export interface InfoExtras {
  attachmentCount: number;
  uniqueKey: string;
  /** Only when `with_path` was asked for and the page is in a catalog. */
  fullPath?: PathStep[];
}

/** `page/info`: the row with formatted times, its attachment count and share key. */
export function presentPageInfo(page: Page, extras: InfoExtras, timeZone: string): PageInfo {
  // The current ShowDoc server never sets page_addtime; it shows the last save time instead.
  const row = pageFields(page, formatTime(page.addtime, timeZone), formatTime(page.page_addtime || page.addtime, timeZone));
  // Keys added to the row, not spread after it: V8 (Node 20) adds keys after a spread on a slow path (issue 21).
  const info: PageInfo = Object.assign(row, { attachment_count: extras.attachmentCount, unique_key: extras.uniqueKey });
  if (extras.fullPath) info.full_path = extras.fullPath;
  return info;
}

/** `page/infoByKey`: what a share link shows — no project, no catalog, nothing to edit with. */
export function presentSharedPage(page: Page, attachmentCount: number, expireTime: number, timeZone: string): SharedPage {
  return {
    page_id: page.page_id,
    author_uid: page.author_uid,
    author_username: page.author_username,
    page_title: page.page_title,
    page_content: readableContent(page.page_content),
    s_number: page.s_number,
    addtime: formatTime(page.addtime, timeZone),
    page_comments: page.page_comments,
    is_del: page.is_del,
    page_addtime: formatTime(page.page_addtime || page.addtime, timeZone),
    ext_info: page.ext_info,
    is_draft: page.is_draft,
    attachment_count: attachmentCount,
    expire_time: expireTime,
  };
}

/** One superseded version with raw times and its stored body: page/diff's `history_page`. */
export function presentHistoryRow(row: PageHistory): HistoryRow {
  return {
    page_history_id: row.page_history_id,
    page_id: row.page_id,
    author_uid: row.author_uid,
    author_username: row.author_username,
    item_id: row.item_id,
    cat_id: row.cat_id,
    page_title: row.page_title,
    page_content: readableContent(row.page_content),
    s_number: row.s_number,
    addtime: row.addtime,
    page_comments: row.page_comments,
    ext_info: row.ext_info,
  };
}

/** One entry of `page/history`: formatted time, body normalised as ShowDoc's list shows it. */
export function presentHistoryEntry(row: PageHistory, timeZone: string): HistoryEntry {
  return { ...presentHistoryRow(row), page_content: readableContent(row.page_content), addtime: formatTime(row.addtime, timeZone) };
}
