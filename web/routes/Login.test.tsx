import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, fail, guestSite, installFakeApi, ok } from '../test/fake-api';
import ItemIndex from './ItemIndex';
import Login from './Login';
import { renderScreen } from '../test/render';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/user/login': <Login />, '/item/index': <ItemIndex /> });

/** A site where `alice` / `secret` with captcha `abcd` logs in; `user/info` follows the session. */
function siteWithAlice() {
  let loggedIn = false;
  return installFakeApi(
    guestSite({
      'user/info': () => (loggedIn ? ok(alice) : fail(10102, 'You are not logged in, or your session has expired')),
      'user/loginByVerify': (params: URLSearchParams) => {
        if (params.get('captcha') !== 'abcd') return fail(10206, 'The captcha is wrong or has expired');
        if (params.get('username') !== 'alice' || params.get('password') !== 'secret') return fail(10210, 'Wrong username or password');
        loggedIn = true;
        return ok({ ...alice, user_token: 'token-for-clients' });
      },
    }),
  );
}

async function fillLogin(user: ReturnType<typeof renderRoutes>['user'], fields: { username: string; password: string; captcha: string }) {
  await user.type(await screen.findByLabelText('Username or e-mail'), fields.username);
  await user.type(screen.getByLabelText('Password'), fields.password);
  await user.type(screen.getByLabelText('Captcha'), fields.captcha);
}

const captchaImage = () => screen.getByRole('img', { name: 'Captcha picture. Click for a new one' });

describe('login screen', () => {
  it('says why a sign-in from elsewhere sent the person back, and only in its own words', async () => {
    siteWithAlice();
    renderRoutes('/user/login?sso_error=oauth.stateInvalid');
    expect(await screen.findByText(/This sign-in is not valid any more/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).not.toContain('oauth.stateInvalid');
  });

  it('shows a general reason for a key it does not know, never the text of the address', async () => {
    siteWithAlice();
    renderRoutes('/user/login?sso_error=Call%20%2B1-555%20to%20unlock');
    expect((await screen.findByRole('alert')).textContent).toBe('Signing in from elsewhere did not work. Try again, or log in with your password.');
  });

  it('alerts an illegal redirect, ignores it, and logs in to the project list', async () => {
    const api = siteWithAlice();
    const { user, location } = renderRoutes('/user/login?redirect=//evil.example/steal');

    expect(await screen.findByText('Illegal redirect')).toBeTruthy();
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=901'));
    await fillLogin(user, { username: 'alice', password: 'secret', captcha: 'abcd' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(location()).toBe('/item/index'));
    expect(api.callsTo('user/loginByVerify')[0]?.params.get('captcha_id')).toBe('901');
  });

  it('after a failed login shows one alert, clears the captcha and loads a new one', async () => {
    const api = siteWithAlice();
    const { user, location } = renderRoutes('/user/login');
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=901'));

    await fillLogin(user, { username: 'alice', password: 'wrong', captcha: 'abcd{Enter}' });

    expect(await screen.findByText('Wrong username or password')).toBeTruthy();
    expect(screen.getAllByText('Wrong username or password')).toHaveLength(1);
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=902'));
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('wrong');
    expect(api.callsTo('common/createCaptcha')).toHaveLength(2);
    expect(location()).toBe('/user/login');
  });

  it('goes to the redirect target after logging in', async () => {
    siteWithAlice();
    const { user, location } = renderRoutes('/user/login?redirect=/item/index');
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=901'));

    await fillLogin(user, { username: 'alice', password: 'secret', captcha: 'abcd{Enter}' });

    await waitFor(() => expect(location()).toBe('/item/index'));
    expect(await screen.findByRole('heading', { name: 'All projects' })).toBeTruthy();
  });

  it('sends someone already logged in straight on', async () => {
    installFakeApi(guestSite({ 'user/info': ok(alice) }));
    const { location } = renderRoutes('/user/login?redirect=/item/index');
    await waitFor(() => expect(location()).toBe('/item/index'));
  });

  it('a click on the captcha picture loads a new captcha', async () => {
    siteWithAlice();
    const { user } = renderRoutes('/user/login');
    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=901'));

    await user.click(captchaImage());

    await waitFor(() => expect(captchaImage().getAttribute('src')).toContain('captcha_id=902'));
  });

  it('shows the OAuth2 entrance with its tip when the site has one', async () => {
    installFakeApi(guestSite({ 'user/oauthInfo': ok({ oauth2_open: '1', oauth2_entrance_tips: 'Use your company account' }) }));
    renderRoutes('/user/login');

    const link = await screen.findByRole('link', { name: 'Log in with single sign-on' });
    expect(link.getAttribute('href')).toBe('/api/extLogin/oauth2');
    expect(screen.getByText('Use your company account')).toBeTruthy();
  });

  it('passes the page to come back to on to the OAuth2 login, but not an unsafe one', async () => {
    installFakeApi(guestSite({ 'user/oauthInfo': ok({ oauth2_open: '1', oauth2_entrance_tips: '' }) }));
    renderRoutes('/user/login?redirect=/team/index');
    const link = await screen.findByRole('link', { name: 'Log in with single sign-on' });
    expect(link.getAttribute('href')).toBe('/api/extLogin/oauth2?redirect=%2Fteam%2Findex');
  });

  it('switches the interface language', async () => {
    siteWithAlice();
    const { user } = renderRoutes('/user/login');
    expect(await screen.findByLabelText('Username or e-mail')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitem', { name: '中文' }));

    expect(await screen.findByLabelText('用户名或邮箱')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '欢迎回来' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '语言' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(window.localStorage.getItem('folio_lang')).toBe('zh-CN');
  });
});
