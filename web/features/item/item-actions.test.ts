import { describe, expect, it } from 'vitest';
import { itemActions, itemMenu } from './item-actions';

const card = (flags: { manage: number; creator: number; is_star?: number; is_archived?: number }) => ({ is_star: 0, ...flags });

describe('project menu by role', () => {
  it('a reader or editor can open, share, star and leave, and nothing else', () => {
    expect(itemActions(card({ manage: 0, creator: 0 }))).toEqual(['open', 'share', 'star', 'leave']);
    expect(itemActions(card({ manage: 0, creator: 0, is_star: 1 }))).toEqual(['open', 'share', 'unstar', 'leave']);
  });

  it('the owner gets everything except leaving', () => {
    expect(itemActions(card({ manage: 1, creator: 1 }))).toEqual([
      'open',
      'share',
      'star',
      'settings',
      'baseInfo',
      'members',
      'openApi',
      'recycleBin',
      'export',
      'copy',
      'transfer',
      'archive',
      'delete',
    ]);
  });

  it('an item admin who is not the owner manages, but cannot transfer, archive or delete (the server wants the owner)', () => {
    const actions = itemActions(card({ manage: 1, creator: 0 }));
    expect(actions).toEqual(['open', 'share', 'star', 'settings', 'baseInfo', 'members', 'openApi', 'recycleBin', 'export', 'copy']);
    expect(actions).not.toContain('leave');
  });

  it('an archived project offers no base info and no second archive, but keeps members (read-only), export and copy', () => {
    expect(itemActions(card({ manage: 1, creator: 1, is_archived: 1 }))).toEqual(['open', 'share', 'star', 'settings', 'members', 'openApi', 'export', 'copy', 'transfer', 'delete']);
  });

  it('groups the menu with dividers, never two in a row or at the end', () => {
    for (const flags of [
      { manage: 0, creator: 0 },
      { manage: 1, creator: 0 },
      { manage: 1, creator: 1 },
      { manage: 1, creator: 1, is_archived: 1 },
    ]) {
      const menu = itemMenu(card(flags));
      expect(menu.at(-1)).not.toBe('divider');
      expect(menu.join(',')).not.toContain('divider,divider');
    }
  });
});
