import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../test/fake-api';
import { renderTeams, teamSite } from '../test/team-render';

const member = (id: number, username: string, group: number) => ({
  id,
  team_id: 3,
  member_uid: 20 + id,
  member_username: username,
  team_member_group_id: group,
  name: '',
  addtime: '2026-11-02 09:00:00',
  last_update_time: 1793610000,
});
const params = (call: { params: URLSearchParams } | undefined) => Object.fromEntries(call?.params ?? []);

function site(overrides: Record<string, unknown> = {}) {
  return teamSite({
    'teamMember/getList': ok([member(1, 'bob', 1), member(2, 'carol', 2)]),
    'member/getMyAllList': ok([{ uid: 30, username: 'dave' }]),
    'teamMember/save': ok({ id: 9 }),
    'teamMember/delete': ok({ success: true }),
    ...overrides,
  });
}

describe('the team members screen', () => {
  it('lists the members with a back link', async () => {
    site();
    renderTeams('/team/member/3');
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByText('bob')).toBeTruthy();
    expect(within(list).getAllByText('Joined 2026-11-02 09:00:00')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Back to teams/ }).getAttribute('href')).toBe('/team/index');
    expect(await screen.findByRole('heading', { name: 'Payments · Members of the team' })).toBeTruthy();
  });

  it('adds a member by username', async () => {
    const api = site();
    const { user } = renderTeams('/team/member/3');
    const name = await screen.findByRole('combobox', { name: 'Username or e-mail' });
    await user.type(name, 'dave');
    await user.click(screen.getByRole('button', { name: /Add/ }));
    await waitFor(() => expect(params(api.callsTo('teamMember/save')[0])).toEqual({ team_id: '3', member_username: 'dave', team_member_group_id: '1' }));
    expect(await screen.findByText('dave added')).toBeTruthy();
  });

  it('changes a role with the member id', async () => {
    const api = site();
    const { user } = renderTeams('/team/member/3');
    await user.click(await screen.findByRole('combobox', { name: 'Role of bob' }));
    const options = await screen.findAllByTitle('Team admin');
    await user.click(options[options.length - 1]!);
    await waitFor(() => expect(params(api.callsTo('teamMember/save')[0])).toEqual({ id: '1', team_id: '3', team_member_group_id: '2' }));
  });

  it('removes after the confirmation', async () => {
    const api = site();
    const { user } = renderTeams('/team/member/3');
    await user.click(await screen.findByRole('button', { name: 'Remove bob' }));
    expect(api.callsTo('teamMember/delete')).toHaveLength(0);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /Remove/ }));
    await waitFor(() => expect(params(api.callsTo('teamMember/delete')[0])).toEqual({ id: '1' }));
  });

  it('is read-only for ordinary members', async () => {
    site();
    renderTeams('/team/member/4');
    const list = await screen.findByRole('list', { name: 'Members' });
    await screen.findByRole('heading', { name: 'Platform · Members of the team' });
    expect(within(list).getByText('Team admin')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove|Add/ })).toBeNull();
  });

  it('shows errors', async () => {
    site({ 'teamMember/save': fail(10209, 'No such user'), 'member/getMyAllList': ok([]) });
    const { user } = renderTeams('/team/member/3');
    await user.type(await screen.findByRole('combobox', { name: 'Username or e-mail' }), 'nobody');
    await user.click(screen.getByRole('button', { name: /Add/ }));
    expect(await screen.findByText('No such user')).toBeTruthy();
  });

  it('offers a retry when the list fails', async () => {
    site({ 'teamMember/getList': fail(10500, 'Something went wrong on the server') });
    renderTeams('/team/member/3');
    expect(await screen.findByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
