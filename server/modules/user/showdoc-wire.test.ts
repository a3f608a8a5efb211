import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';

/**
 * The user answers on ShowDoc's URLs: numbers read from the user row (`uid`, `groupid`, `reg_time`,
 * `is_sso`) as strings, flags ShowDoc computes (`email_verify`, `is_wechat`) as numbers; Folio's own
 * URLs answer numbers throughout.
 */
let t: TestApp;
let alice: TestUser;

const showdoc = (path: string) => `/server/index.php?s=/api/${path}`;

beforeAll(async () => {
  t = await startTestApp();
  alice = await registerUser(t, { username: 'alice', password: 'correct horse 1' });
});
afterAll(() => t?.close());

describe('user answers on ShowDoc’s URLs', () => {
  it('user/loginByVerify: the row’s numbers as strings, the token as text', async () => {
    const res = await t.call('user/loginByVerify', { username: 'alice', password: 'correct horse 1', ...(await t.solveCaptcha()) }, { url: showdoc('user/loginByVerify') });
    expect(res.data).toEqual({
      uid: String(alice.uid),
      username: 'alice',
      name: '',
      groupid: String(alice.groupid),
      avatar: '',
      avatar_small: '',
      email: '',
      email_verify: 0,
      user_token: expect.any(String),
    });
    const folio = await t.call('user/loginByVerify', { username: 'alice', password: 'correct horse 1', ...(await t.solveCaptcha()) });
    expect(folio.data).toMatchObject({ uid: alice.uid, groupid: alice.groupid, email_verify: 0 });
  });

  it('user/info: strings for uid, groupid, reg_time and is_sso; numbers on /api', async () => {
    const res = await t.call('user/info', {}, { token: alice.token, url: '/server/api/user/info' });
    expect(res.data).toMatchObject({ uid: String(alice.uid), groupid: String(alice.groupid), reg_time: String(t.clock.now()), is_sso: '0', email_verify: 0, is_wechat: 0 });
    const folio = await t.call('user/info', {}, { token: alice.token });
    expect(folio.data).toMatchObject({ uid: alice.uid, groupid: alice.groupid, reg_time: t.clock.now(), is_sso: 0 });
  });

  it('user/allUser: string uids; user/oauthInfo: null while OAuth2 is not set up; updates answer []', async () => {
    const [found] = (await t.call('user/allUser', { username: 'ali' }, { token: alice.token, url: showdoc('user/allUser') })).data as Record<string, unknown>[];
    expect(found).toEqual({ uid: String(alice.uid), username: 'alice', name: '' });
    expect((await t.call('user/allUser', { username: 'ali' }, { token: alice.token })).data).toEqual([{ uid: alice.uid, username: 'alice', name: '' }]);

    expect((await t.call('user/oauthInfo', {}, { method: 'GET', url: showdoc('user/oauthInfo') })).data).toEqual({ oauth2_open: null, oauth2_entrance_tips: '' });
    expect((await t.call('user/updateInfo', { name: 'Alice' }, { token: alice.token, url: showdoc('user/updateInfo') })).data).toEqual([]);
  });
});
