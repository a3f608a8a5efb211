import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallOptions, type TestApp } from '../../test/harness.js';
import { loginUser, registerUser, type TestUser } from '../../test/factories.js';

/**
 * A session is a login token: 32 random bytes in hex, kept in the database only as its SHA-256, valid
 * 180 days, sent as X-API-Token, Authorization: Bearer, the user_token parameter (ShowDoc clients) or
 * the HttpOnly `folio_token` cookie (the browser app). Covers user/info, updateInfo, resetPassword,
 * logout and loginByUserToken.
 */

const INFO_SHAPE = ['uid', 'username', 'email', 'email_verify', 'mobile', 'name', 'avatar', 'avatar_small', 'groupid', 'reg_time', 'is_wechat', 'is_sso'];
const DAY = 24 * 3600;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The folio_token cookie a response sets, if any. */
function loginCookieOf(response: { cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; maxAge?: number; secure?: boolean; expires?: Date }[] }) {
  return response.cookies.find((c) => c.name === 'folio_token');
}

function expectNoSecrets(body: string, storedHashes: string[]) {
  expect(body).not.toMatch(/argon2|"password"|"salt"|"username_key"/);
  for (const hash of storedHashes) if (hash) expect(body).not.toContain(hash);
}

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let registeredAt: number;

/** Each part below runs on its own new site with two accounts, so moving the clock or signing out stays local. */
function onFreshSite() {
  beforeAll(async () => {
    t = await startTestApp();
    registeredAt = t.clock.now();
    alice = await registerUser(t, { username: 'alice', password: 'alice secret 1' });
    bob = await registerUser(t, { username: 'bob', password: 'bob secret 12' });
  });
  afterAll(() => t?.close());
}

const info = (token: string, options: CallOptions = {}) => t.call('user/info', {}, { token, ...options });
const statusOf = async (token: string) => (await info(token)).error_code;
const tokenOf = async (user: TestUser) => ((await loginUser(t, user.username, user.password)).data as { user_token: string }).user_token;

describe('user/info', () => {
  onFreshSite();
  it("answers ShowDoc's shape for the caller", async () => {
    const res = await info(alice.token);
    expect(res.error_code).toBe(0);
    expect(Object.keys(res.data as object).sort()).toEqual([...INFO_SHAPE].sort());
    expect(res.data).toEqual({
      uid: alice.uid,
      username: 'alice',
      email: '',
      email_verify: 0,
      mobile: '',
      name: '',
      avatar: '',
      avatar_small: '',
      groupid: 1,
      reg_time: registeredAt,
      is_wechat: 0,
      is_sso: 0,
    });
    expect((await info(bob.token)).data).toMatchObject({ uid: bob.uid, username: 'bob', groupid: 2 });
  });

  it('needs a login: no token, an unknown, malformed or overlong one is 10102 with no data', async () => {
    const none = await t.call('user/info');
    expect(none).toMatchObject({ error_code: 10102 });
    expect(none.data).toBeUndefined();
    for (const token of ['f'.repeat(64), 'not-a-token!', 'a'.repeat(300), "' or 1=1 --", '%00', alice.token.slice(0, 63)]) {
      expect(await statusOf(token), token).toBe(10102);
    }
  });

  it('ignores a user_token that is not text (array or object in JSON)', async () => {
    for (const user_token of [[alice.token], { $ne: '' }, 12345]) {
      expect((await t.call('user/info', { user_token }, { json: true })).error_code, JSON.stringify(user_token)).toBe(10102);
    }
  });

  it("refuses the token of an account that no longer exists", async () => {
    const gone = await registerUser(t, { username: 'gone_soon' });
    expect(await statusOf(gone.token)).toBe(0);
    await t.database.db.deleteFrom('user').where('uid', '=', gone.uid).execute();
    expect(await statusOf(gone.token)).toBe(10102);
  });

  it('H5 · never contains the password hash, the salt or a token hash', async () => {
    const row = await t.database.db.selectFrom('user').select(['password', 'salt']).where('uid', '=', alice.uid).executeTakeFirstOrThrow();
    const tokens = await t.database.db.selectFrom('user_token').select('token').where('uid', '=', alice.uid).execute();
    expectNoSecrets((await info(alice.token)).response.body, [row.password, row.salt, ...tokens.map((r) => r.token)]);
  });
});

