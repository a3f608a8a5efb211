import { apiPost } from './client';

/** ShowDoc sends numbers from database rows as strings; Folio sends numbers. */
type Num = number | string;

/** One deleted page of `recycle/getList` (seed 001 §3: del_by_username, del_time). */
export interface RecycledPage {
  id?: Num;
  item_id?: Num;
  page_id: Num;
  page_title: string;
  del_by_uid?: Num;
  del_by_username: string;
  /** `YYYY-MM-DD HH:mm:ss`. */
  del_time: string;
}

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
