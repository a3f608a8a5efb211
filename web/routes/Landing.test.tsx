import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestSite, installFakeApi, ok } from '../test/fake-api';
import { renderScreen } from '../test/render';
import Landing from './Landing';
import Login from './Login';
import Register from './Register';

/** What the site settings change on the public screens: the home page mode and the ICP filing text (beian). */

const setting = (fields: Record<string, unknown>) =>
  ok({ home_page: '1', home_item: '', is_show_ai: 0, beian: '', register_open: 1, feedback_url: '', ...fields });

const renderRoutes = (path: string) => renderScreen(path, { '/': <Landing />, '/user/login': <Login />, '/user/register': <Register /> });

describe('home page setting', () => {
  it('1 shows the landing page', async () => {
    installFakeApi(guestSite({ 'common/homePageSetting': setting({ home_page: '1' }) }));
    const { location } = renderRoutes('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(location()).toBe('/');
  });

  it('2 sends visitors to the login screen', async () => {
    installFakeApi(guestSite({ 'common/homePageSetting': setting({ home_page: '2' }) }));
    const { location } = renderScreen('/', { '/': <Landing /> });
    await waitFor(() => expect(location()).toBe('/user/login'));
  });

  it('3 opens the chosen project', async () => {
    installFakeApi(guestSite({ 'common/homePageSetting': setting({ home_page: '3', home_item: 'handbook' }) }));
    const { location } = renderRoutes('/');
    await waitFor(() => expect(location()).toBe('/handbook'));
  });

  it('hides the sign-up buttons when registration is closed', async () => {
    installFakeApi(guestSite({ 'common/homePageSetting': setting({ register_open: 0 }) }));
    renderRoutes('/');
    expect((await screen.findAllByRole('link', { name: 'Log in' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /Get started/ })).toBeNull();
  });
});

describe('beian', () => {
  for (const path of ['/', '/user/login', '/user/register']) {
    it(`shows the filing text in the footer of ${path}, linked to the registry`, async () => {
      installFakeApi(guestSite({ 'common/homePageSetting': setting({ beian: '京ICP备12345678号-1' }) }));
      renderRoutes(path);
      const link = await screen.findByRole('link', { name: '京ICP备12345678号-1' });
      expect(link.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
      expect(link.closest('footer')).not.toBeNull();
    });
  }

  it('shows no filing link when the site has none', async () => {
    installFakeApi(guestSite({ 'common/homePageSetting': setting({ beian: '' }) }));
    renderRoutes('/user/login');
    expect(await screen.findByRole('button', { name: /Log in/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /ICP/ })).toBeNull();
  });
});
