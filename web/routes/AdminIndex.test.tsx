import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSite, adminMe, renderAdmin } from '../features/admin/admin-test-site';
import { alice, guestSite, installFakeApi, ok } from '../test/fake-api';
import { renderApp } from '../test/render';
import i18n from '../i18n';

describe('the administrator console', () => {
  it('opens on the users panel; choosing a panel puts it in the address', async () => {
    adminSite();
    const { user, location } = renderAdmin('/admin/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Projects' }));
    await waitFor(() => expect(location()).toBe('/admin/index?tab=projects'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Projects' })).toBeTruthy();
  });

  it('speaks Chinese: the menu, the users panel and its actions', async () => {
    adminSite();
    await i18n.changeLanguage('zh-CN');
    renderAdmin('/admin/index');
    expect(await screen.findByRole('heading', { level: 1, name: '管理后台' })).toBeTruthy();
    for (const tab of ['用户管理', '项目管理', '附件管理', '外部登录', '站点设置', '关于本站']) expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    // Text queries: role queries over an antd table are slow in jsdom (see UsersPanel.test.tsx).
    expect(await screen.findByText('添加用户')).toBeTruthy();
    expect(screen.getAllByText('注册时间').length).toBeGreaterThan(0);
  });

  it('shows the three ways in from elsewhere on the external login tab', async () => {
    adminSite();
    renderAdmin('/admin/index?tab=externalLogin');
    expect(await screen.findByRole('heading', { name: 'LDAP' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'OAuth2 / OpenID Connect' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Login secret key' })).toBeTruthy();
  });

  it('shows the about panel: version, database, storage, uptime, counts, and that no update source is set', async () => {
    adminSite();
    renderAdmin('/admin/index?tab=about');
    expect(await screen.findByText('0.4.0')).toBeTruthy();
    expect(screen.getByText('SQLite, 3.00 MB')).toBeTruthy();
    expect(screen.getByText('Local folder (./data/uploads), 1.00 MB')).toBeTruthy();
    expect(screen.getByText('1 d 1 h 1 min')).toBeTruthy();
    expect(screen.getByText('3 users · 4 projects · 12 pages')).toBeTruthy();
    expect(await screen.findByText(/No update source is configured/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://folio.example/docs' })).toBeTruthy();
  });

  it('tells an ordinary user it is for administrators, and asks them nothing of the admin API', async () => {
    const api = installFakeApi(guestSite({ 'user/info': ok(alice), 'message/getUnread': ok({ remind: [], announce: [], remind_count: 0 }) }));
    renderAdmin('/admin/index');
    expect(await screen.findByText('Only site administrators can open the administrator console')).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith('admin'))).toEqual([]);
  });

  it('sends a guest to log in and back', async () => {
    installFakeApi(guestSite());
    const { location } = renderAdmin('/admin/index?tab=users');
    // The login screen's return path carries no query with '=' (seed 000 §5), so the panel is dropped.
    await waitFor(() => expect(location()).toBe('/user/login?redirect=/admin/index'));
  });

  it('answers the paid-upgrade routes with a page that says there are no paid tiers', async () => {
    installFakeApi(guestSite({ 'user/info': ok(adminMe), 'message/getUnread': ok({ remind: [], announce: [], remind_count: 0 }) }));
    renderApp('/prices');
    expect(await screen.findByText('Folio has no paid tiers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'About this site' }).getAttribute('href')).toBe('/admin/index?tab=about');
  });
});
