import type { ListItem } from '../../api/item';

/**
 * What a project's menu offers (seed 000 §2 "Card dropdown", §6 "Roles"). The server refuses anything a
 * role may not do anyway; this only keeps people from being offered what will be refused.
 *
 */
export type ItemAction =
  | 'open'
  | 'share'
  | 'star'
  | 'unstar'
  | 'leave'
  | 'baseInfo'
  | 'settings'
  | 'members'
  | 'openApi'
  | 'recycleBin'
  | 'export'
  | 'copy'
  | 'transfer'
  | 'archive'
  | 'delete';

/** A dividing line in the menu between groups of actions. */
export type ItemMenuEntry = ItemAction | 'divider';

export type ItemRoleFlags = Pick<ListItem, 'manage' | 'creator' | 'is_star'> & { is_archived?: number | undefined };

/**
 * - Everyone: open, share, star or unstar.
 * - Not a manager: leave the project.
 * - Managers: base info, members, open API key, recycle bin, export, copy. Archived projects are read-only,
 *   so base info and the recycle bin (nothing can be restored) go; export, copy and the members (shown
 *   read-only) stay, as they change nothing.
 * - The owner: transfer, archive, delete (the server asks for the owner on these three; a manager who is
 *   not the owner would only be refused). An archived project cannot be archived again.
 */
export function itemMenu(item: ItemRoleFlags): ItemMenuEntry[] {
  const manager = item.manage === 1;
  const owner = item.creator === 1;
  const archived = item.is_archived === 1;

  const entries: ItemMenuEntry[] = ['open', 'share', item.is_star === 1 ? 'unstar' : 'star'];
  if (!manager) return [...entries, 'divider', 'leave'];

  entries.push('divider', 'settings');
  if (!archived) entries.push('baseInfo');
  entries.push('members');
  entries.push('openApi');
  if (!archived) entries.push('recycleBin');
  entries.push('export', 'copy');
  if (owner) {
    entries.push('divider', 'transfer');
    if (!archived) entries.push('archive');
    entries.push('delete');
  }
  return entries;
}

/** The actions alone, without dividers. */
export function itemActions(item: ItemRoleFlags): ItemAction[] {
  return itemMenu(item).filter((entry): entry is ItemAction => entry !== 'divider');
}

/** Whether the open-API dialog may issue a new token: the server refuses changes to archived projects. */
export function canResetKey(item: { is_archived?: number | undefined }): boolean {
  return item.is_archived !== 1;
}

