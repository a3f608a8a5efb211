import type { ChangeLogEntry, ChangeLogPage } from '../../common/answers/changeLog';
import { apiPost } from './client';

export type { ChangeLogEntry, ChangeLogPage };

/** Seed 001 §9: the change log shows 10 entries a page. */
export const CHANGE_LOG_PAGE_SIZE = 10;

export const changeLogKeys = {
  page: (itemId: number, page: number) => ['changeLog', itemId, page] as const,
};

/** One page of the project's activity log, newest first (managers only). Silent: the dialog shows a refusal in place. */
export function fetchChangeLog(itemId: number, page: number, signal?: AbortSignal): Promise<ChangeLogPage> {
  return apiPost<ChangeLogPage>('item/getChangeLog', { item_id: itemId, page, count: CHANGE_LOG_PAGE_SIZE }, { silent: true, signal });
}
