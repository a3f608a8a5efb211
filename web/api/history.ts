import type { HistoryEntry, PageDiff } from '../../common/answers/page';
import { apiPost } from './client';

/**
 * Page history and version comparison (seed 001 §7 Pages; reference transcripts 25–26). Bodies are the
 * markdown as written (Folio stores it raw), read as they come.
 */
export type { HistoryEntry as PageVersion, PageDiff as PageComparison };

export const historyKeys = {
  versions: (pageId: number) => ['pageHistory', pageId] as const,
  comparison: (pageId: number, historyId: number) => ['pageDiff', pageId, historyId] as const,
};

/** Silent: the dialog shows a refusal in place rather than leaving the project view from under it. */
export function fetchPageHistory(pageId: number, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return apiPost<HistoryEntry[]>('page/history', { page_id: pageId }, { silent: true, signal });
}

/** Sets the note of one earlier version (editors). A refusal is alerted. */
export function updateHistoryComments(pageId: number, historyId: number, comments: string): Promise<unknown> {
  return apiPost('page/updateHistoryComments', { page_id: pageId, page_history_id: historyId, page_comments: comments });
}

/** Silent: the diff screen decides where a password (10303/10307), login (10312) or missing version leads. */
export function fetchPageComparison(pageId: number, historyId: number, signal?: AbortSignal): Promise<PageDiff> {
  return apiPost<PageDiff>('page/diff', { page_id: pageId, page_history_id: historyId }, { silent: true, signal });
}
