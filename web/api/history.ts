import { apiPost } from './client';

/**
 * Page history and version comparison (seed 001 §7 Pages; reference transcripts 25–26). ShowDoc sends
 * numbers from database rows as strings, Folio sends numbers: both are accepted. Bodies are the
 * markdown as written (Folio stores it raw), read as they come.
 */
type Num = number | string;

/** One earlier version of a page, as `page/history` lists it (newest first). */
export interface PageVersion {
  page_history_id: Num;
  page_id?: Num;
  page_title?: string;
  page_content: string;
  /** The note of the version; ShowDoc may send null for versions never annotated. */
  page_comments?: string | null;
  author_uid?: Num;
  author_username: string;
  /** `YYYY-MM-DD HH:mm:ss` when the version was saved. */
  addtime: string;
}

interface ComparedSide {
  page_id: Num;
  item_id: Num;
  page_title: string;
  page_content: string;
  author_username: string;
  page_comments?: string | null;
  /** Unix seconds here, not a formatted time (ShowDoc's page/diff sends the raw row). */
  addtime: Num;
}

/** `page/diff`: the page as it is now and the chosen version. */
export interface PageComparison {
  page: ComparedSide;
  history_page: ComparedSide & { page_history_id: Num };
}

/** Silent: the dialog shows a refusal in place rather than leaving the project view from under it. */
export function fetchPageHistory(pageId: number, signal?: AbortSignal): Promise<PageVersion[]> {
  return apiPost<PageVersion[]>('page/history', { page_id: pageId }, { silent: true, signal });
}

/** Sets the note of one earlier version (editors). A refusal is alerted. */
export function updateHistoryComments(pageId: number, historyId: number, comments: string): Promise<unknown> {
  return apiPost('page/updateHistoryComments', { page_id: pageId, page_history_id: historyId, page_comments: comments });
}

/** Silent: the diff screen decides where a password (10303/10307), login (10312) or missing version leads. */
export function fetchPageComparison(pageId: number, historyId: number, signal?: AbortSignal): Promise<PageComparison> {
  return apiPost<PageComparison>('page/diff', { page_id: pageId, page_history_id: historyId }, { silent: true, signal });
}