describe('where the token comes from', () => {
  onFreshSite();
  it('is accepted as X-API-Token, Authorization: Bearer, user_token in the body or the query, or the folio_token cookie', async () => {
    for (const via of ['header', 'bearer', 'param', 'cookie'] as const) {
      expect((await info(alice.token, { via })).data, via).toMatchObject({ uid: alice.uid });
    }
    expect((await info(alice.token, { method: 'GET' })).data).toMatchObject({ uid: alice.uid });
    expect((await info(alice.token, { json: true })).data).toMatchObject({ uid: alice.uid });
  });

  it("is read in ShowDoc's order: X-API-Token, then Bearer, then user_token, then the cookie", async () => {
    const both = (headers: Record<string, string>, token?: string) => t.call('user/info', token ? { user_token: token } : {}, { headers });
    expect((await both({ 'x-api-token': alice.token, authorization: `Bearer ${bob.token}` }, bob.token)).data).toMatchObject({ uid: alice.uid });
    expect((await both({ authorization: `Bearer ${bob.token}` }, alice.token)).data).toMatchObject({ uid: bob.uid });
    expect((await both({ cookie: `folio_token=${bob.token}` }, alice.token)).data).toMatchObject({ uid: alice.uid });
  });
});

describe('tokens at rest', () => {
  onFreshSite();
  it('H3 · are 32 random bytes in hex, and the database holds only their SHA-256: the raw token is nowhere in user_token', async () => {
    const token = await tokenOf(alice);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const rows = await t.database.db.selectFrom('user_token').selectAll().execute();
    const dump = JSON.stringify(rows);
    for (const raw of [token, alice.token, bob.token]) {
      expect(dump).not.toContain(raw);
      expect(rows.filter((r) => r.token === sha256(raw))).toHaveLength(1);
    }
  });

  it('H3 · cannot be replayed from a copy of the database: the stored hash logs nobody in', async () => {
    const row = await t.database.db.selectFrom('user_token').select('token').where('token', '=', sha256(alice.token)).executeTakeFirstOrThrow();
    for (const via of ['param', 'header', 'bearer', 'cookie'] as const) expect((await info(row.token, { via })).error_code, via).toBe(10102);
  });

  it('are all different, login after login', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) tokens.add(await tokenOf(bob));
    expect(tokens.size).toBe(5);
  });
});

describe('the login cookie', () => {
  onFreshSite();
  it('I2 · is set by login as folio_token: HttpOnly, SameSite=Lax, Path=/, for 180 days, not Secure over plain HTTP', async () => {
    const res = await loginUser(t, 'alice', alice.password);
    const cookie = loginCookieOf(res.response);
    expect(cookie).toMatchObject({ value: (res.data as { user_token: string }).user_token, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 180 * DAY });
    expect(cookie?.secure).toBeFalsy();
  });

  it('I2 · is Secure when FOLIO_COOKIE_SECURE=on', async () => {
    const secure = await startTestApp({ cookieSecure: 'on', captcha: false });
    try {
      const res = await secure.call('user/registerByVerify', { username: 'carol', password: 'carol secret 1', confirm_password: 'carol secret 1' });
      expect(loginCookieOf(res.response)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
    } finally {
      await secure.close();
    }
  });

  it('is ignored on a cross-site POST and on a GET of an action that reads private data', async () => {
    expect((await info(alice.token, { via: 'cookie', headers: { origin: 'https://evil.example' } })).error_code).toBe(10102);
    expect((await info(alice.token, { via: 'cookie', method: 'GET' })).error_code).toBe(10102);
  });
});

describe('user/loginByUserToken', () => {
  onFreshSite();
  it('turns a token from a link into the HttpOnly cookie, for the time the token has left, without a new session', async () => {
    const token = await tokenOf(alice);
    t.clock.advance(10 * DAY);
    const before = await t.database.db.selectFrom('user_token').select('id').where('uid', '=', alice.uid).execute();
    const res = await t.call('user/loginByUserToken', { user_token: token });
    expect(res.data).toMatchObject({ uid: alice.uid, username: 'alice', groupid: 1, user_token: token });
    expect(loginCookieOf(res.response)).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 170 * DAY });
    const after = await t.database.db.selectFrom('user_token').select('id').where('uid', '=', alice.uid).execute();
    expect(after).toHaveLength(before.length);
    expect((await info(token, { via: 'cookie' })).data).toMatchObject({ uid: alice.uid });
  });

  it('refuses an unknown, malformed or missing token with 10102 and sets no cookie', async () => {
    for (const params of [{ user_token: 'f'.repeat(64) }, { user_token: 'nope' }, { user_token: '' }, {}]) {
      const res = await t.call('user/loginByUserToken', params);
      expect(res.error_code, JSON.stringify(params)).toBe(10102);
      expect(loginCookieOf(res.response)).toBeUndefined();
    }
  });

  it('refuses a bad user_token even when the caller is logged in by header, and a user_token that is not text', async () => {
    const header = { headers: { 'x-api-token': alice.token } };
    expect((await t.call('user/loginByUserToken', { user_token: 'f'.repeat(64) }, header)).error_code).toBe(10102);
    expect((await t.call('user/loginByUserToken', { user_token: [alice.token] }, { ...header, json: true })).error_code).toBe(10100);
    expect((await t.call('user/loginByUserToken', { user_token: 'a'.repeat(257) }, header)).error_code).toBe(10100);
  });

  it('answers without the password hash, salt or token hash', async () => {
    const res = await t.call('user/loginByUserToken', { user_token: bob.token });
    const row = await t.database.db.selectFrom('user').select(['password']).where('uid', '=', bob.uid).executeTakeFirstOrThrow();
    expectNoSecrets(res.response.body, [row.password, sha256(bob.token)]);
  });
});

