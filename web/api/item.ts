import type { ItemCreated, ItemDetail, ItemInfo, ItemKey, ListItem, SiteSearch, VisitGranted } from '../../common/answers/item';
import type { InsertedId } from '../../common/answers/page';
import { apiPost } from './client';

/** Item types (seed 000 §3): 1 regular, 2 single page, 4 spreadsheet; 3 is RunApi, 0 counts as regular. */
export const ItemType = {
  regular: 1,
  singlePage: 2,
  runApi: 3,
  spreadsheet: 4,
} as const;

/** The kinds a person can create (seed 000 §9: item types 1, 2, 4 at creation). */
export type CreatableItemType = 1 | 2 | 4;

export type { ItemDetail, ItemInfo, ItemKey, ListItem, SiteSearch };

/** What the dialogs about one project need; a list card has it, and so will the project view. */
export type ItemSummary = Pick<ListItem, 'item_id' | 'item_name' | 'item_domain' | 'is_private'> & { item_description?: string; is_archived?: number };

export interface NewItemInput {
  item_type: CreatableItemType;
  item_name: string;
  item_description: string;
  item_domain: string;
  /** '' for an open project. */
  password: string;
  item_group_id: number;
}

export interface CopyItemInput {
  copy_item_id: number;
  item_name: string;
  item_description: string;
  /** '' for an open copy. */
  password: string;
}

export interface UpdateItemInput {
  item_id: number;
  item_name: string;
  item_description: string;
  item_domain: string;
  /** Omitted: keep the current visit password. '': make the project open. Else the new password. */
  password?: string;
}

/**
 * Query keys of projects. What one project shows (its reader, menu search, info and settings screens) sits
 * under `itemKeys.project(itemRef)`, so refreshing one project is one call and `itemKeys.projects()` refreshes
 * every open project; the lists of projects are a separate branch, `itemKeys.lists()`.
 */
export const itemKeys = {
  lists: () => ['items'] as const,
  list: (groupId: number) => [...itemKeys.lists(), groupId] as const,
  /** The plain list asked by a picker (templates, team projects); refreshed on its own, not with `lists()`. */
  picker: (purpose: 'templates' | 'teamItems') => ['itemPicker', purpose] as const,
  searches: () => ['itemSearch'] as const,
  search: (keyword: string) => [...itemKeys.searches(), keyword] as const,
  detail: (itemId: number) => ['itemDetail', itemId] as const,
  /** item/detail asked quietly in the reader of an archived project, to tell its managers apart. */
  archivedAccess: (itemId: number) => [...itemKeys.detail(itemId), 'archivedAccess'] as const,
  key: (itemId: number) => ['itemKey', itemId] as const,
  projects: () => ['project'] as const,
  project: (itemRef: string) => [...itemKeys.projects(), itemRef] as const,
  info: (itemRef: string) => [...itemKeys.project(itemRef), 'info'] as const,
};

export function fetchMyItems(groupId: number, signal?: AbortSignal): Promise<ListItem[]> {
  return apiPost<ListItem[]>('item/myList', { item_group_id: groupId }, { signal });
}

export function addItem(input: NewItemInput): Promise<ItemCreated> {
  return apiPost<ItemCreated>('item/add', { ...input });
}

export function copyItem(input: CopyItemInput): Promise<ItemCreated> {
  return apiPost<ItemCreated>('item/add', { ...input });
}

export function fetchItemDetail(itemId: number, signal?: AbortSignal): Promise<ItemDetail> {
  return apiPost<ItemDetail>('item/detail', { item_id: itemId }, { signal });
}

export function updateItem(input: UpdateItemInput): Promise<unknown> {
  // `password: undefined` is left out of the form body, which is what "keep it" means to the server.
  return apiPost('item/update', { ...input });
}

export function starItem(itemId: number): Promise<InsertedId> {
  return apiPost<InsertedId>('item/star', { item_id: itemId });
}

export function unstarItem(itemId: number): Promise<unknown> {
  return apiPost('item/unstar', { item_id: itemId });
}

/** Saves the order of one group's list: `{"<item_id>": position}`. */
export function sortItems(order: Record<number, number>, groupId: number): Promise<unknown> {
  return apiPost('item/sort', { data: JSON.stringify(order), item_group_id: groupId });
}

export function leaveItem(itemId: number): Promise<unknown> {
  return apiPost('item/exitItem', { item_id: itemId });
}

export function fetchItemKey(itemId: number, signal?: AbortSignal): Promise<ItemKey> {
  return apiPost<ItemKey>('item/getKey', { item_id: itemId }, { signal });
}

export function resetItemKey(itemId: number): Promise<ItemKey> {
  return apiPost<ItemKey>('item/resetKey', { item_id: itemId });
}

/** Archive, delete and transfer are confirmed with the person's login password. */
export function archiveItem(itemId: number, password: string): Promise<unknown> {
  return apiPost('item/archive', { item_id: itemId, password });
}

export function deleteItem(itemId: number, password: string): Promise<unknown> {
  return apiPost('item/delete', { item_id: itemId, password });
}

export function transferItem(itemId: number, username: string, password: string): Promise<unknown> {
  return apiPost('item/attorn', { item_id: itemId, username, password });
}

/** Projects and pages across every project of the person. */
export function searchItems(keyword: string, signal?: AbortSignal): Promise<SiteSearch> {
  return apiPost<SiteSearch>('item/search', { keyword }, { signal });
}

/**
 * `item/info` by id or personal domain. Silent: the screen that asks decides where a 10307 (password),
 * 10312 (login) or 10101 (no such project) leads.
 */
export function fetchItemInfo(itemRef: string, signal?: AbortSignal): Promise<ItemInfo> {
  return apiPost<ItemInfo>('item/info', { item_id: itemRef }, { silent: true, signal, revalidate: true });
}

export interface ItemPasswordInput {
  item_id: string;
  page_id?: number;
  password: string;
  captcha: string;
  captcha_id: string;
}

/** The server answers with a visit-grant cookie for this browser session; nothing is kept here. */
export function enterItemPassword(input: ItemPasswordInput): Promise<VisitGranted> {
  return apiPost<VisitGranted>('item/pwd', { ...input });
}

/** Where a project is read: its personal domain when it has one, else its id. */
export function itemPath(item: Pick<ListItem, 'item_id' | 'item_domain'>): string {
  return `/${item.item_domain || item.item_id}`;
}

/** The address to share: the same path on this site. */
export function itemShareLink(item: Pick<ListItem, 'item_id' | 'item_domain'>, origin = window.location.origin): string {
  return `${origin}${itemPath(item)}`;
}

/** The server draws share links as PNG QR codes (`common/qrcode`, same origin). */
export function qrCodeUrl(link: string, size = 4): string {
  return `/api/common/qrcode?size=${size}&url=${encodeURIComponent(link)}`;
}
