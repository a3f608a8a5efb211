import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alice, fail, ok } from '../../test/fake-api';
import { itemDetail, itemInfo } from '../../test/project-answers';
import { findDialog, openManagerTool, pageHeading, readerMenu, readerProject } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

/** Project 5 archived: `item/info` says nobody edits or manages it, as ShowDoc does. */
const archivedInfo = ok(itemInfo({ item_id: 5, item_name: 'Peer Demo', item_edit: false, item_manage: false, is_archived: 1, menu: readerMenu }));
const ownedBy = (uid: number) => ok(itemDetail({ item_id: 5, item_name: 'Peer Demo', uid, is_archived: 1 }));

async function managerEntries(user: ReturnType<typeof renderProjectView>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Manage project' }));
  const menu = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
  return within(menu)
    .getAllByRole('menuitem')
    .map((entry) => entry.textContent);
}

describe('an archived project in the reader', () => {
  it('says it is archived beside its name', async () => {
    readerProject({ role: 'reader', overrides: { 'item/info': archivedInfo, 'item/detail': fail(10303, 'No permission') } });
    renderProjectView('/5/10');
    await pageHeading('README');
    expect(screen.getByText('Archived', { selector: '.reader-header-archived' })).toBeTruthy();
    // A reader is not offered a managers' menu, and the refused item/detail shows nothing.
    expect(screen.queryByRole('button', { name: 'Manage project' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps for its owner what still works: export, members, change log, open API, copy, transfer, delete', async () => {
    readerProject({ role: 'reader', overrides: { 'item/info': archivedInfo, 'item/detail': ownedBy(alice.uid) } });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    expect(await managerEntries(user)).toEqual(['Export', 'Members', 'Change log', 'Open API key', 'Copy project', 'Transfer', 'Delete']);
  });

  it('offers a manager who is not the owner neither transfer nor delete', async () => {
    readerProject({ role: 'reader', overrides: { 'item/info': archivedInfo, 'item/detail': ownedBy(99) } });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    expect(await managerEntries(user)).toEqual(['Export', 'Members', 'Change log', 'Open API key', 'Copy project']);
  });

  it('shows the members read-only', async () => {
    readerProject({
      role: 'reader',
      overrides: {
        'item/info': archivedInfo,
        'item/detail': ownedBy(alice.uid),
        'member/getList': ok([
          { item_member_id: 1, item_id: 5, uid: 8, username: 'bob', name: '', member_group_id: 1, cat_id: 0, cat_ids: [], cat_name: 'All catalogs', member_group: '', addtime: '2026-01-02 10:00:00' },
        ]),
      },
    });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Members');
    const dialog = await findDialog('Members of “Peer Demo”');
    await waitFor(() => expect(within(dialog).getByText('bob')).toBeTruthy());
    expect(within(dialog).getByText('Editor')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /add/i })).toBeNull();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
  });
});
