import type { PageSubscriber } from '../../common/answers/subscription';
import { apiPost } from './client';

export type { PageSubscriber };

export const subscriptionKeys = {
  subscribers: (itemId: number, pageId: number) => ['subscribers', itemId, pageId] as const,
};

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
