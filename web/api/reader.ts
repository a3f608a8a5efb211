import type { PageFile } from '../../common/answers/attachment';
import type { ItemInfo, MenuCatalog, MenuPage, SearchMenu, TreeMenu } from '../../common/answers/item';
import type { PageInfo, SharedPage } from '../../common/answers/page';
import { apiPost } from './client';
import { itemKeys } from './item';

/** The reading side of the API (seed 001 §7; reference §6.3 `item/info`, §6.4 `page/info`, §7 menu). */
export type { MenuCatalog, MenuPage, PageInfo, SearchMenu, TreeMenu as ItemMenu, SharedPage as SharedPageInfo, PageFile as PageAttachment };

/** `item/info` as the project view reads it: without a keyword, the menu is the tree. */
export type ReaderItem = Omit<ItemInfo, 'menu'> & { menu: TreeMenu };

/** `item/info` with a keyword: the menu holds the matching pages, flat (reference §7.2). */
export type MenuSearchResult = Omit<ItemInfo, 'menu'> & { menu: SearchMenu };

/**
 * Query keys of the reading side. A project's reader, menu search and settings screen are views of that
 * project (`itemKeys.project`), so refreshing the project refreshes them; pages are their own branch.
 */
export const readerKeys = {
  item: (itemRef: string) => [...itemKeys.project(itemRef), 'reader'] as const,
  /** The settings screen reads the same answer, always fresh and without sharing the reader's cache. */
  settings: (itemRef: string) => [...itemKeys.project(itemRef), 'settings'] as const,
  search: (itemRef: string, keyword: string) => [...itemKeys.project(itemRef), 'search', keyword] as const,
  pages: () => ['page'] as const,
  page: (pageId: number) => [...readerKeys.pages(), pageId] as const,
  shared: (uniqueKey: string) => ['sharedPage', uniqueKey] as const,
  attachments: (pageId: number) => ['pageAttachments', pageId] as const,
};

/**
 * The project with its menu tree, by id or personal domain. Silent: the screen decides where a
 * password (10303/10307), login (10312) or missing project (10101) leads.
 */
export function fetchReaderItem(itemRef: string, signal?: AbortSignal): Promise<ReaderItem> {
  return apiPost<ReaderItem>('item/info', { item_id: itemRef }, { silent: true, signal, revalidate: true });
}

/** The left-menu search: `menu.pages` holds the matching pages, flat (reference §7.2). */
export function searchItemMenu(itemRef: string, keyword: string, signal?: AbortSignal): Promise<MenuSearchResult> {
  return apiPost<MenuSearchResult>('item/info', { item_id: itemRef, keyword }, { silent: true, signal });
}

export function fetchPage(pageId: number, signal?: AbortSignal): Promise<PageInfo> {
  return apiPost<PageInfo>('page/info', { page_id: pageId }, { silent: true, signal });
}

export function fetchSharedPage(uniqueKey: string, signal?: AbortSignal): Promise<SharedPage> {
  return apiPost<SharedPage>('page/infoByKey', { unique_key: uniqueKey }, { silent: true, signal });
}

/** Moves the page to the project's recycle bin. */
export function deletePage(pageId: number): Promise<unknown> {
  return apiPost('page/delete', { page_id: pageId });
}

export function fetchPageAttachments(pageId: number, signal?: AbortSignal): Promise<PageFile[]> {
  return apiPost<PageFile[]>('page/uploadList', { page_id: pageId }, { signal });
}