describe('user/updateInfo', () => {
  onFreshSite();
  const update = (token: string, params: Record<string, unknown>, options: CallOptions = {}) => t.call('user/updateInfo', params, { token, ...options });
  const nameOf = async (token: string) => ((await info(token)).data as { name: string }).name;

  it('sets the display name and answers []', async () => {
    const res = await update(bob.token, { name: 'Bob Builder' });
    expect(res).toMatchObject({ error_code: 0, data: [] });
    expect(await nameOf(bob.token)).toBe('Bob Builder');
  });

  it('keeps Chinese, emoji with joiners, right-to-left text and combining marks byte for byte', async () => {
    for (const name of ['张三', '👩‍💻 Dev', 'مرحبا بالعالم', 'שלום', 'Zoe\u0308 Å', '\u202Egnp.exe']) {
      expect((await update(bob.token, { name })).error_code, name).toBe(0);
      expect(await nameOf(bob.token)).toBe(name);
    }
  });

  it('stores markup as plain text for clients to escape', async () => {
    const name = '<img src=x onerror=alert(1)>';
    expect((await update(bob.token, { name })).error_code).toBe(0);
    expect(await nameOf(bob.token)).toBe(name);
  });

  it('trims spaces; an empty or missing name clears it, as in ShowDoc', async () => {
    await update(bob.token, { name: '  Robert  ' });
    expect(await nameOf(bob.token)).toBe('Robert');
    await update(bob.token, { name: '' });
    expect(await nameOf(bob.token)).toBe('');
    await update(bob.token, { name: 'Bobby' });
    await update(bob.token, {});
    expect(await nameOf(bob.token)).toBe('');
  });

  it('changes only the name: username, groupid, email or password in the same request are ignored', async () => {
    const before = await t.database.db.selectFrom('user').selectAll().where('uid', '=', bob.uid).executeTakeFirstOrThrow();
    const res = await update(bob.token, { name: 'Only Name', username: 'alice', groupid: 1, email: 'x@example.com', password: 'hijack 123', uid: alice.uid });
    expect(res.error_code).toBe(0);
    const after = await t.database.db.selectFrom('user').selectAll().where('uid', '=', bob.uid).executeTakeFirstOrThrow();
    expect(after).toEqual({ ...before, name: 'Only Name' });
    expect(await nameOf(alice.token)).toBe('');
  });

  it('refuses a name over 64 characters, or one that is not text, with 10100', async () => {
    expect((await update(bob.token, { name: 'n'.repeat(64) })).error_code).toBe(0);
    expect((await update(bob.token, { name: 'n'.repeat(65) })).error_code).toBe(10100);
    expect((await update(bob.token, { name: 'x'.repeat(100_000) })).error_code).toBe(10100);
    for (const name of [['a'], { a: 1 }, true, null]) {
      expect((await update(bob.token, { name }, { json: true })).error_code, JSON.stringify(name)).toBe(10100);
    }
    expect(await nameOf(bob.token)).toBe('n'.repeat(64));
  });

  it('needs a login (10102)', async () => {
    expect((await t.call('user/updateInfo', { name: 'anon' })).error_code).toBe(10102);
    expect((await t.call('user/updateInfo', { name: 'anon', user_token: 'f'.repeat(64) })).error_code).toBe(10102);
  });
});

