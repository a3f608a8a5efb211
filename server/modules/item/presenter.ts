import type { Item } from '../../db/content-tables.js';
import type { ItemAccess } from './access.js';

/** The visit password is stored as a hash: clients only ever learn whether there is one. */
const HIDDEN_PASSWORD = '';

export interface ListFlags {
  creator: boolean;
  manage: boolean;
  isStar: boolean;
  sNumber: number;
}

/** One card of `item/myList`, in ShowDoc's shape. */
export function presentListItem(item: Item, flags: ListFlags) {
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
    password: HIDDEN_PASSWORD,
    s_number: flags.sNumber,
    creator: flags.creator ? 1 : 0,
    manage: flags.manage ? 1 : 0,
    is_private: item.password ? 1 : 0,
    is_star: flags.isStar ? 1 : 0,
  };
}

/** `item/detail` for managers: every column except the password hash. */
export function presentDetail(item: Item, groupIds: number[]) {
  return {
    item_id: item.item_id,
    item_name: item.item_name,
    item_description: item.item_description,
    uid: item.uid,
    username: item.username,
    password: HIDDEN_PASSWORD,
    is_private: item.password ? 1 : 0,
    addtime: item.addtime,
    last_update_time: item.last_update_time,
    item_domain: item.item_domain,
    item_type: item.item_type,
    is_archived: item.is_archived,
    is_del: item.is_del,
    allow_comment: item.allow_comment,
    allow_feedback: item.allow_feedback,
    group_ids: groupIds,
  };
}

/** The project header of `item/info`; the menu tree is added by the reading module. */
export function presentInfo(access: ItemAccess, isLogin: boolean) {
  const { item } = access;
  const archived = item.is_archived === 1;
  // RunApi projects are read-only on the web, as in ShowDoc.
  const editable = !archived && item.item_type !== 3;
  const itemEdit = editable && access.canEdit;
  const itemManage = editable && access.canManage;
  return {
    item_id: item.item_id,
    item_domain: item.item_domain,
    item_name: item.item_name,
    item_description: item.item_description,
    item_type: item.item_type,
    is_archived: item.is_archived,
    is_private: item.password ? 1 : 0,
    default_page_id: 0,
    is_login: isLogin,
    item_edit: itemEdit,
    item_manage: itemManage,
    ItemPermn: itemEdit,
    ItemCreator: itemManage,
    unread_count: 0,
    global_param: [],
    show_watermark: 0,
    allow_comment: item.allow_comment,
    allow_feedback: item.allow_feedback,
  };
}
