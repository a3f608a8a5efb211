import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { adminSite, params, renderAdmin, userRow } from './admin-test-site';

const usersTable = async () => {
  await screen.findByText('alice');
  return screen.getByRole('table');
};
const rowOf = (name: string) => screen.getByText(name, { selector: 'strong' }).closest('tr') as HTMLElement;

describe('the users panel', () => {
  it('lists the accounts with role, status and what they own; administrators have no delete button', async () => {
    adminSite();
    renderAdmin('/admin/index?tab=users');
    await usersTable();
    expect(within(rowOf('alice')).getByText('2 projects · 3 files')).toBeTruthy();
    expect(within(rowOf('root')).getByText('Administrator')).toBeTruthy();
    expect(within(rowOf('root')).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(rowOf('bob')).getByLabelText('Delete bob')).toBeTruthy();
  });

  it('searches by the typed text from page 1', async () => {
    const api = adminSite();
    const { user } = renderAdmin();
    await usersTable();
    await user.type(screen.getByRole('textbox', { name: 'Search username, name or e-mail' }), 'ali');
    await waitFor(() => expect(api.callsTo('adminUser/getList').some((call) => call.params.get('username') === 'ali')).toBe(true));
    const last = api.callsTo('adminUser/getList').at(-1);
    expect(params(last)).toEqual({ page: '1', count: '15', username: 'ali' });
  });

  it('adds a user with username, password and name; Enter submits', async () => {
    const api = adminSite({ 'adminUser/addUser': ok([]) });
    const { user } = renderAdmin();
    await usersTable();
    await user.click(screen.getByRole('button', { name: /Add user/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Username'), 'carol');
    await user.type(within(dialog).getByLabelText('Name'), 'Carol');
    await user.type(within(dialog).getByLabelText('Password'), 'c-secret-1{Enter}');
    await waitFor(() => expect(api.callsTo('adminUser/addUser')).toHaveLength(1));
    expect(params(api.callsTo('adminUser/addUser')[0])).toEqual({ uid: '0', username: 'carol', password: 'c-secret-1', name: 'Carol' });
  });

  it('edits the name, and changes the password only when one is typed', async () => {
    const api = adminSite({ 'adminUser/addUser': ok([]), 'adminUser/changePassword': ok([]) });
    const { user } = renderAdmin();
    await usersTable();
    await user.click(screen.getByLabelText('Edit alice'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).disabled).toBe(true);
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Alice L.');
    await user.type(within(dialog).getByLabelText('New password'), 'new-secret-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('adminUser/changePassword')).toHaveLength(1));
    expect(params(api.callsTo('adminUser/addUser')[0])).toEqual({ uid: '7', username: 'alice', password: '', name: 'Alice L.' });
    expect(params(api.callsTo('adminUser/changePassword')[0])).toEqual({ uid: '7', new_password: 'new-secret-2' });
  });

  it('shows the server refusal in the add dialog', async () => {
    adminSite({ 'adminUser/addUser': fail(10101, 'That username is taken') });
    const { user } = renderAdmin();
    await usersTable();
    await user.click(screen.getByRole('button', { name: /Add user/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Username'), 'alice');
    await user.type(within(dialog).getByLabelText('Password'), 'whatever-1{Enter}');
    expect(await within(dialog).findByText('That username is taken')).toBeTruthy();
  });

  it('disables an account', async () => {
    const api = adminSite({ 'adminUser/setDisabled': ok([]) });
    const { user } = renderAdmin();
    await usersTable();
    await user.click(screen.getByLabelText('Disable bob'));
    await waitFor(() => expect(params(api.callsTo('adminUser/setDisabled')[0])).toEqual({ uid: '9', is_disabled: '1' }));
  });

  it('promotes after a confirmation', async () => {
    const api = adminSite({ 'adminUser/setGroup': ok([]) });
    const { user } = renderAdmin();
    await usersTable();
    await user.click(screen.getByLabelText('Make bob an administrator'));
    expect(api.callsTo('adminUser/setGroup')).toHaveLength(0);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(params(api.callsTo('adminUser/setGroup')[0])).toEqual({ uid: '9', groupid: '1' }));
  });

  it('deletes a user after saying what they own, transferring it to me by default', async () => {
    const api = adminSite({ 'adminUser/deleteUser': ok({ projects: 'transfer', items: 2, files: 3, receiver_uid: 1 }) });
    const { user } = renderAdmin();
    await usersTable();
    await user.click(screen.getByLabelText('Delete alice'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/owns 2 projects and uploaded 3 files/)).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Transfer them to an administrator' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('adminUser/deleteUser')).toHaveLength(1));
    expect(params(api.callsTo('adminUser/deleteUser')[0])).toEqual({ uid: '7', projects: 'transfer', receiver_uid: '1' });
  });

  it('deletes a user with their projects when chosen', async () => {
    const api = adminSite({ 'adminUser/deleteUser': ok({ projects: 'delete', items: 2, files: 3, receiver_uid: 0 }) });
    const { user } = renderAdmin();
    await usersTable();
    await user.click(screen.getByLabelText('Delete alice'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Delete them with the account' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(params(api.callsTo('adminUser/deleteUser')[0])).toEqual({ uid: '7', projects: 'delete', receiver_uid: '0' }));
  });

  it("shows one user's login log with time, address, result and reason", async () => {
    const api = adminSite({
      'adminUser/loginLog': ok({
        total: 1,
        list: [{ id: 1, uid: 9, username: 'bob', ip: '10.1.2.3', user_agent: 'Firefox', success: 0, reason: 'password', addtime: '2026-11-05 08:00:00' }],
      }),
    });
    const { user } = renderAdmin();
    await usersTable();
    await user.click(screen.getByLabelText('Login log of bob'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('10.1.2.3')).toBeTruthy();
    expect(within(dialog).getByText('Refused')).toBeTruthy();
    expect(within(dialog).getByText('Wrong password')).toBeTruthy();
    expect(within(dialog).getByText('2026-11-05 08:00:00')).toBeTruthy();
    expect(params(api.callsTo('adminUser/loginLog')[0])).toMatchObject({ uid: '9', page: '1' });
  });

  it('says when there are no users, and retries after a failure', async () => {
    let calls = 0;
    adminSite({ 'adminUser/getList': () => (++calls === 1 ? fail(10500, 'Something went wrong on the server') : ok({ total: 0, users: [] })) });
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('No users yet.')).toBeTruthy();
  });

  it('keeps a row when the list is one account', async () => {
    adminSite({ 'adminUser/getList': ok({ total: 1, users: [userRow(1, 'root', { groupid: 1 })] }) });
    renderAdmin();
    expect(await screen.findByText('root', { selector: 'strong' })).toBeTruthy();
  });
});
