import { apiPost } from './client';

type Num = number | string;

/** One follower of a page as `subscription/getPageList` sends it (reference §6.13). */
export interface PageSubscriber {
  id: Num;
  uid: Num;
  username: string;
  name?: string | null;
  object_id: Num;
  object_type: string;
  action_type: string;
  sub_time: string;
}

export function fetchPageSubscribers(pageId: number, signal?: AbortSignal): Promise<PageSubscriber[]> {
  return apiPost<PageSubscriber[]>('subscription/getPageList', { page_id: pageId }, { signal, silent: true });
}

/** Adds people to the page's followers; ones already following stay as they are. */
export function subscribeToPage(pageId: number, uids: readonly number[]): Promise<unknown> {
  return apiPost('subscription/savePage', { page_id: pageId, uids: uids.join(',') }, { silent: true });
}

export function unsubscribeFromPage(pageId: number, uids: readonly number[]): Promise<unknown> {
  return apiPost('subscription/deletePage', { page_id: pageId, uids: uids.join(',') }, { silent: true });
}
