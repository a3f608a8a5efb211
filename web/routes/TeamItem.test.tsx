import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../test/fake-api';
import { listItem } from '../test/items';
import { renderTeams, teamSite } from '../test/team-render';

const teamItem = (id: number, itemId: number, name: string) => ({ id, team_id: 3, item_id: itemId, item_name: name, item_description: '', addtime: '2026-11-02 09:00:00' });
const params = (call: { params: URLSearchParams } | undefined) => Object.fromEntries(call?.params ?? []);

function site(overrides: Record<string, unknown> = {}) {
  return teamSite({
    'teamItem/getListByTeam': ok([teamItem(11, 5, 'Payment API')]),
    'item/myList': ok([listItem({ item_id: 5, item_name: 'Payment API', manage: 1 }), listItem({ item_id: 6, item_name: 'Billing', manage: 1 }), listItem({ item_id: 8, item_name: 'Not mine', manage: 0 })]),
    'teamItemMember/getList': ok([
      { id: 41, member_username: 'bob', name: '', member_group_id: 1, cat_id: 0, cat_ids: [], cat_name: '', item_id: 5, addtime: '2026-11-02 09:00:00' },
    ]),
    'catalog/catListGroup': ok([]),
    'teamItemMember/save': ok({ success: true }),
    'teamItem/save': ok({ id: 12 }),
    'teamItem/delete': ok({ success: true }),
    ...overrides,
  });
}

describe('the team projects screen', () => {
  it('lists the projects, linking to them', async () => {
    site();
    renderTeams('/team/item/3');
    expect((await screen.findByRole('link', { name: 'Payment API' })).getAttribute('href')).toBe('/5');
  });

  it('adds projects I manage that are not in the team yet', async () => {
    const api = site();
    const { user } = renderTeams('/team/item/3');
    await user.click(await screen.findByRole('combobox', { name: 'Projects I manage' }));
    await waitFor(() => expect(screen.getAllByTitle('Billing').length).toBeGreaterThan(0));
    expect(screen.queryByTitle('Not mine')).toBeNull();
    const billing = screen.getAllByTitle('Billing');
    await user.click(billing[billing.length - 1]!);
    await user.click(screen.getByRole('button', { name: /Add projects/ }));
    await waitFor(() => expect(params(api.callsTo('teamItem/save')[0])).toEqual({ team_id: '3', item_id: '6' }));
  });

  it('changes a member’s rights in a project with the row id', async () => {
    const api = site();
    const { user } = renderTeams('/team/item/3');
    await screen.findByRole('link', { name: 'Payment API' });
    await user.click(document.querySelector('.ant-collapse-expand-icon')!);
    await user.click(await screen.findByRole('combobox', { name: 'Rights of bob' }));
    const options = await screen.findAllByTitle('Read-only');
    await user.click(options[options.length - 1]!);
    await waitFor(() => expect(params(api.callsTo('teamItemMember/save')[0])).toEqual({ id: '41', member_group_id: '0' }));
  });

  it('removes a project after the confirmation', async () => {
    const api = site();
    const { user } = renderTeams('/team/item/3');
    await user.click(await screen.findByRole('button', { name: 'Remove Payment API from the team' }));
    expect(api.callsTo('teamItem/delete')).toHaveLength(0);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /Remove/ }));
    await waitFor(() => expect(params(api.callsTo('teamItem/delete')[0])).toEqual({ id: '11' }));
  });

  it('hides write controls from ordinary members', async () => {
    site();
    renderTeams('/team/item/4');
    await screen.findByRole('link', { name: 'Payment API' });
    await screen.findByRole('heading', { name: 'Platform · Projects of the team' });
    expect(screen.queryByRole('combobox', { name: 'Projects I manage' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('shows errors', async () => {
    site({ 'teamItemMember/save': fail(10303, 'You cannot manage this project') });
    const { user } = renderTeams('/team/item/3');
    await screen.findByRole('link', { name: 'Payment API' });
    await user.click(document.querySelector('.ant-collapse-expand-icon')!);
    await user.click(await screen.findByRole('combobox', { name: 'Rights of bob' }));
    const options = await screen.findAllByTitle('Manager');
    await user.click(options[options.length - 1]!);
    expect(await screen.findByText('You cannot manage this project')).toBeTruthy();
  });
});
