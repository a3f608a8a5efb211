import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../test/fake-api';
import { renderTeams, team, teamSite } from '../test/team-render';

const params = (call: { params: URLSearchParams } | undefined) => Object.fromEntries(call?.params ?? []);

describe('the teams screen', () => {
  it('lists my teams with their counts, write controls only where I manage', async () => {
    teamSite();
    renderTeams('/team/index');
    const list = await screen.findByRole('list', { name: 'My teams' });
    const [mine, theirs] = within(list).getAllByRole('listitem');
    expect(within(mine!).getByText('Payments')).toBeTruthy();
    expect(within(mine!).getByText('2 members · 1 projects')).toBeTruthy();
    expect(within(mine!).getByRole('button', { name: 'Delete Payments' })).toBeTruthy();
    expect(within(mine!).getByRole('link', { name: 'Members' }).getAttribute('href')).toBe('/team/member/3');
    expect(within(mine!).getByRole('link', { name: 'Projects' }).getAttribute('href')).toBe('/team/item/3');
    expect(within(theirs!).queryByRole('button', { name: /Rename|Transfer|Delete/ })).toBeNull();
    expect(within(theirs!).getByRole('button', { name: 'Leave Platform' })).toBeTruthy();
  });

  it('creates a team from the name dialog', async () => {
    let created = false;
    const api = teamSite({
      'team/getList': () => ok(created ? [team(5, 'Mobile', 1), team(3, 'Payments', 1)] : [team(3, 'Payments', 1)]),
      'team/save': () => ((created = true), ok(team(5, 'Mobile', 1))),
    });
    const { user } = renderTeams('/team/index');
    await user.click(await screen.findByRole('button', { name: /New team/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a name for the team');
    await user.type(within(dialog).getByRole('textbox', { name: 'Team name' }), 'Mobile');
    await user.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(screen.getByText('Mobile')).toBeTruthy());
    expect(params(api.callsTo('team/save')[0])).toEqual({ id: '0', team_name: 'Mobile' });
  });

  it('transfers with the receiver and my password', async () => {
    const api = teamSite({ 'team/attorn': ok([]) });
    const { user } = renderTeams('/team/index');
    await user.click(await screen.findByRole('button', { name: /Transfer/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Username of the receiver' }), 'carol');
    await user.type(within(dialog).getByLabelText('Your login password'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: /Transfer/ }));
    await waitFor(() => expect(api.callsTo('team/attorn')).toHaveLength(1));
    expect(params(api.callsTo('team/attorn')[0])).toEqual({ team_id: '3', username: 'carol', password: 'secret-1' });
  });

  it('deletes only after the confirmation', async () => {
    const api = teamSite({ 'team/delete': ok({ success: true }) });
    const { user } = renderTeams('/team/index');
    await user.click(await screen.findByRole('button', { name: 'Delete Payments' }));
    expect(api.callsTo('team/delete')).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(params(api.callsTo('team/delete')[0])).toEqual({ id: '3' }));
  });

  it('shows the server refusal when leaving fails', async () => {
    teamSite({ 'team/exitTeam': fail(10101, 'The owner cannot leave the team') });
    const { user } = renderTeams('/team/index');
    await user.click(await screen.findByRole('button', { name: 'Leave Platform' }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: /Leave/ }));
    expect(await screen.findByText('The owner cannot leave the team')).toBeTruthy();
  });

  it('says when there are no teams, and offers a retry on errors', async () => {
    let calls = 0;
    teamSite({ 'team/getList': () => (++calls === 1 ? fail(10500, 'Something went wrong on the server') : ok([])) });
    const { user } = renderTeams('/team/index');
    await user.click(await screen.findByRole('button', { name: /Try again/ }));
    expect(await screen.findByText(/No teams yet/)).toBeTruthy();
  });
});
