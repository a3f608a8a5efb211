import type { ListItem } from '../api/item';
import type { ItemGroup } from '../api/itemGroup';

/** A card of `item/myList` as the server sends it: alice's own regular, open project unless told otherwise. */
export function listItem(overrides: Partial<ListItem> & Pick<ListItem, 'item_id' | 'item_name'>): ListItem {
  return {
    uid: 7,
    item_domain: '',
    item_type: 1,
    last_update_time: Math.floor(Date.now() / 1000) - 3600,
    item_description: '',
    is_del: 0,
    is_archived: 0,
    password: '',
    s_number: 0,
    creator: 1,
    manage: 1,
    is_private: 0,
    is_star: 0,
    ...overrides,
  };
}

export function itemGroup(overrides: Partial<ItemGroup> & Pick<ItemGroup, 'id' | 'group_name'>): ItemGroup {
  return { uid: 7, item_ids: '', s_number: overrides.id, created_at: '2026-01-01 10:00:00', updated_at: '2026-01-01 10:00:00', ...overrides };
}
