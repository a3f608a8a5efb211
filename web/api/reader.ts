import { apiPost } from './client';

/**
 * The reading side of the API (seed 001 §7; reference §6.3 `item/info`, §6.4 `page/info`, §7 menu).
 * ShowDoc sends every number that comes from a database row as a string ("item_type":"1") while Folio
 * sends numbers, so the types accept both and the reader reads them with `Number()`.
 */
type Num = number | string;

/** A page in the menu tree: no content (reference §7.1). */
export interface MenuPage {
  page_id: Num;
  cat_id: Num;
  page_title: string;
  author_uid?: Num;
  addtime?: Num;
  ext_info?: string;
  is_draft?: Num;
}

export interface MenuCatalog {
  cat_id: Num;
  cat_name: string;
  parent_cat_id?: Num;
  level?: Num;
  s_number?: Num;
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

export interface ItemMenu {
  pages: MenuPage[];
  catalogs: MenuCatalog[];
}

/** `item/info` as the project view reads it. */
export interface ReaderItem {
  item_id: Num;
  item_domain: string;
  item_name: string;
  item_description?: string;
  item_type: Num;
  is_archived?: Num;
  is_private?: Num;
  default_page_id?: Num;
  is_login: boolean;
  item_edit: boolean;
  item_manage: boolean;
  show_watermark?: Num;
  unread_count?: Num;
  /** Absent when the server has no menu yet; an empty menu is an empty project. */
  menu?: ItemMenu;
}

/** `page/info` (reference §6.4). Unlike ShowDoc's, Folio's `page_content` is the raw markdown. */
export interface PageInfo {
  page_id: Num;
  item_id: Num;
  cat_id: Num;
  page_title: string;
  page_content: string;
  author_username: string;
  author_uid?: Num;
  /** `YYYY-MM-DD HH:mm:ss` of the last save. */
  addtime: string;
  page_addtime?: string;
  attachment_count?: Num;
  unique_key?: string;
  is_draft?: Num;
  ext_info?: string;
  /** Folio: bumped by every save; the editor sends it back so a save cannot silently overwrite a newer one. */
  version?: Num;
}

/** `page/infoByKey`: the page of a public share link, without item_id and cat_id. */
export type SharedPageInfo = Omit<PageInfo, 'item_id' | 'cat_id'> & { expire_time?: Num };

export interface PageAttachment {
  file_id: Num;
  display_name: string;
  url: string;
  addtime: string;
  file_type?: string;
}

/**
 * The project with its menu tree, by id or personal domain. Silent: the screen decides where a
 * password (10303/10307), login (10312) or missing project (10101) leads.
 */
export function fetchReaderItem(itemRef: string, signal?: AbortSignal): Promise<ReaderItem> {
  return apiPost<ReaderItem>('item/info', { item_id: itemRef }, { silent: true, signal });
}

/** The left-menu search: `menu.pages` holds the matching pages, flat (reference §7.2). */
export function searchItemMenu(itemRef: string, keyword: string, signal?: AbortSignal): Promise<ReaderItem> {
  return apiPost<ReaderItem>('item/info', { item_id: itemRef, keyword }, { silent: true, signal });
}

export function fetchPage(pageId: number, signal?: AbortSignal): Promise<PageInfo> {
  return apiPost<PageInfo>('page/info', { page_id: pageId }, { silent: true, signal });
}

export function fetchSharedPage(uniqueKey: string, signal?: AbortSignal): Promise<SharedPageInfo> {
  return apiPost<SharedPageInfo>('page/infoByKey', { unique_key: uniqueKey }, { silent: true, signal });
}

/** Moves the page to the project's recycle bin. */
export function deletePage(pageId: number): Promise<unknown> {
  return apiPost('page/delete', { page_id: pageId });
}

export function fetchPageAttachments(pageId: number, signal?: AbortSignal): Promise<PageAttachment[]> {
  return apiPost<PageAttachment[]>('page/uploadList', { page_id: pageId }, { signal });
}