describe('user/resetPassword', () => {
  onFreshSite();
  const reset = (token: string, password: unknown, new_password: unknown, options: CallOptions = {}) =>
    t.call('user/resetPassword', { password, new_password }, { token, headers: { 'accept-language': 'en' }, ...options });
  const storedHash = async (uid: number) => (await t.database.db.selectFrom('user').select('password').where('uid', '=', uid).executeTakeFirstOrThrow()).password;

  it('A24 · needs the current password; afterwards the new one logs in and the old one does not', async () => {
    const user = await registerUser(t, { username: 'resetter', password: 'old secret 1' });
    const res = await reset(user.token, 'old secret 1', '新的 secret 🔐');
    expect(res).toMatchObject({ error_code: 0, data: [] });
    expect(await storedHash(user.uid)).toMatch(/^\$argon2id\$/);
    expect((await loginUser(t, 'resetter', 'old secret 1')).error_code).toBe(10210);
    expect((await loginUser(t, 'resetter', '新的 secret 🔐')).error_code).toBe(0);
  });

  it("A24 · ends the account's other sessions, keeps the one that made the change, and leaves other accounts alone", async () => {
    const user = await registerUser(t, { username: 'many_sessions', password: 'old secret 1' });
    const laptop = await tokenOf(user);
    const phone = await tokenOf(user);
    expect((await reset(laptop, 'old secret 1', 'new secret 1')).error_code).toBe(0);
    expect(await statusOf(laptop)).toBe(0);
    expect(await statusOf(phone)).toBe(10102);
    expect(await statusOf(user.token)).toBe(10102);
    expect(await statusOf(bob.token)).toBe(0);
    expect(await t.database.db.selectFrom('user_token').select('id').where('uid', '=', user.uid).execute()).toHaveLength(1);
  });

  it('answers a wrong current password with 10101 and changes nothing', async () => {
    const user = await registerUser(t, { username: 'wrong_old', password: 'old secret 1' });
    const other = await tokenOf(user);
    const hash = await storedHash(user.uid);
    for (const current of ['not it 123', '', ' old secret 1', 'p'.repeat(101)]) {
      const res = await reset(user.token, current, 'new secret 1', { remoteAddress: '10.40.0.1' });
      expect(res.error_code, current).toBe(10101);
      expect(res.error_message).toMatch(/current password is wrong/);
    }
    expect(await storedHash(user.uid)).toBe(hash);
    expect(await statusOf(other)).toBe(0);
  });

  it('A24 · needs a new password of 6 characters to 100 bytes (10101), refuses 10 KB and 1 MB as bad input (10100), hashing none of them', async () => {
    const user = await registerUser(t, { username: 'rules_check', password: 'old secret 1' });
    const hash = await storedHash(user.uid);
    for (const [next, message] of [['', /at least 6/], ['12345', /at least 6/], ['p'.repeat(101), /too long/], ['密'.repeat(34), /too long/]] as const) {
      const res = await reset(user.token, 'old secret 1', next);
      expect(res.error_code, next).toBe(10101);
      expect(res.error_message).toMatch(message);
    }
    expect((await reset(user.token, 'old secret 1', 'k'.repeat(10 * 1024))).error_code).toBe(10100);
    const huge = await reset(user.token, 'old secret 1', 'm'.repeat(1024 * 1024));
    expect(huge.error_code).toBe(10100);
    expect(huge.response.statusCode).toBe(413);
    expect(await storedHash(user.uid)).toBe(hash);
  });

  it('refuses arrays and objects with 10100', async () => {
    const bad: [unknown, unknown][] = [
      [['old secret 1'], 'new secret 1'],
      ['old secret 1', ['new secret 1']],
      [{ $ne: '' }, 'new secret 1'],
      ['old secret 1', { length: 10 }],
    ];
    for (const [current, next] of bad) {
      expect((await reset(alice.token, current, next, { json: true })).error_code, JSON.stringify([current, next])).toBe(10100);
    }
  });

  it('goes through the login throttle: after 5 wrong current passwords from one address, the 6th is 10204 even when right', async () => {
    const user = await registerUser(t, { username: 'guessed_at', password: 'old secret 1' });
    const from = { remoteAddress: '10.40.1.1' };
    for (let i = 0; i < 5; i++) expect((await reset(user.token, `guess ${i} xx`, 'new secret 1', from)).error_code).toBe(10101);
    expect((await reset(user.token, 'old secret 1', 'new secret 1', from)).error_code).toBe(10204);
    expect((await loginUser(t, 'guessed_at', 'old secret 1')).error_code).toBe(0);
  });

  it('needs a login (10102)', async () => {
    expect((await t.call('user/resetPassword', { password: 'alice secret 1', new_password: 'new secret 1' })).error_code).toBe(10102);
  });

  it('answers without the password, its hash, a salt or a token hash', async () => {
    const user = await registerUser(t, { username: 'quiet_reset', password: 'old secret 1' });
    const res = await reset(user.token, 'old secret 1', 'new secret 1');
    expect(res.response.body).not.toContain('new secret 1');
    expectNoSecrets(res.response.body, [await storedHash(user.uid), sha256(user.token)]);
  });
});

