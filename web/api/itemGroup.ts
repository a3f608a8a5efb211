import type { ItemGroupRow, SavedItemGroup } from '../../common/answers/itemGroup';
import { apiPost } from './client';

/** A person's own folder over the project list; `item_ids` is ShowDoc's comma list ("3,5,8"). */
export type ItemGroup = ItemGroupRow;

export interface SaveItemGroupInput {
  /** Absent (or 0) creates a group. */
  id?: number;
  group_name: string;
  item_ids: number[];
}

export const itemGroupKeys = {
  all: () => ['itemGroups'] as const,
};

export function fetchItemGroups(signal?: AbortSignal): Promise<ItemGroup[]> {
  return apiPost<ItemGroup[]>('itemGroup/getList', {}, { signal });
}

export function saveItemGroup(input: SaveItemGroupInput): Promise<SavedItemGroup> {
  return apiPost<SavedItemGroup>('itemGroup/save', {
    id: input.id && input.id > 0 ? input.id : undefined,
    group_name: input.group_name,
    item_ids: input.item_ids.join(','),
  });
}

export function deleteItemGroup(id: number): Promise<unknown> {
  return apiPost('itemGroup/delete', { id });
}

/** The group manager's drag order. */
export function saveItemGroupOrder(groups: { id: number; s_number: number }[]): Promise<unknown> {
  return apiPost('itemGroup/saveSort', { groups: JSON.stringify(groups) });
}

/** The project ids of a group, in the order they were stored. */
export function groupItemIds(group: Pick<ItemGroup, 'item_ids'>): number[] {
  return group.item_ids
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}
