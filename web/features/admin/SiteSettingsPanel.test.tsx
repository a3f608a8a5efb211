import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { adminSite, itemRow, params, renderAdmin } from './admin-test-site';

describe('the site settings panel', () => {
  it('shows every setting with what it does, and saves only what changed', async () => {
    const api = adminSite({ 'adminSetting/saveConfig': ok([]) });
    const { user } = renderAdmin('/admin/index?tab=settings');
    const register = await screen.findByRole('switch', { name: 'Anyone may register' });
    expect(screen.getByText(/only administrators add accounts/)).toBeTruthy();
    expect(screen.getByLabelText('Versions kept per page')).toBeTruthy();
    expect(screen.getByLabelText('ICP filing number')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Sample projects for new accounts' }).getAttribute('aria-checked')).toBe('true');
    await user.click(register);
    await user.type(screen.getByLabelText('ICP filing number'), '京ICP备00000001号');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('adminSetting/saveConfig')).toHaveLength(1));
    expect(params(api.callsTo('adminSetting/saveConfig')[0])).toEqual({ register_open: '0', beian: '京ICP备00000001号' });
    expect(await screen.findByText('Settings saved')).toBeTruthy();
  });

  it("puts the server's refusal at the field that changed", async () => {
    adminSite({ 'adminSetting/saveConfig': fail(10101, 'Keep between 1 and 200 versions') });
    const { user } = renderAdmin('/admin/index?tab=settings');
    const versions = await screen.findByLabelText('Versions kept per page');
    await user.clear(versions);
    await user.type(versions, '999{Enter}');
    const message = await screen.findByText('Keep between 1 and 200 versions');
    expect(message.closest('.ant-form-item')?.textContent).toContain('Versions kept per page');
  });

  it('switches the home page to a public project picked from a search', async () => {
    const api = adminSite({
      'adminSetting/saveConfig': ok([]),
      'adminItem/getList': ok({ total: 2, items: [itemRow(5, 'Public Handbook'), itemRow(6, 'Secret Plans', { is_private: 1 })] }),
    });
    const { user } = renderAdmin('/admin/index?tab=settings');
    await user.click(await screen.findByRole('radio', { name: 'A public project' }));
    const picker = await screen.findByRole('combobox', { name: 'Project shown as the home page' });
    await user.click(picker);
    expect(await screen.findByText('Public Handbook (#5, alice)', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    expect(screen.queryByText(/Secret Plans/)).toBeNull();
    await user.click(screen.getByText('Public Handbook (#5, alice)', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('adminSetting/saveConfig')).toHaveLength(1));
    expect(params(api.callsTo('adminSetting/saveConfig')[0])).toEqual({ home_page: '3', home_item: '5' });
  });

  it('sends an announcement to everyone after a confirmation, lists and deletes it', async () => {
    let sent = false;
    const row = { id: 4, message_content: 'Maintenance tonight at 22:00', from_name: 'Root', addtime: '2026-11-20 10:00:00', read_count: 0 };
    const api = adminSite({
      'adminMessage/addAnnouncement': () => ((sent = true), ok({ id: 4 })),
      'adminMessage/listAnnouncements': () => ok(sent ? { total: 1, list: [row] } : { total: 0, list: [] }),
      'adminMessage/deleteAnnouncement': ok([]),
    });
    const { user } = renderAdmin('/admin/index?tab=settings');
    expect(await screen.findByText('No announcements yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Announcement'), 'Maintenance tonight at 22:00');
    await user.click(screen.getByRole('button', { name: 'Send to everyone' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Send this announcement to every user?').length).toBeGreaterThan(0);
    expect(api.callsTo('adminMessage/addAnnouncement')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Send to everyone' }));
    await waitFor(() => expect(params(api.callsTo('adminMessage/addAnnouncement')[0])).toEqual({ message_content: 'Maintenance tonight at 22:00' }));
    const list = await screen.findByRole('list', { name: 'Announcements sent' });
    expect(within(list).getByText('Maintenance tonight at 22:00')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Delete the announcement of 2026-11-20 10:00:00' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(params(api.callsTo('adminMessage/deleteAnnouncement')[0])).toEqual({ id: '4' }));
  });
});
