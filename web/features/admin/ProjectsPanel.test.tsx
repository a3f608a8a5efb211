import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { adminSite, itemRow, params, renderAdmin } from './admin-test-site';

/** Live projects, and the deleted ones when `is_del=1` is asked. */
const itemLists = (live = [itemRow(5, 'Payments API', { username: 'alice' })], deleted = [itemRow(6, 'Old Wiki', { is_del: 1, del_time: '2026-11-10 09:00:00' })]) => ({
  'adminItem/getList': (form: URLSearchParams) =>
    form.get('is_del') === '1' ? ok({ total: deleted.length, items: deleted }) : ok({ total: live.length, items: live }),
});

// Buttons are found by their labels: a role query names every cell of an antd table, seconds a query in jsdom.
describe('the projects panel', () => {
  it('lists projects with a link to each, and searches by name and owner', async () => {
    const api = adminSite(itemLists());
    const { user } = renderAdmin('/admin/index?tab=projects');
    const link = await screen.findByRole('link', { name: 'Payments API' });
    expect(link.getAttribute('href')).toBe('/5');
    await user.type(screen.getByRole('textbox', { name: 'Search owner' }), 'ali');
    await waitFor(() => expect(api.callsTo('adminItem/getList').some((call) => call.params.get('username') === 'ali')).toBe(true));
    expect(params(api.callsTo('adminItem/getList').at(-1))).toEqual({ page: '1', count: '15', item_name: '', username: 'ali', is_del: '0' });
  });

  it('deletes a project after the confirmation, then recovers it from the deleted projects', async () => {
    const api = adminSite({ ...itemLists(), 'adminItem/deleteItem': ok([]), 'adminItem/recoverItem': ok([]) });
    const { user } = renderAdmin('/admin/index?tab=projects');
    await user.click(await screen.findByLabelText('Delete Payments API'));
    expect(api.callsTo('adminItem/deleteItem')).toHaveLength(0);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(params(api.callsTo('adminItem/deleteItem')[0])).toEqual({ item_id: '5' }));

    await user.click(screen.getByRole('switch'));
    await user.click(await screen.findByLabelText('Recover Old Wiki'));
    await waitFor(() => expect(params(api.callsTo('adminItem/recoverItem')[0])).toEqual({ item_id: '6' }));
  });

  it('deletes for ever only after a warning that it cannot be undone', async () => {
    const api = adminSite({ ...itemLists(), 'adminItem/hardDeleteItem': ok([]) });
    const { user } = renderAdmin('/admin/index?tab=projects');
    await user.click(await screen.findByRole('switch'));
    await user.click(await screen.findByLabelText('Delete Old Wiki for ever'));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(/cannot be undone/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete for ever' }));
    await waitFor(() => expect(params(api.callsTo('adminItem/hardDeleteItem')[0])).toEqual({ item_id: '6' }));
  });

  it('transfers a project to a username, showing a refusal at the field', async () => {
    let tries = 0;
    const api = adminSite({ ...itemLists(), 'adminItem/attorn': () => (++tries === 1 ? fail(10209, 'No such user') : ok([])) });
    const { user } = renderAdmin('/admin/index?tab=projects');
    await user.click(await screen.findByLabelText('Transfer Payments API'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Username of the new owner'), 'nobody{Enter}');
    expect(await within(dialog).findByText('No such user')).toBeTruthy();
    const field = within(dialog).getByLabelText('Username of the new owner');
    await user.clear(field);
    await user.type(field, 'bob{Enter}');
    await waitFor(() => expect(api.callsTo('adminItem/attorn')).toHaveLength(2));
    expect(params(api.callsTo('adminItem/attorn')[1])).toEqual({ item_id: '5', username: 'bob' });
  });

  it('says when there are no deleted projects', async () => {
    adminSite(itemLists([], []));
    const { user } = renderAdmin('/admin/index?tab=projects');
    await user.click(await screen.findByRole('switch'));
    expect(await screen.findByText('No deleted projects.')).toBeTruthy();
  });
});
