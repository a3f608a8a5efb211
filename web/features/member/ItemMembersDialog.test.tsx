import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { catalogGroup } from '../../test/project-answers';
import { findDialog, openManagerTool, pageHeading, readerProject } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';

const members = [
  { item_member_id: 4, item_id: 5, uid: 21, username: 'carol', name: 'Carol', member_group_id: 0, cat_id: 0, cat_ids: [100], cat_name: 'Guides', member_group: 'Read-only/catalogs: Guides', addtime: '2026-11-20 09:00:00' },
];

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

function site(overrides: Record<string, unknown> = {}) {
  return readerProject({
    role: 'manager',
    overrides: {
      'member/getList': ok(members),
      // The server's suggestions for what was typed (people the user works with, or an exact username).
      'user/allUser': (params: URLSearchParams) =>
        ok(
          [
            { uid: 30, username: 'dave', name: 'Dave Lee' },
            { uid: 21, username: 'carol', name: 'Carol' },
            { uid: 31, username: 'dora', name: '' },
          ].filter((person) => person.username.startsWith(params.get('username') ?? '')),
        ),
      'catalog/catListGroup': ok([catalogGroup({ cat_id: 100, cat_name: 'Guides' })]),
      'member/save': ok({ id: 9 }),
      'member/delete': ok({ success: true }),
      ...overrides,
    },
  });
}

describe('the members dialog', () => {
  it('lists members with their role and catalogs, and adds someone as an editor', async () => {
    const api = site();
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Members');
    const dialog = await findDialog('Members of “Peer Demo”');
    const list = await within(dialog).findByRole('list', { name: 'Members' });
    expect(within(list).getByText('Carol (carol)')).toBeTruthy();

    await user.type(within(dialog).getByRole('combobox', { name: 'Username or e-mail' }), 'dave');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click((await screen.findAllByText('Editor')).at(-1) as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: /Add/ }));
    await waitFor(() => expect(api.callsTo('member/save')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('member/save')[0]?.params ?? [])).toMatchObject({ item_id: '5', username: 'dave', member_group_id: '1', cat_ids: '' });
    expect(await screen.findByText('dave added')).toBeTruthy();
  });

  it('suggests people as the username is typed, asking the server for what was typed, without current members', async () => {
    const api = site();
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Members');
    const dialog = await findDialog('Members of “Peer Demo”');
    await within(dialog).findByRole('list', { name: 'Members' });
    const box = within(dialog).getByRole('combobox', { name: 'Username or e-mail' });
    const asked = () => api.callsTo('user/allUser').map((call) => call.params.get('username'));
    await user.type(box, 'd');
    await waitFor(() => expect(asked()).toContain('d'));
    expect(await screen.findByRole('option', { name: 'Dave Lee (dave)' })).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'dora' })).toBeTruthy();
    await user.type(box, 'a');
    await waitFor(() => expect(asked()).toContain('da'));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'dora' })).toBeNull());
    await user.clear(box);
    await user.type(box, 'c');
    await waitFor(() => expect(asked()).toContain('c'));
    // carol is a member already.
    expect(screen.queryByRole('option', { name: 'Carol (carol)' })).toBeNull();
  });

  it('changes a role at once and removes a member after confirming', async () => {
    const api = site();
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Members');
    const dialog = await findDialog('Members of “Peer Demo”');
    await within(dialog).findByRole('list', { name: 'Members' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role of carol' }));
    await user.click((await screen.findAllByText('Manager')).at(-1) as HTMLElement);
    await waitFor(() => expect(api.callsTo('member/save')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('member/save')[0]?.params ?? [])).toMatchObject({ item_id: '5', item_member_id: '4', member_group_id: '2' });

    await user.click(within(dialog).getByRole('button', { name: 'Remove carol' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('member/delete')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('member/delete')[0]?.params ?? [])).toEqual({ item_id: '5', item_member_id: '4' });
  });

  it('shows why an addition was refused', async () => {
    site({ 'member/save': fail(10209, 'There is no user “zed”') });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');
    await openManagerTool(user, 'Members');
    const dialog = await findDialog('Members of “Peer Demo”');
    await user.type(within(dialog).getByRole('combobox', { name: 'Username or e-mail' }), 'zed');
    await user.click(within(dialog).getByRole('button', { name: /Add/ }));
    expect(await screen.findByText('There is no user “zed”')).toBeTruthy();
  });
});
