import { AI_OFF, KEPT_PASSWORD, type ItemDetail, type ItemInfo, type ListItem, type TreeMenu } from '../../../common/answers/item.js';
import type { Item } from '../../db/content-tables.js';
import { pagesWritable, type ItemAccess } from './access.js';

/**
 * The visit password is stored as a hash: clients only learn whether there is one. A private project
 * shows a placeholder that `item/update` reads as "unchanged", so a ShowDoc client that echoes back what
 * it was given does not make the project public.
 */
function passwordPlaceholder(item: Item): string {
  return item.password ? KEPT_PASSWORD : '';
}

export interface ListFlags {
  creator: boolean;
  manage: boolean;
  isStar: boolean;
  sNumber: number;
}

/** One card of `item/myList`, in ShowDoc's shape. */
export function presentListItem(item: Item, flags: ListFlags): ListItem {
  return {
    item_id: item.item_id,
    uid: item.uid,
    item_name: item.item_name,
    item_domain: item.item_domain,
    item_type: item.item_type,
    last_update_time: item.last_update_time,
    item_description: item.item_description,
    is_del: item.is_del,
    is_archived: item.is_archived,
    // ShowDoc shows the password to those who manage the project only.
    password: flags.manage ? passwordPlaceholder(item) : '',
    s_number: flags.sNumber,
    creator: flags.creator ? 1 : 0,
    manage: flags.manage ? 1 : 0,
    is_private: item.password ? 1 : 0,
    is_star: flags.isStar ? 1 : 0,
  };
}

/** `item/detail` for managers: every column except the password hash. */
export function presentDetail(item: Item, groupIds: number[]): ItemDetail {
  return {
    item_id: item.item_id,
    item_name: item.item_name,
    item_description: item.item_description,
    uid: item.uid,
    username: item.username,
    password: passwordPlaceholder(item),
    addtime: item.addtime,
    last_update_time: item.last_update_time,
    item_domain: item.item_domain,
    item_type: item.item_type,
    is_archived: item.is_archived,
    is_del: item.is_del,
    allow_comment: item.allow_comment,
    allow_feedback: item.allow_feedback,
    group_ids: groupIds,
    ai_config: AI_OFF,
    is_private: item.password ? 1 : 0,
  };
}

export interface InfoParts {
  isLogin: boolean;
  menu: TreeMenu;
  defaultPageId: number;
  /** ShowDoc's default_cat_id2, 3 and 4 (menu.ts). */
  defaultCatIds: [number, number, number];
  currentPageId: number;
  unreadCount: number;
  showWatermark: boolean;
}

/** RunApi's shared request parameters; Folio keeps none, so RunApi clients get the empty set. */
const EMPTY_RUNAPI_PARAMS = { query: [], body: [], header: [], cookies: [], preScript: '', postScript: '' };


/** `item/info`, key for key in ShowDoc's order (transcripts 20–22), plus Folio's description and privacy flag. */
export function presentInfo(access: ItemAccess, parts: InfoParts): ItemInfo {
  const { item } = access;
  const archived = item.is_archived === 1;
  // RunApi projects are read-only on the web, as in ShowDoc.
  const editable = !archived && item.item_type !== 3;
  // Whiteboards and kanban boards: project management stays, their pages are read-only (access.ts).
  const itemEdit = editable && access.canEdit && pagesWritable(item);
  const itemManage = editable && access.canManage;
  const [cat2, cat3, cat4] = parts.defaultCatIds;
  return {
    item_id: item.item_id,
    item_domain: item.item_domain,
    is_archived: item.is_archived,
    item_name: item.item_name,
    default_page_id: parts.defaultPageId,
    default_cat_id2: cat2,
    default_cat_id3: cat3,
    default_cat_id4: cat4,
    unread_count: parts.unreadCount,
    item_type: item.item_type,
    menu: parts.menu,
    is_login: parts.isLogin,
    item_edit: itemEdit,
    item_manage: itemManage,
    ItemPermn: itemEdit,
    ItemCreator: itemManage,
    current_page_id: parts.currentPageId,
    global_param: item.item_type === 3 ? EMPTY_RUNAPI_PARAMS : [],
    show_watermark: parts.showWatermark ? 1 : 0,
    allow_comment: item.allow_comment,
    allow_feedback: item.allow_feedback,
    ai_knowledge_base_enabled: 0,
    ai_config: AI_OFF,
    item_description: item.item_description,
    is_private: item.password ? 1 : 0,
  };
}
