import type { DefaultCatalog } from '../../common/answers/catalog';
import type { PageLockState, PageSaved } from '../../common/answers/page';
import { apiPost } from './client';

/** The writing side of pages (seed 001 §7 "Pages"; reference §6.4 page/save, setLock, isLock). */
export type { PageLockState, PageSaved };

export interface PageSaveInput {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  /** The version the editor started from: the server refuses a save over someone else's newer one. */
  version?: number | undefined;
  is_notify?: boolean;
  notify_content?: string;
}

export function savePage(input: PageSaveInput): Promise<PageSaved> {
  // The content goes URL-encoded with is_urlencode=1, as ShowDoc's editor sends it: proxies and WAFs
  // in front of self-hosted installs tend to mangle raw markdown full of angle brackets and quotes.
  return apiPost<PageSaved>(
    'page/save',
    {
      page_id: input.page_id,
      item_id: input.item_id,
      cat_id: input.cat_id,
      page_title: input.page_title,
      page_content: encodeURIComponent(input.page_content),
      is_urlencode: 1,
      version: input.version,
      is_notify: input.is_notify ? 1 : undefined,
      notify_content: input.is_notify ? input.notify_content : undefined,
    },
    { silent: true },
  );
}

export function fetchPageLock(itemId: number, pageId: number, signal?: AbortSignal): Promise<PageLockState> {
  return apiPost<PageLockState>('page/isLock', { item_id: itemId, page_id: pageId }, { silent: true, signal });
}

/**
 * Takes or renews the caller's lock on the page for `leaseSeconds`, counted on the server's clock (absent:
 * the server's default, half an hour).
 */
export function lockPage(itemId: number, pageId: number, leaseSeconds?: number): Promise<unknown> {
  return apiPost('page/setLock', { item_id: itemId, page_id: pageId, lock_seconds: leaseSeconds }, { silent: true });
}

/** Takes the page's lock from whoever holds it (Folio's page/takeOverLock), for `leaseSeconds`. */
export function takeOverPageLock(itemId: number, pageId: number, leaseSeconds?: number): Promise<unknown> {
  return apiPost('page/takeOverLock', { item_id: itemId, page_id: pageId, lock_seconds: leaseSeconds }, { silent: true });
}

/** `lock_to` 1000 (a time long past) gives the lock back. */
export const RELEASED_LOCK_TO = 1000;

export function unlockPage(itemId: number, pageId: number): Promise<unknown> {
  return apiPost('page/setLock', { item_id: itemId, page_id: pageId, lock_to: RELEASED_LOCK_TO }, { silent: true });
}

/** Gives the lock back while the tab closes: a beacon survives the unload that would cancel a fetch. */
export function unlockPageOnUnload(itemId: number, pageId: number): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const body = new URLSearchParams({ item_id: String(itemId), page_id: String(pageId), lock_to: String(RELEASED_LOCK_TO) });
  return navigator.sendBeacon('/api/page/setLock', body);
}

export const pageEditKeys = {
  defaultCatalog: (itemId: number, pageId: number, copyPageId: number) => ['defaultCatalog', itemId, pageId, copyPageId] as const,
};

export function fetchDefaultCatalog(
  input: { itemId: number; pageId: number; copyPageId?: number | undefined },
  signal?: AbortSignal,
): Promise<DefaultCatalog> {
  return apiPost('catalog/getDefaultCat', { item_id: input.itemId, page_id: input.pageId, copy_page_id: input.copyPageId }, { silent: true, signal });
}
