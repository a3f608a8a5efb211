import type { RecycledPage } from '../../common/answers/recycle';
import { apiPost } from './client';

export type { RecycledPage };

export const recycleKeys = {
  bin: (itemId: number) => ['recycleBin', itemId] as const,
};

/**
 * The project's deleted pages, newest deletion first (managers only). Silent: the dialog shows a
 * refusal in place, rather than leaving the project view from under it.
 */
export function fetchRecycleBin(itemId: number, signal?: AbortSignal): Promise<RecycledPage[]> {
  return apiPost<RecycledPage[]>('recycle/getList', { item_id: itemId }, { silent: true, signal });
}

/** Puts the page back into its catalog, or at the project's root when that catalog is gone. */
export function recoverPage(itemId: number, pageId: number): Promise<unknown> {
  return apiPost('recycle/recover', { item_id: itemId, page_id: pageId });
}
