import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alice, guestSite, installFakeApi, ok } from '../test/fake-api';
import { fakeMatchMedia } from '../test/media';
import AdminIndex from '../routes/AdminIndex';
import { renderScreen } from '../test/render';
import { AppHeader } from './AppHeader';

const admin = { ...alice, uid: 1, username: 'root', name: 'Root', groupid: 1 };
const home = { home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 1 };

function site(user: typeof alice, setting: Record<string, unknown> = {}) {
  installFakeApi(guestSite({ 'user/info': ok(user), 'common/homePageSetting': ok({ ...home, ...setting }), 'message/getUnread': ok({ remind: [], announce: [] }) }));
}

/** The header on its own, at the address it is looked at on. */
const renderHeader = (path: string) => renderScreen(path, { [path]: <AppHeader /> });
const renderAdmin = () => renderScreen('/admin/index', { '/admin/index': <AdminIndex /> });

const header = async () => within(await screen.findByRole('navigation', { name: 'Menu' }));

describe('the header icons (seed 000 §2)', () => {
  it('an administrator gets the admin console icon; attachments, teams and notices are there', async () => {
    site(admin);
    renderHeader('/item/index');
    const nav = await header();
    expect((await nav.findByRole('link', { name: 'Administration' })).getAttribute('href')).toBe('/admin/index');
    expect(nav.getByRole('link', { name: 'My attachments' }).getAttribute('href')).toBe('/attachment/index');
    expect(nav.getByRole('link', { name: 'Teams' }).getAttribute('href')).toBe('/team/index');
    expect(nav.getByRole('link', { name: 'Messages' })).toBeTruthy();
  });

  it('an ordinary user gets no admin icon', async () => {
    site(alice);
    renderHeader('/item/index');
    const nav = await header();
    await nav.findByRole('link', { name: 'Teams' });
    expect(nav.queryByRole('link', { name: 'Administration' })).toBeNull();
  });

  it('feedback shows only when the site has a feedback address, and opens it in a new tab', async () => {
    site(alice, { feedback_url: 'https://support.example.com/folio' });
    renderHeader('/item/index');
    const link = await (await header()).findByRole('link', { name: 'Feedback' });
    expect(link.getAttribute('href')).toBe('https://support.example.com/folio');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('no feedback icon without an address, nor for an address that is not http(s)', async () => {
    site(alice, { feedback_url: 'javascript:alert(1)' });
    renderHeader('/item/index');
    const nav = await header();
    await nav.findByRole('link', { name: 'Teams' });
    expect(nav.queryByRole('link', { name: 'Feedback' })).toBeNull();
  });

  it('guests get no icons for logged-in people', async () => {
    installFakeApi(guestSite());
    renderHeader('/');
    const nav = await header();
    expect(nav.queryByRole('link', { name: 'Teams' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Administration' })).toBeNull();
  });

  it('on a phone the icons fold into the menu; the bell stays', async () => {
    vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query.includes('max-width')));
    site(admin);
    const { user, location } = renderHeader('/item/index');
    const nav = await header();
    await nav.findByRole('link', { name: 'Messages' });
    expect(nav.queryByRole('link', { name: 'Teams' })).toBeNull();
    await user.click(nav.getByRole('button', { name: 'Menu' }));
    const menu = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
    expect(within(menu).getByRole('menuitem', { name: /My attachments/ })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: /Teams/ })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: /Administration/ }));
    await vi.waitFor(() => expect(location()).toBe('/admin/index'));
  });
});

describe('/admin/index', () => {
  it('opens the console for an administrator', async () => {
    site(admin);
    renderAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy();
  });

  it('tells anyone else it is for administrators', async () => {
    site(alice);
    renderAdmin();
    expect(await screen.findByText('Only site administrators can open the administrator console')).toBeTruthy();
  });

  it('sends a guest to log in', async () => {
    installFakeApi(guestSite());
    const { location } = renderAdmin();
    await vi.waitFor(() => expect(location()).toBe('/user/login?redirect=/admin/index'));
  });
});