describe('user/logout', () => {
  onFreshSite();
  it('A23 · ends every session of the account, clears the cookie and answers []', async () => {
    const user = await registerUser(t, { username: 'leaving' });
    const second = await tokenOf(user);
    const res = await t.call('user/logout', {}, { token: second });
    expect(res).toMatchObject({ error_code: 0, data: [] });
    const cleared = loginCookieOf(res.response);
    expect(cleared).toMatchObject({ value: '', path: '/', maxAge: 0 });
    expect(await statusOf(second)).toBe(10102);
    expect(await statusOf(user.token)).toBe(10102);
    expect(await t.database.db.selectFrom('user_token').select('id').where('uid', '=', user.uid).execute()).toEqual([]);
  });

  it('leaves other accounts logged in', async () => {
    const user = await registerUser(t, { username: 'leaving_too' });
    await t.call('user/logout', {}, { token: user.token, via: 'header' });
    expect(await statusOf(user.token)).toBe(10102);
    expect(await statusOf(alice.token)).toBe(0);
    expect(await statusOf(bob.token)).toBe(0);
  });

  it('works from the browser with the cookie on a same-origin POST', async () => {
    const user = await registerUser(t, { username: 'cookie_leaver' });
    expect((await t.call('user/logout', {}, { token: user.token, via: 'cookie' })).error_code).toBe(0);
    expect(await statusOf(user.token)).toBe(10102);
  });

  it('succeeds without a login, or with an unknown token, and still clears the cookie', async () => {
    for (const options of [{}, { token: 'f'.repeat(64) }]) {
      const res = await t.call('user/logout', {}, options);
      expect(res).toMatchObject({ error_code: 0, data: [] });
      expect(loginCookieOf(res.response)).toMatchObject({ value: '', maxAge: 0 });
    }
  });

  it('A23 · cannot be triggered by another site: a cross-site form or a GET link carrying only the cookie ends no session', async () => {
    const user = await registerUser(t, { username: 'csrf_target' });
    await t.call('user/logout', {}, { token: user.token, via: 'cookie', headers: { origin: 'https://evil.example' } });
    await t.call('user/logout', {}, { token: user.token, via: 'cookie', headers: { 'sec-fetch-site': 'cross-site' } });
    await t.call('user/logout', {}, { token: user.token, via: 'cookie', method: 'GET' });
    expect(await statusOf(user.token)).toBe(0);
  });
});

describe('token expiry', () => {
  onFreshSite();
  it('A21 · keeps a token for 180 days from login whether or not it is used, then answers 10102 everywhere', async () => {
    const user = await registerUser(t, { username: 'long_lived' });
    const use = (path: string, params: Record<string, unknown> = {}) => t.call(path, params, { token: user.token });
    t.clock.advance(179 * DAY);
    expect((await use('user/info')).error_code).toBe(0);
    t.clock.advance(2 * DAY);
    expect((await use('user/info')).error_code).toBe(10102);
    expect((await use('user/updateInfo', { name: 'late' })).error_code).toBe(10102);
    expect((await use('user/allUser', { username: 'long' })).error_code).toBe(10102);
    expect((await use('user/resetPassword', { password: user.password, new_password: 'new secret 1' })).error_code).toBe(10102);
    expect((await t.call('user/info', {}, { token: user.token, via: 'cookie' })).error_code).toBe(10102);
    const viaLink = await t.call('user/loginByUserToken', { user_token: user.token });
    expect(viaLink.error_code).toBe(10102);
    expect(loginCookieOf(viaLink.response)).toBeUndefined();
  });

  it('clears an expired session away when the account logs in again', async () => {
    const user = await registerUser(t, { username: 'returning' });
    t.clock.advance(181 * DAY);
    const again = await loginUser(t, 'returning', user.password);
    expect(again.error_code).toBe(0);
    const rows = await t.database.db.selectFrom('user_token').select('token').where('uid', '=', user.uid).execute();
    expect(rows).toEqual([{ token: sha256((again.data as { user_token: string }).user_token) }]);
  });
});
