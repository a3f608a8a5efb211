import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerThroughApi, registerUser, type TestUser } from '../test/factories.js';
import { addPage, createItem } from '../test/item-factories.js';
import * as passwordModule from '../modules/user/password.js';

/**
 * Security catalogue group A (security.md §4) where no module test already proves the case, and §5.2 R10.
 * The other A cases carry their id in the title of the module test that proves them
 * (server/modules/user/*.test.ts, captcha, extLogin, admin; see /work/notes/security-AH.md).
 */

const DAY = 24 * 3600;

describe('A1 · unknown user and wrong password cost the same', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await registerUser(t, { username: 'alice', password: 'alice secret 1' });
  });
  afterAll(() => t?.close());

  it('A1 · an unknown username spends one password check just as a wrong password does, and both answer 10210 alike', async () => {
    const verify = vi.spyOn(passwordModule, 'verifyPassword');
    const burn = vi.spyOn(passwordModule, 'burnPasswordCheck');
    try {
      const attempt = async (username: string, remoteAddress: string) => {
        verify.mockClear();
        burn.mockClear();
        const res = await t.call('user/loginByVerify', { username, password: 'not the one 1', ...(await t.solveCaptcha()) }, { remoteAddress });
        return { res, checks: verify.mock.calls.length + burn.mock.calls.length };
      };
      const wrong = await attempt('alice', '10.61.0.1');
      const unknown = await attempt('nobody_here', '10.61.0.2');
      expect(wrong.checks).toBe(1);
      expect(unknown.checks).toBe(1);
      expect(burn).toHaveBeenCalledTimes(1); // the unknown user's check is the dummy one
      expect({ code: unknown.res.error_code, message: unknown.res.error_message, data: unknown.res.data }).toEqual({
        code: wrong.res.error_code,
        message: wrong.res.error_message,
        data: wrong.res.data,
      });
      expect(wrong.res.error_code).toBe(10210);
    } finally {
      verify.mockRestore();
      burn.mockRestore();
    }
  });
});

describe('A26 · first run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('A26 · a new site has no showdoc/123456 account and no install route; only the first registration becomes administrator', async () => {
    const login = await t.call('user/loginByVerify', { username: 'showdoc', password: '123456', ...(await t.solveCaptcha()) });
    expect(login.error_code).toBe(10210);
    expect(await t.database.db.selectFrom('user').select('uid').execute()).toEqual([]);
    for (const url of ['/install', '/install/', '/install/index.php', '/server/install', '/api/install/index', '/server/index.php?s=/install/index', '/server/index.php?s=/api/install/index']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url, payload: method === 'POST' ? 'username=x&password=y' : undefined, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const first = await registerThroughApi(t, { username: 'first_one' });
    const second = await registerThroughApi(t, { username: 'second_one' });
    expect([first.groupid, second.groupid]).toEqual([1, 2]);
  });
});

describe('R10 · clock jumps', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await registerUser(t, { username: 'owner', password: 'owner secret 1' });
  });
  afterAll(() => t?.close());

  it('R10 · after a jump of 181 days tokens, captchas and expiring share links are refused; a secret-key link dated a day ahead is refused', async () => {
    const item = await createItem(t, owner);
    const page = await addPage(t, item.item_id, { title: 'shared for a day' });
    const share = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 1, expire_days: 1 }, { token: owner.token });
    const uniqueKey = (share.data as { unique_key: string }).unique_key;
    expect((await t.call('page/infoByKey', { unique_key: uniqueKey })).error_code).toBe(0);
    const captcha = await t.solveCaptcha();
    const adminKey = (await t.call('adminSetting/getLoginSecretKey', {}, { token: owner.token })).data as { login_secret_key: string };

    // The clock moves back one day (NTP correction): a link signed at the real time is now a day in the future.
    const signedAt = t.clock.now();
    t.clock.advance(-DAY);
    await registerUser(t, { username: 'linked' });
    const token = crypto.createHash('md5').update(`linked${adminKey.login_secret_key}${signedAt}`).digest('hex');
    const link = await t.call('extLogin/bySecretKey', { username: 'linked', time: String(signedAt), token }, { method: 'GET', remoteAddress: '10.62.0.1' });
    expect(link.error_code).toBe(10101);
    expect(link.response.headers['set-cookie'] ?? '').not.toContain('folio_token=');

    t.clock.advance(DAY + 181 * DAY);
    expect((await t.call('user/info', {}, { token: owner.token })).error_code).toBe(10102);
    expect((await t.call('user/loginByVerify', { username: 'owner', password: 'owner secret 1', ...captcha })).error_code).toBe(10206);
    expect((await t.call('page/infoByKey', { unique_key: uniqueKey })).error_code).not.toBe(0);
  });
});
