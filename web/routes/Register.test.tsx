import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, fail, guestSite, installFakeApi, ok } from '../test/fake-api';
import Register from './Register';
import { renderScreen } from '../test/render';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/user/register': <Register /> });

const captchaImage = () => screen.getByRole('img', { name: 'Captcha picture. Click for a new one' });

async function fillRegister(
  user: ReturnType<typeof renderRoutes>['user'],
  fields: { username: string; password: string; confirm: string; captcha: string },
) {
  await user.type(await screen.findByLabelText('Username'), fields.username);
  await user.type(screen.getByLabelText('Password'), fields.password);
  await user.type(screen.getByLabelText('Repeat password'), fields.confirm);
  await user.type(screen.getByLabelText('Captcha'), fields.captcha);
}

describe('register screen', () => {
  it('refuses two different passwords before asking the server', async () => {
    const api = installFakeApi(guestSite());
    const { user, location } = renderRoutes('/user/register');

    await fillRegister(user, { username: 'bob', password: 'secret1', confirm: 'secret2', captcha: 'abcd' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(api.callsTo('user/registerByVerify')).toHaveLength(0);
    expect(location()).toBe('/user/register');
  });

  it('creates the account and opens the project list', async () => {
    let registered = false;
    const api = installFakeApi(
      guestSite({
        'user/info': () => (registered ? ok(alice) : fail(10102, 'Not logged in')),
        'user/registerByVerify': () => {
          registered = true;
          return ok({ ...alice, user_token: 't' });
        },
      }),
    );
    const { user, location } = renderRoutes('/user/register');
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=901'));

    await fillRegister(user, { username: 'alice', password: 'secret1', confirm: 'secret1', captcha: 'abcd{Enter}' });

    await waitFor(() => expect(location()).toBe('/item/index'));
    const sent = api.callsTo('user/registerByVerify')[0]?.params;
    expect(Object.fromEntries(sent ?? [])).toEqual({
      username: 'alice',
      password: 'secret1',
      confirm_password: 'secret1',
      captcha: 'abcd',
      captcha_id: '901',
    });
  });

  it('after a refused registration alerts once and brings a new captcha', async () => {
    installFakeApi(guestSite({ 'user/registerByVerify': fail(10201, 'This username is already taken') }));
    const { user } = renderRoutes('/user/register');
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=901'));

    await fillRegister(user, { username: 'alice', password: 'secret1', confirm: 'secret1', captcha: 'abcd{Enter}' });

    expect(await screen.findByText('This username is already taken')).toBeTruthy();
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=902'));
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
  });

  it('says so when registration is closed', async () => {
    installFakeApi(
      guestSite({ 'common/homePageSetting': ok({ home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 0 }) }),
    );
    renderRoutes('/user/register');
    expect(await screen.findByText('Sign-up is closed on this site. Ask an administrator for an account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });
});
