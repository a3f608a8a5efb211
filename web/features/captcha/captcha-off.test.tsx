import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, fail, guestSite, installFakeApi, ok } from '../../test/fake-api';
import { renderProjectView, renderScreen } from '../../test/render';
import { itemInfo } from '../../test/project-answers';
import ItemPassword from '../../routes/ItemPassword';
import Login from '../../routes/Login';
import Register from '../../routes/Register';

/**
 * FOLIO_CAPTCHA=off: the site says so in `common/homePageSetting` (`captcha_open: 0`), and every form that
 * would ask for a captcha (login, register, a project's password) shows no captcha field, fetches no
 * captcha and submits without one.
 */
const noCaptchaSetting = ok({ home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 1, feedback_url: '', site_url: '', captcha_open: 0 });

/** A site without captchas on which every form succeeds; `user/info` follows the login. */
function siteWithoutCaptcha(overrides: Record<string, unknown> = {}) {
  let loggedIn = false;
  return installFakeApi(
    guestSite({
      'common/homePageSetting': noCaptchaSetting,
      'user/info': () => (loggedIn ? ok(alice) : fail(10102, 'Not logged in')),
      'user/loginByVerify': () => {
        loggedIn = true;
        return ok({ ...alice, user_token: 't' });
      },
      'user/registerByVerify': () => {
        loggedIn = true;
        return ok({ ...alice, user_token: 't' });
      },
      ...overrides,
    }),
  );
}

describe('a site running with FOLIO_CAPTCHA=off', () => {
  it('logs in without a captcha field and without fetching a captcha', async () => {
    const api = siteWithoutCaptcha();
    const { user, location } = renderScreen('/user/login', { '/user/login': <Login />, '/item/index': <p>projects</p> });
    await user.type(await screen.findByLabelText('Username or e-mail'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    await waitFor(() => expect(location()).toBe('/item/index'));
    expect(screen.queryByLabelText('Captcha')).toBeNull();
    expect(api.callsTo('common/createCaptcha')).toHaveLength(0);
    expect(api.callsTo('user/loginByVerify')[0]?.params.get('password')).toBe('secret');
  });

  it('registers without a captcha field', async () => {
    const api = siteWithoutCaptcha();
    const { user, location } = renderScreen('/user/register', { '/user/register': <Register />, '/item/index': <p>projects</p> });
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Repeat password'), 'secret1{Enter}');

    await waitFor(() => expect(location()).toBe('/item/index'));
    expect(screen.queryByLabelText('Captcha')).toBeNull();
    expect(api.callsTo('common/createCaptcha')).toHaveLength(0);
  });

  it("opens a private project with its password alone, and asks for no captcha after a wrong one", async () => {
    let granted = false;
    const api = siteWithoutCaptcha({
      'item/info': () => (granted ? ok(itemInfo({ item_id: 5, item_name: 'Payments API', is_private: 1, is_login: false })) : fail(10307, 'This project needs its visit password')),
      'item/pwd': (params: URLSearchParams) => {
        if (params.get('password') !== 'open-sesame') return fail(10010, 'The visit password is wrong');
        granted = true;
        return ok({ item_id: 5 });
      },
    });
    const { user, location } = renderProjectView('/item/password/5?redirect=/5', { '/item/password/:itemId': <ItemPassword /> });
    await user.type(await screen.findByLabelText('Visit password'), 'wrong{Enter}');
    expect(await screen.findByText('The visit password is wrong')).toBeTruthy();
    expect(screen.queryByLabelText('Captcha')).toBeNull();

    await user.clear(screen.getByLabelText('Visit password'));
    await user.type(screen.getByLabelText('Visit password'), 'open-sesame{Enter}');
    await waitFor(() => expect(location()).toBe('/5'));
    expect(api.callsTo('common/createCaptcha')).toHaveLength(0);
  });
});
