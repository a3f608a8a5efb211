import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alice, fail, guestSite, installFakeApi, ok } from './test/fake-api';
import { renderApp } from './test/render';
import { fakeMatchMedia } from './test/media';

const homeSetting = (overrides: object) =>
  ok({ home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 1, ...overrides });

describe('landing page', () => {
  it('shows the features and the way in for guests, with the filing number', async () => {
    installFakeApi(guestSite({ 'common/homePageSetting': homeSetting({ home_page: '1', beian: '京ICP备12345678号' }) }));
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation your team can actually find' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Data dictionaries' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: 'Get started free' })[0]?.getAttribute('href')).toBe('/user/register');
    expect(within(main).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/user/login');
    expect(screen.getByRole('link', { name: '京ICP备12345678号' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /See a demo/ })).toBeNull();
  });

  it('offers the project list to someone logged in, and the demo when the site has one', async () => {
    installFakeApi(guestSite({ 'user/info': ok(alice), 'common/homePageSetting': homeSetting({ home_item: 'demo' }) }));
    renderApp('/');

    expect((await screen.findByRole('link', { name: 'Go to my projects' })).getAttribute('href')).toBe('/item/index');
    expect(screen.getByRole('link', { name: /See a demo/ }).getAttribute('href')).toBe('/demo');
    expect(screen.queryByRole('link', { name: 'Get started free' })).toBeNull();
  });

  it('mode 2 sends visitors to the login screen', async () => {
    installFakeApi(guestSite({ 'common/homePageSetting': homeSetting({ home_page: '2' }) }));
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toBe('/user/login'));
  });

  it('mode 3 opens the chosen project', async () => {
    installFakeApi(guestSite({ 'common/homePageSetting': homeSetting({ home_page: '3', home_item: '42' }) }));
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toBe('/42'));
  });
});

describe('project list home', () => {
  it('sends guests to login and brings them back', async () => {
    installFakeApi(guestSite());
    const { location } = renderApp('/item/index');
    await waitFor(() => expect(location()).toBe('/user/login?redirect=/item/index'));
  });

  it('shows the groups and the empty state to someone logged in', async () => {
    installFakeApi(guestSite({ 'user/info': ok(alice) }));
    renderApp('/item/index');

    expect(await screen.findByRole('heading', { name: 'All projects' })).toBeTruthy();
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Project groups' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account menu for Alice' })).toBeTruthy();
  });
});

describe('user center', () => {
  it('/user/setting opens over the project list; it saves the name and logs out', async () => {
    const api = installFakeApi(
      guestSite({ 'user/info': ok(alice), 'user/updateInfo': ok([]), 'user/logout': ok([]) }),
    );
    const { user, location } = renderApp('/user/setting');

    const dialog = await screen.findByRole('dialog', { name: 'User center' });
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe('alice');
    const name = within(dialog).getByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Alice L.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your name has been saved')).toBeTruthy();
    expect(api.callsTo('user/updateInfo')[0]?.params.get('name')).toBe('Alice L.');

    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location()).toBe('/user/login'));
    expect(api.callsTo('user/logout')[0]?.params.get('confirm')).toBe('1');
  });

  it('checks that the new password was typed twice the same', async () => {
    const api = installFakeApi(guestSite({ 'user/info': ok(alice), 'user/resetPassword': ok([]) }));
    const { user } = renderApp('/user/setting');
    const dialog = await screen.findByRole('dialog', { name: 'User center' });
    // The e-mail form asks for the current password too: this is the password section's.
    const section = within(within(dialog).getByRole('region', { name: 'Change password' }));

    await user.type(section.getByLabelText('Current password'), 'old-secret');
    await user.type(section.getByLabelText('New password'), 'new-secret');
    await user.type(section.getByLabelText('Repeat new password'), 'new-secreT');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('The two passwords do not match')).toBeTruthy();
    expect(api.callsTo('user/resetPassword')).toHaveLength(0);

    await user.clear(section.getByLabelText('Repeat new password'));
    await user.type(section.getByLabelText('Repeat new password'), 'new-secret');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Your other sessions have been signed out.')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('user/resetPassword')[0]?.params ?? [])).toEqual({
      password: 'old-secret',
      new_password: 'new-secret',
    });
  });

  it('opens from the header’s user menu', async () => {
    installFakeApi(guestSite({ 'user/info': ok(alice) }));
    const { user } = renderApp('/item/index');

    await user.click(await screen.findByRole('button', { name: 'Account menu for Alice' }));
    await user.click(await screen.findByRole('menuitem', { name: 'User center' }));

    expect(await screen.findByRole('dialog', { name: 'User center' })).toBeTruthy();
  });
});

describe('token login', () => {
  it('hides the token, logs in and follows a safe redirect_uri', async () => {
    let loggedIn = false;
    const api = installFakeApi(
      guestSite({
        'user/info': () => (loggedIn ? ok(alice) : fail(10102, 'Not logged in')),
        'user/loginByUserToken': () => {
          loggedIn = true;
          return ok({ ...alice, user_token: 'abc' });
        },
      }),
    );
    window.history.replaceState(null, '', '/user/loginByUserToken?user_token=abc&redirect_uri=/item/index');
    const { location } = renderApp('/user/loginByUserToken?user_token=abc&redirect_uri=/item/index');

    await waitFor(() => expect(location()).toBe('/item/index'));
    expect(window.location.search).not.toContain('user_token');
    expect(api.callsTo('user/loginByUserToken')).toHaveLength(1);
    expect(api.callsTo('user/loginByUserToken')[0]?.params.get('user_token')).toBe('abc');
    window.history.replaceState(null, '', '/');
  });

  it('A13 · ignores an unsafe redirect_uri', async () => {
    installFakeApi(guestSite({ 'user/loginByUserToken': ok({ ...alice, user_token: 'abc' }) }));
    const { location } = renderApp('/user/loginByUserToken?user_token=abc&redirect_uri=https://evil.example/');
    await waitFor(() => expect(location()).toBe('/item/index'));
  });

  it('explains a token that does not work', async () => {
    installFakeApi(guestSite({ 'user/loginByUserToken': fail(10102, 'Not logged in') }));
    renderApp('/user/loginByUserToken?user_token=expired');
    expect(await screen.findByText('This sign-in link does not work')).toBeTruthy();
  });
});

describe('unknown paths', () => {
  it('show a friendly not-found screen with a way home', async () => {
    installFakeApi(guestSite());
    renderApp('/no/such/screen');
    expect(await screen.findByRole('heading', { name: 'We could not find this page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });
});

describe('header on a phone', () => {
  it('folds the language choice and the account links into one menu', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(fakeMatchMedia((query) => query.includes('max-width: 599')));
    installFakeApi(guestSite());
    const { user, location } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('menuitem', { name: '中文' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Log in' }));

    await waitFor(() => expect(location()).toBe('/user/login'));
    vi.restoreAllMocks();
  });
});
