import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, fail, guestSite, installFakeApi, ok } from '../test/fake-api';
import { itemInfo } from '../test/project-answers';
import ItemPassword from './ItemPassword';
import { renderProjectView } from '../test/render';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderProjectView(path, { '/item/password/:itemId': <ItemPassword /> });

const project = itemInfo({ item_id: 5, item_name: 'Payments API', item_description: 'How to take money', item_domain: 'pay', is_private: 1, is_login: false });

/** A guest on a site with one private project, 5 (domain `pay`), whose visit password is `open-sesame`. */
function privateProjectSite(overrides: Record<string, unknown> = {}) {
  let granted = false;
  return installFakeApi(
    guestSite({
      'item/info': (params: URLSearchParams) => {
        const ref = params.get('item_id');
        if (ref !== '5' && ref !== 'pay') return fail(10101, 'This project does not exist or has been deleted');
        return granted ? ok(project) : fail(10307, 'This project needs its visit password');
      },
      'item/pwd': (params: URLSearchParams) => {
        if (params.get('captcha') !== 'abcd') return fail(10206, 'The captcha is wrong or has expired');
        if (params.get('password') !== 'open-sesame') return fail(10010, 'The visit password is wrong');
        granted = true;
        return ok({ item_id: 5 });
      },
      ...overrides,
    }),
  );
}

const captchaImage = () => screen.getByRole('img', { name: 'Captcha picture. Click for a new one' });

describe('project routes', () => {
  it('a private project sends the visitor to its password screen, and back after the right password', async () => {
    const api = privateProjectSite();
    const { user, location } = renderRoutes('/5');

    await waitFor(() => expect(location()).toBe('/item/password/5?redirect=/5'));
    expect(await screen.findByRole('heading', { name: 'This project is private' })).toBeTruthy();
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=901'));

    // A wrong password: alerted, the captcha is new and empty, the password stays.
    await user.type(screen.getByLabelText('Visit password'), 'guess');
    await user.type(screen.getByLabelText('Captcha'), 'abcd{Enter}');
    expect(await screen.findByText('The visit password is wrong')).toBeTruthy();
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=902'));
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
    expect(location()).toBe('/item/password/5?redirect=/5');

    const password = screen.getByLabelText('Visit password');
    await user.clear(password);
    await user.type(password, 'open-sesame');
    await user.type(screen.getByLabelText('Captcha'), 'abcd{Enter}');

    await waitFor(() => expect(location()).toBe('/5'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments API' })).toBeTruthy();
    expect(screen.getByText('How to take money')).toBeTruthy();
    const sent = api.callsTo('item/pwd').at(-1)?.params;
    expect(Object.fromEntries(sent ?? [])).toEqual({ item_id: '5', password: 'open-sesame', captcha: 'abcd', captcha_id: '902' });
    // The grant is a cookie the server set: nothing is kept in the browser's storage.
    expect(window.sessionStorage.length).toBe(0);
  });

  it('goes to the redirect after the password, and to the project without one', async () => {
    privateProjectSite();
    const { user, location } = renderRoutes('/item/password/pay?redirect=/pay/12');
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=901'));

    await user.type(screen.getByLabelText('Visit password'), 'open-sesame');
    await user.type(screen.getByLabelText('Captcha'), 'abcd{Enter}');

    await waitFor(() => expect(location()).toBe('/pay/12'));
  });

  it('ignores an unsafe redirect out loud and goes to the project', async () => {
    privateProjectSite();
    const { user, location } = renderRoutes('/item/password/5?redirect=//evil.example/');
    expect(await screen.findByText('Illegal redirect', undefined)).toBeTruthy();
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=901'));

    await user.type(screen.getByLabelText('Visit password'), 'open-sesame');
    await user.type(screen.getByLabelText('Captcha'), 'abcd{Enter}');

    await waitFor(() => expect(location()).toBe('/5'));
  });

  it('links guests to the login screen, which brings them back here', async () => {
    privateProjectSite();
    renderRoutes('/item/password/5?redirect=/5');

    await screen.findByRole('heading', { name: 'This project is private' });
    const login = within(screen.getByRole('main')).getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/user/login?redirect=/item/password/5');
  });

  it('sends someone who may read the project already straight on', async () => {
    installFakeApi(guestSite({ 'user/info': ok(alice), 'item/info': ok({ ...project, is_login: true }) }));
    const { location } = renderRoutes('/item/password/5?redirect=/5/7');
    await waitFor(() => expect(location()).toBe('/5/7'));
  });

  it('opens a project by its personal domain', async () => {
    const api = installFakeApi(guestSite({ 'item/info': ok({ ...project, is_private: 0 }) }));
    renderRoutes('/pay');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments API' })).toBeTruthy();
    expect(api.callsTo('item/info')[0]?.params.get('item_id')).toBe('pay');
  });

  it('an unknown project shows the not-found screen, without an alert', async () => {
    privateProjectSite();
    renderRoutes('/nosuchproject');
    expect(await screen.findByRole('heading', { name: 'We could not find this page' })).toBeTruthy();
    expect(screen.queryByText('This project does not exist or has been deleted')).toBeNull();
  });

  it('a page id that is not a number is not found either', async () => {
    const api = privateProjectSite();
    renderRoutes('/5/abc');
    expect(await screen.findByRole('heading', { name: 'We could not find this page' })).toBeTruthy();
    expect(api.callsTo('item/info')).toHaveLength(0);
  });

  it('a site that wants a login sends the guest to it', async () => {
    installFakeApi(guestSite({ 'item/info': fail(10312, 'Please log in first') }));
    const { location } = renderRoutes('/5/7');
    await waitFor(() => expect(location()).toBe('/user/login?redirect=/5/7'));
  });
});
