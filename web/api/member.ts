import type { InsertedId } from '../../common/answers/page';
import type { Collaborator, ItemPerson, MemberRow } from '../../common/answers/member';
import { apiPost } from './client';

export type { Collaborator, ItemPerson };
export type ItemMember = MemberRow;

/** 0 read-only, 1 editor, 2 manager. */
export type MemberRole = 0 | 1 | 2;

export const memberKeys = {
  item: (itemId: number) => ['itemMembers', itemId] as const,
  /** People the user already works with, offered when adding a member (project or team). */
  collaborators: () => ['collaborators'] as const,
  /** Everyone with access to the project (owner, members, team members): editors' pickers. */
  people: (itemId: number) => ['itemPeople', itemId] as const,
};

export function fetchItemMembers(itemId: number, signal?: AbortSignal): Promise<ItemMember[]> {
  return apiPost<ItemMember[]>('member/getList', { item_id: itemId }, { signal, silent: true });
}

export function addItemMember(itemId: number, username: string, role: MemberRole, catIds: readonly number[]): Promise<InsertedId> {
  return apiPost('member/save', { item_id: itemId, username, member_group_id: role, cat_ids: catIds.join(',') }, { silent: true });
}

/** Changes a member's role or catalogs in place (an empty list: every catalog). */
export function updateItemMember(itemId: number, memberId: number, change: { role?: MemberRole; catIds?: readonly number[] }): Promise<unknown> {
  return apiPost(
    'member/save',
    { item_id: itemId, item_member_id: memberId, member_group_id: change.role, cat_ids: change.catIds ? (change.catIds.length ? change.catIds.join(',') : '0') : undefined },
    { silent: true },
  );
}

export function removeItemMember(itemId: number, memberId: number): Promise<unknown> {
  return apiPost('member/delete', { item_id: itemId, item_member_id: memberId }, { silent: true });
}

/** People I already work with, for the add box's suggestions. */
export function fetchCollaborators(signal?: AbortSignal): Promise<Collaborator[]> {
  return apiPost<Collaborator[]>('member/getMyAllList', {}, { signal, silent: true });
}

/** `member/getAllList`: everyone with access to the project, once each (editors only). */
export function fetchItemPeople(itemId: number, signal?: AbortSignal): Promise<ItemPerson[]> {
  return apiPost<ItemPerson[]>('member/getAllList', { item_id: itemId }, { signal, silent: true });
}
