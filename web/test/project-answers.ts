import type { CatalogGroup, CatalogPage } from '../../common/answers/catalog';
import type { AiConfig, ItemDetail, ItemInfo, ItemKey, MenuCatalog, MenuPage, SearchHit, SearchMenu, TreeMenu } from '../../common/answers/item';
import type { HistoryEntry, HistoryRow, PageInfo, PageLockState, PageRow, SharedPage } from '../../common/answers/page';

/**
 * What Folio's `/api/…` answers for projects, pages and catalogs, typed by the server's answer types
 * (numbers as numbers). Tests name what matters to them; the rest is an ordinary project of alice's (uid 7).
 */

const SAVED = 1_700_000_000;
/** Folio has no AI assistant: what the server says about it (AI_OFF of common/answers/item.ts). */
const AI_OFF: AiConfig = { enabled: 0, dialog_collapsed: 1, guest_enabled: 0, welcome_message: '', system_prompt: '' };

export function menuPage(fields: Partial<MenuPage> & Pick<MenuPage, 'page_id' | 'page_title'>): MenuPage {
  return { author_uid: 7, cat_id: 0, addtime: SAVED, ext_info: '', is_draft: 0, ...fields };
}

/** A catalog of the menu tree; `pages` and `catalogs` default to none. */
export function menuCatalog(fields: Partial<MenuCatalog> & Pick<MenuCatalog, 'cat_id' | 'cat_name'>): MenuCatalog {
  return { item_id: 5, s_number: 99, addtime: SAVED, parent_cat_id: 0, level: 2, pages: [], catalogs: [], ...fields };
}

/** `item/info` of a regular project alice may read, with the given menu. */
export function itemInfo(fields: Partial<ItemInfo> & Pick<ItemInfo, 'item_id' | 'item_name'>): ItemInfo {
  return {
    item_domain: '',
    is_archived: 0,
    default_page_id: 0,
    default_cat_id2: 0,
    default_cat_id3: 0,
    default_cat_id4: 0,
    unread_count: 0,
    item_type: 1,
    menu: { pages: [], catalogs: [] },
    is_login: true,
    item_edit: false,
    item_manage: false,
    ItemPermn: false,
    ItemCreator: false,
    current_page_id: 0,
    global_param: [],
    show_watermark: 0,
    allow_comment: 0,
    allow_feedback: 0,
    ai_knowledge_base_enabled: 0,
    ai_config: AI_OFF,
    item_description: '',
    is_private: 0,
    ...fields,
  };
}

/** `item/info` with a keyword: the matching pages, flat. */
export function searchMenu(pages: PageRow[]): SearchMenu {
  return { pages, catalogs: [] };
}

export function emptyMenu(): TreeMenu {
  return { pages: [], catalogs: [] };
}

const pageColumns = (fields: { page_id: number; page_title: string }) => ({
  author_uid: 7,
  author_username: 'alice',
  item_id: 5,
  cat_id: 0,
  page_content: `Text of ${fields.page_title}`,
  s_number: 99,
  page_comments: '',
  is_del: 0,
  ext_info: '',
  is_draft: 0,
});

/** `page/info` of a page saved by alice in project 5. */
export function pageInfo(fields: Partial<PageInfo> & Pick<PageInfo, 'page_id' | 'page_title'>): PageInfo {
  return {
    ...pageColumns(fields),
    addtime: '2026-11-22 20:24:12',
    page_addtime: '2026-11-22 20:24:12',
    version: 1,
    attachment_count: 0,
    unique_key: '',
    ...fields,
  };
}

/** The stored page row (page/save, page/diff, the search menu): raw unix times. */
export function pageRow(fields: Partial<PageRow> & Pick<PageRow, 'page_id' | 'page_title'>): PageRow {
  return { ...pageColumns(fields), addtime: SAVED, page_addtime: SAVED, version: 1, ...fields };
}

/** `page/infoByKey`: what a share link shows. */
export function sharedPage(fields: Partial<SharedPage> & Pick<SharedPage, 'page_id' | 'page_title'>): SharedPage {
  const { item_id: _item, cat_id: _cat, ...columns } = pageColumns(fields);
  return { ...columns, addtime: '2026-11-22 20:24:12', page_addtime: '2026-11-22 20:24:12', attachment_count: 0, expire_time: 0, ...fields };
}

const historyColumns = (fields: { page_history_id: number; page_id: number }) => ({
  author_uid: 7,
  author_username: 'alice',
  item_id: 5,
  cat_id: 0,
  page_title: '',
  page_content: '',
  s_number: 99,
  page_comments: '',
  ext_info: '',
  ...fields,
});

/** One entry of `page/history`. */
export function historyEntry(fields: Partial<HistoryEntry> & Pick<HistoryEntry, 'page_history_id' | 'page_id' | 'addtime'>): HistoryEntry {
  return { ...historyColumns(fields), ...fields };
}

/** page/diff's `history_page`. */
export function historyRow(fields: Partial<HistoryRow> & Pick<HistoryRow, 'page_history_id' | 'page_id'>): HistoryRow {
  return { ...historyColumns(fields), addtime: SAVED, ...fields };
}

/** A node of `catalog/catListGroup`; `sub` defaults to none. */
export function catalogGroup(fields: Partial<CatalogGroup> & Pick<CatalogGroup, 'cat_id' | 'cat_name'>): CatalogGroup {
  return { item_id: 5, s_number: 99, addtime: '2026-01-01 10:00:00', parent_cat_id: 0, level: 2, sub: [], ...fields };
}

/** `catalog/getPagesBycat`'s pages, numbered in the order given. */
export function catalogPages(pages: [number, string][]): CatalogPage[] {
  return pages.map(([page_id, page_title], index) => ({ page_id, page_title, s_number: index + 1 }));
}

/** `page/isLock` of a page nobody holds. */
export function pageLock(fields: Partial<PageLockState> = {}): PageLockState {
  return { lock: 0, exceed: 0, lock_uid: '', lock_username: '', is_cur_user: 0, lock_since: 0, lock_until: 0, ...fields };
}

/** `item/detail` of alice's open, regular project. */
export function itemDetail(fields: Partial<ItemDetail> & Pick<ItemDetail, 'item_id' | 'item_name'>): ItemDetail {
  return {
    item_description: '',
    uid: 7,
    username: 'alice',
    password: '',
    addtime: SAVED,
    last_update_time: SAVED,
    item_domain: '',
    item_type: 1,
    is_archived: 0,
    is_del: 0,
    allow_comment: 0,
    allow_feedback: 0,
    group_ids: [],
    ai_config: AI_OFF,
    is_private: 0,
    ...fields,
  };
}

export function itemKey(fields: Partial<ItemKey> & Pick<ItemKey, 'item_id' | 'api_key' | 'api_token'>): ItemKey {
  return { id: 1, addtime: SAVED, last_check_time: 0, ...fields };
}

/** A page found by `item/search`. */
export function searchHit(fields: Partial<SearchHit> & Pick<SearchHit, 'page_id' | 'page_title' | 'item_id' | 'item_name'>): SearchHit {
  return {
    author_uid: 7,
    author_username: 'alice',
    cat_id: 0,
    s_number: 99,
    addtime: SAVED,
    page_comments: '',
    is_del: 0,
    page_addtime: SAVED,
    ext_info: '',
    is_draft: 0,
    search_content: '',
    item_domain: '',
    ...fields,
  };
}
