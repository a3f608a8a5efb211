import { KEPT_PASSWORD } from '../../../common/answers/item.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem, enterVisitPassword, uniqueName, visitCookieFrom } from '../../test/item-factories.js';
import { VISIT_COOKIE } from '../../http/visit-cookie.js';

/**
 * The visit password of a private project: the password screen (`item/pwd`) with its captcha and
 * throttle, the signed session cookie it grants, and `_item_pwd` for ShowDoc clients. Unlike ShowDoc,
 * the password is stored hashed and never shown again, not even to the owner.
 */

const PASSWORD = 'open sesame 7';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  await registerUser(t, { username: 'site_admin' });
  owner = await registerUser(t, { username: 'owner' });
  stranger = await registerUser(t, { username: 'stranger' });
});
afterAll(() => t?.close());

const privateProject = (password = PASSWORD) => createItem(t, owner, { password });
const infoAsGuest = (item_id: number, cookie?: string) => t.call('item/info', { item_id }, { headers: cookie ? { cookie } : {} });

describe('the password screen (item/pwd)', () => {
  it('checks the captcha first: a wrong or missing one is 10206, even with the right password', async () => {
    const item = await privateProject();
    const { captcha_id } = await t.solveCaptcha();
    const wrong = await enterVisitPassword(t, item.item_id, PASSWORD, { captcha: { captcha_id, captcha: 'ZZZZ' } });
    expect(wrong.error_code).toBe(10206);
    expect(wrong.cookie).toBeNull();
    const missing = await enterVisitPassword(t, item.item_id, PASSWORD, { captcha: { captcha_id: '', captcha: '' } });
    expect(missing.error_code).toBe(10206);
  });

  it('answers a wrong password with 10010 and grants nothing', async () => {
    const item = await privateProject();
    const wrong = await enterVisitPassword(t, item.item_id, 'open sesame 8');
    expect(wrong.error_code).toBe(10010);
    expect(wrong.cookie).toBeNull();
  });

  it('grants the browser session a signed, HttpOnly, SameSite=Lax cookie that opens the project for a guest', async () => {
    const item = await privateProject();
    expect((await infoAsGuest(item.item_id)).error_code).toBe(10307);

    const right = await enterVisitPassword(t, item.item_id, PASSWORD);
    expect(right.error_code).toBe(0);
    expect(right.response.body).not.toContain(PASSWORD);
    const setCookie = ([] as string[]).concat(right.response.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${VISIT_COOKIE}=`));
    expect(setCookie).toBeDefined();
    // A session cookie: it ends when the browser closes.
    expect(setCookie).not.toMatch(/max-age|expires/i);
    const [cookie] = right.response.cookies.filter((c) => c.name === VISIT_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // `<item_id>:<password fingerprint>.<signature>`: the password itself is not in it.
    expect(cookie?.value).toMatch(new RegExp(`^${item.item_id}:[0-9a-f]{16}\\.[A-Za-z0-9+/_=-]+$`));
    expect(cookie?.value).not.toContain(PASSWORD);

    const info = await infoAsGuest(item.item_id, right.cookie ?? '');
    expect(info.error_code).toBe(0);
    expect(info.data).toMatchObject({ item_id: item.item_id, is_private: 1, item_edit: false, item_manage: false });
    // The grant belongs to the browser, so it also serves someone who signs in afterwards.
    const signedIn = await t.call('item/info', { item_id: item.item_id }, { token: stranger.token, headers: { cookie: right.cookie ?? '' } });
    expect(signedIn.error_code).toBe(0);
  });

  it('marks the cookie Secure when the site is served over HTTPS', async () => {
    const https = await startTestApp({ cookieSecure: 'on' });
    try {
      const someone = await registerUser(https);
      const item = await createItem(https, someone, { password: PASSWORD });
      const right = await enterVisitPassword(https, item.item_id, PASSWORD);
      expect(right.response.cookies.find((c) => c.name === VISIT_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await https.close();
    }
  });

  it('refuses a tampered cookie: another project id, another fingerprint, or no signature (10307)', async () => {
    const item = await privateProject();
    const target = await privateProject();
    const { cookie } = await enterVisitPassword(t, item.item_id, PASSWORD);
    const value = decodeURIComponent((cookie ?? '').slice(VISIT_COOKIE.length + 1));
    const [grant = '', signature = ''] = value.split('.');
    const [, fingerprint = ''] = grant.split(':');
    const forge = (v: string) => `${VISIT_COOKIE}=${encodeURIComponent(v)}`;

    expect((await infoAsGuest(target.item_id, forge(`${target.item_id}:${fingerprint}.${signature}`))).error_code).toBe(10307);
    const otherFingerprint = fingerprint.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect((await infoAsGuest(item.item_id, forge(`${item.item_id}:${otherFingerprint}.${signature}`))).error_code).toBe(10307);
    expect((await infoAsGuest(item.item_id, forge(grant))).error_code).toBe(10307);
    // The untouched cookie still works, so the refusals above were the tampering.
    expect((await infoAsGuest(item.item_id, cookie ?? '')).error_code).toBe(0);
  });

  it('opens only the project it was given for, even when another one has the same password', async () => {
    const item = await privateProject();
    const twin = await privateProject();
    const { cookie } = await enterVisitPassword(t, item.item_id, PASSWORD);
    expect((await infoAsGuest(twin.item_id, cookie ?? '')).error_code).toBe(10307);
  });

  it('keeps the grants of several projects in one browser', async () => {
    const first = await privateProject();
    const second = await privateProject('another password');
    const one = await enterVisitPassword(t, first.item_id, PASSWORD);
    const both = await enterVisitPassword(t, second.item_id, 'another password', { cookie: one.cookie ?? '' });
    expect((await infoAsGuest(first.item_id, both.cookie ?? '')).error_code).toBe(0);
    expect((await infoAsGuest(second.item_id, both.cookie ?? '')).error_code).toBe(0);
  });

  it('finds the project by its personal domain too', async () => {
    const domain = uniqueName('dom').replace(/[^a-z0-9]/g, '');
    const item = await createItem(t, owner, { password: PASSWORD, item_domain: domain });
    const { error_code, cookie } = await enterVisitPassword(t, domain, PASSWORD);
    expect(error_code).toBe(0);
    expect((await t.call('item/info', { item_id: domain }, { headers: { cookie: cookie ?? '' } })).data).toMatchObject({ item_id: item.item_id });
  });

  it('loses every grant when the owner changes the password, and the new password opens it again', async () => {
    const item = await privateProject();
    const { cookie } = await enterVisitPassword(t, item.item_id, PASSWORD);
    expect((await infoAsGuest(item.item_id, cookie ?? '')).error_code).toBe(0);

    expect((await t.call('item/update', { item_id: item.item_id, password: 'a new one' }, { token: owner.token })).error_code).toBe(0);
    expect((await infoAsGuest(item.item_id, cookie ?? '')).error_code).toBe(10307);
    expect((await infoAsGuest(item.item_id, cookie ?? '')).response.body).not.toContain(item.item_name);

    const again = await enterVisitPassword(t, item.item_id, 'a new one');
    expect((await infoAsGuest(item.item_id, again.cookie ?? '')).error_code).toBe(0);
  });

  it('loses the grant even when the password is set again to the same text', async () => {
    const item = await privateProject();
    const { cookie } = await enterVisitPassword(t, item.item_id, PASSWORD);
    await t.call('item/update', { item_id: item.item_id, password: PASSWORD }, { token: owner.token });
    expect((await infoAsGuest(item.item_id, cookie ?? '')).error_code).toBe(10307);
  });
});

describe('_item_pwd, as ShowDoc clients send it', () => {
  it('opens the project from the query string or the form, for guests and signed-in strangers alike', async () => {
    const item = await privateProject();
    expect((await t.call('item/info', { item_id: item.item_id, _item_pwd: PASSWORD }, { method: 'GET' })).error_code).toBe(0);
    expect((await t.call('item/info', { item_id: item.item_id, _item_pwd: PASSWORD })).error_code).toBe(0);
    expect((await t.call('item/info', { item_id: item.item_id, _item_pwd: PASSWORD }, { token: stranger.token })).error_code).toBe(0);
    expect((await t.call('item/search', { item_id: item.item_id, keyword: 'x', _item_pwd: PASSWORD }, { token: stranger.token })).error_code).toBe(0);
  });

  it('is stateless: it sets no cookie, and the next request without it is refused', async () => {
    const item = await privateProject();
    const opened = await t.call('item/info', { item_id: item.item_id, _item_pwd: PASSWORD });
    expect(visitCookieFrom(opened.response)).toBeNull();
    expect((await infoAsGuest(item.item_id)).error_code).toBe(10307);
  });

  it('B2 · answers a wrong one with 10307, never comparing loosely', async () => {
    const item = await privateProject('1000');
    for (const guess of ['wrong', '1e3', '01000', ' 1000']) {
      const res = await t.call('item/info', { item_id: item.item_id, _item_pwd: guess }, { remoteAddress: '10.7.0.1' });
      expect(res.error_code, guess).toBe(10307);
      expect(res.response.body).not.toContain(item.item_name);
    }
  });

  it('B2 · goes through the same throttle as the password screen: the 6th wrong guess from one address is 10204', async () => {
    const item = await privateProject();
    const from = { remoteAddress: '10.7.1.1' };
    for (let i = 0; i < 5; i++) expect((await t.call('item/info', { item_id: item.item_id, _item_pwd: `guess ${i}` }, from)).error_code).toBe(10307);
    expect((await t.call('item/info', { item_id: item.item_id, _item_pwd: PASSWORD }, from)).error_code).toBe(10204);
  });
});

describe('throttling the password screen', () => {
  it('after 5 wrong passwords from one address, the 6th attempt is 10204 even with the right password; another address still gets in', async () => {
    const item = await privateProject();
    const attacker = { remoteAddress: '10.8.0.1' };
    for (let i = 0; i < 5; i++) expect((await enterVisitPassword(t, item.item_id, `guess ${i}`, attacker)).error_code).toBe(10010);
    const locked = await enterVisitPassword(t, item.item_id, PASSWORD, attacker);
    expect(locked.error_code).toBe(10204);
    expect(locked.cookie).toBeNull();

    const colleague = await enterVisitPassword(t, item.item_id, PASSWORD, { remoteAddress: '10.8.0.2' });
    expect(colleague.error_code).toBe(0);
    expect((await infoAsGuest(item.item_id, colleague.cookie ?? '')).error_code).toBe(0);
  });

  // Regression: checkVisitPassword once answered from its cache of recently verified passwords before
  // looking at the throttle, so a locked address got in with the right password whenever anyone had
  // used it lately; wrong guesses cost nothing (10204 at once) and the right one answered 0.
  it('keeps the lock even when someone else entered the right password a moment ago', async () => {
    const item = await privateProject();
    expect((await enterVisitPassword(t, item.item_id, PASSWORD, { remoteAddress: '10.8.1.1' })).error_code).toBe(0);
    const attacker = { remoteAddress: '10.8.1.2' };
    for (let i = 0; i < 5; i++) expect((await enterVisitPassword(t, item.item_id, `guess ${i}`, attacker)).error_code).toBe(10010);
    expect((await enterVisitPassword(t, item.item_id, 'guess 5', attacker)).error_code).toBe(10204);
    expect((await enterVisitPassword(t, item.item_id, PASSWORD, attacker)).error_code).toBe(10204);
  });

  // The same, through `_item_pwd`, which needs no captcha at all.
  it('keeps the lock for _item_pwd even when the right password was used a moment ago', async () => {
    const item = await privateProject();
    expect((await t.call('item/info', { item_id: item.item_id, _item_pwd: PASSWORD }, { remoteAddress: '10.8.2.1' })).error_code).toBe(0);
    const attacker = { remoteAddress: '10.8.2.2' };
    for (let i = 0; i < 6; i++) await t.call('item/info', { item_id: item.item_id, _item_pwd: `guess ${i}` }, attacker);
    expect((await t.call('item/info', { item_id: item.item_id, _item_pwd: PASSWORD }, attacker)).error_code).toBe(10204);
  });
});

describe('the visit password is never shown', () => {
  let itemId: number;
  let name: string;
  beforeAll(async () => {
    ({ item_id: itemId, item_name: name } = await privateProject());
  });

  const leaks = (body: string) => body.includes(PASSWORD) || body.includes('argon2');

  it('item/detail shows the placeholder, never the password, and is_private 1, even to the owner', async () => {
    const detail = await t.call('item/detail', { item_id: itemId }, { token: owner.token });
    expect(detail.data).toMatchObject({ item_id: itemId, password: KEPT_PASSWORD, is_private: 1 });
    expect(leaks(detail.response.body)).toBe(false);
  });

  it('item/myList shows the placeholder to its manager and is_private 1', async () => {
    const list = await t.call('item/myList', {}, { token: owner.token });
    expect((list.data as { item_id: number }[]).find((i) => i.item_id === itemId)).toMatchObject({ password: KEPT_PASSWORD, is_private: 1 });
    expect(leaks(list.response.body)).toBe(false);
  });

  it('item/info and item/pwd do not show it either', async () => {
    const info = await t.call('item/info', { item_id: itemId }, { token: owner.token });
    expect(info.data).toMatchObject({ item_name: name, is_private: 1 });
    expect(leaks(info.response.body)).toBe(false);
    expect(leaks((await enterVisitPassword(t, itemId, PASSWORD)).response.body)).toBe(false);
  });

  it('the item/attorn answer shows the placeholder and is_private 1', async () => {
    const gift = await privateProject();
    const done = await t.call('item/attorn', { item_id: gift.item_id, username: stranger.username, password: owner.password }, { token: owner.token });
    expect(done.data).toMatchObject({ item_id: gift.item_id, uid: stranger.uid, password: KEPT_PASSWORD, is_private: 1 });
    expect(leaks(done.response.body)).toBe(false);
  });

  it('the database keeps an Argon2id hash, and a new one when the password changes', async () => {
    const stored = async () => (await t.database.db.selectFrom('item').select('password').where('item_id', '=', itemId).executeTakeFirstOrThrow()).password;
    const before = await stored();
    expect(before).toMatch(/^\$argon2id\$/);
    expect(before).not.toContain(PASSWORD);
    await t.call('item/update', { item_id: itemId, password: 'changed pw' }, { token: owner.token });
    const after = await stored();
    expect(after).toMatch(/^\$argon2id\$/);
    expect(after).not.toBe(before);
    expect(after).not.toContain('changed pw');
  });
});
