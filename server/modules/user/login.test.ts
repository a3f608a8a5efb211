import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { loginUser, registerThroughApi, registerUser, type TestUser } from '../../test/factories.js';
import { forgetOldAttempts } from './throttle.js';
import { usernameKey } from './username.js';

/**
 * `user/loginByVerify` (alias `user/login`): username or e-mail, password and captcha. Wrong
 * credentials (10210) and a wrong captcha (10206) are told apart; an unknown user and a wrong password
 * are not. Password checks go through a throttle kept in the database (throttle.ts). Accounts brought
 * over from ShowDoc keep their bcrypt or salted-md5 hashes until their first login replaces them.
 */

const LOGIN_SHAPE = ['uid', 'username', 'name', 'groupid', 'avatar', 'avatar_small', 'email', 'email_verify', 'user_token'];

interface LoginData {
  uid: number;
  username: string;
  user_token: string;
}

const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
/** ShowDoc's pre-bcrypt scheme: md5(base64(md5hex(password)) + '576hbgh6' + salt). */
const showdocMd5 = (password: string, salt: string) => md5(Buffer.from(md5(password)).toString('base64') + '576hbgh6' + salt);
/** What ShowDoc's password_hash() wrote: bcrypt, cost 10, with PHP's $2y$ prefix. */
const showdocBcrypt = (password: string) => bcrypt.hashSync(password, 10).replace(/^\$2b\$/, '$2y$');

/** An account as ShowDoc's database would bring it, written straight into the table. */
async function insertAccount(t: TestApp, username: string, fields: { password: string; salt?: string; email?: string }) {
  const row = await t.database.db
    .insertInto('user')
    .values({ username, username_key: usernameKey(username), password: fields.password, salt: fields.salt ?? '', email: fields.email ?? '', reg_time: 1_500_000_000 })
    .returning('uid')
    .executeTakeFirstOrThrow();
  return row.uid;
}

const storedPassword = async (t: TestApp, uid: number) =>
  t.database.db.selectFrom('user').select(['password', 'salt']).where('uid', '=', uid).executeTakeFirstOrThrow();

describe('logging in (user/loginByVerify)', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    // Logs in with what registration through the API stored (the other tests write users as rows).
    alice = await registerThroughApi(t, { username: 'alice', password: 'alice secret 1' });
  });
  afterAll(() => t?.close());

  const login = async (fields: Record<string, unknown>, remoteAddress = '10.10.0.1') =>
    t.call('user/loginByVerify', { ...(await t.solveCaptcha()), ...fields }, { remoteAddress, headers: { 'accept-language': 'en' } });

  it("answers ShowDoc's login shape with a new token each time; earlier tokens stay valid", async () => {
    const first = await loginUser(t, 'alice', alice.password);
    const second = await loginUser(t, 'alice', alice.password);
    expect(first.error_code).toBe(0);
    const a = first.data as LoginData;
    const b = second.data as LoginData;
    expect(Object.keys(a).sort()).toEqual([...LOGIN_SHAPE].sort());
    expect(a).toMatchObject({ uid: alice.uid, username: 'alice', name: '', groupid: 1, avatar: '', avatar_small: '', email: '', email_verify: 0 });
    expect(a.user_token).toMatch(/^[0-9a-f]{64}$/);
    expect(b.user_token).not.toBe(a.user_token);
    for (const token of [alice.token, a.user_token, b.user_token]) {
      expect((await t.call('user/info', {}, { token })).data).toMatchObject({ uid: alice.uid });
    }
  });

  it('answers user/login as the same action', async () => {
    const res = await t.call('user/login', { username: 'alice', password: alice.password, ...(await t.solveCaptcha()) });
    expect(res.data).toMatchObject({ uid: alice.uid, username: 'alice' });
  });

  it('records the time of the login', async () => {
    t.clock.advance(3600);
    expect((await loginUser(t, 'alice', alice.password)).error_code).toBe(0);
    const row = await t.database.db.selectFrom('user').select('last_login_time').where('uid', '=', alice.uid).executeTakeFirstOrThrow();
    expect(row.last_login_time).toBe(t.clock.now());
  });

  it('takes the username in any case or width, with spaces around it', async () => {
    for (const username of ['ALICE', 'Alice', 'ａｌｉｃｅ', '  alice  ']) {
      expect((await login({ username, password: alice.password })).data, username).toMatchObject({ uid: alice.uid, username: 'alice' });
    }
  });

  it("takes the account's e-mail address in place of the username, in any case", async () => {
    const uid = await insertAccount(t, 'dora', { password: showdocBcrypt('dora secret 1'), email: 'dora@example.com' });
    expect((await login({ username: 'Dora@Example.COM', password: 'dora secret 1' })).data).toMatchObject({ uid, username: 'dora' });
    const carol = await registerUser(t, { username: 'Carol@Example.org', password: 'carol secret 1' });
    expect((await login({ username: 'carol@example.org', password: carol.password })).data).toMatchObject({ uid: carol.uid, username: 'Carol@Example.org' });
  });

  it('round-trips Chinese usernames and passwords with emoji', async () => {
    const user = await registerUser(t, { username: '王芳', password: '芝麻开门 🔑 42' });
    expect((await login({ username: '王芳', password: '芝麻开门 🔑 42' })).data).toMatchObject({ uid: user.uid, username: '王芳' });
  });

  it('compares the password exactly: no trimming and no case folding', async () => {
    for (const password of [` ${alice.password}`, `${alice.password} `, alice.password.toUpperCase()]) {
      expect((await login({ username: 'alice', password }, '10.10.1.1')).error_code, JSON.stringify(password)).toBe(10210);
    }
  });

  it('A1 · answers a wrong password and an unknown user alike: 10210, the same message, no data', async () => {
    const wrong = await login({ username: 'alice', password: 'not it at all' }, '10.10.2.1');
    const unknown = await login({ username: 'nobody_here', password: 'not it at all' }, '10.10.2.1');
    expect(wrong.error_code).toBe(10210);
    expect(unknown.error_code).toBe(10210);
    expect(unknown.error_message).toBe(wrong.error_message);
    expect(wrong.data).toBeUndefined();
    expect(wrong.response.cookies).toEqual([]);
    expect(wrong.response.statusCode).toBe(200);
  });

  it('answers a wrong captcha with 10206, checked before the password, and such attempts are not counted as guesses', async () => {
    const { captcha_id, captcha } = await t.solveCaptcha();
    const wrongCaptcha = captcha === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    const res = await t.call('user/loginByVerify', { username: 'alice', password: alice.password, captcha_id, captcha: wrongCaptcha }, { remoteAddress: '10.10.3.1' });
    expect(res.error_code).toBe(10206);
    expect(res.data).toBeUndefined();
    for (let i = 0; i < 6; i++) {
      const bad = await t.call('user/loginByVerify', { username: 'alice', password: 'wrong', captcha_id: 'f'.repeat(32), captcha: 'ABCD' }, { remoteAddress: '10.10.3.1' });
      expect(bad.error_code).toBe(10206);
    }
    expect((await login({ username: 'alice', password: alice.password }, '10.10.3.1')).error_code).toBe(0);
  });

  it('needs a username and a password: 10101 when either is missing or blank', async () => {
    for (const fields of [{}, { username: 'alice' }, { password: alice.password }, { username: '   ', password: alice.password }, { username: 'alice', password: '' }]) {
      const res = await login(fields);
      expect(res.error_code, JSON.stringify(fields)).toBe(10101);
      expect(res.error_message).toMatch(/username and a password/);
    }
  });

  it('refuses arrays, objects and overlong fields with 10100', async () => {
    const bad: Record<string, unknown>[] = [
      { username: ['alice'], password: alice.password },
      { username: { $ne: '' }, password: alice.password },
      { username: 'alice', password: [alice.password] },
      { username: 'alice', password: { $gt: '' } },
      { username: 'alice', password: true },
      { username: 'alice', password: null },
    ];
    for (const fields of bad) {
      const res = await t.call('user/loginByVerify', { ...(await t.solveCaptcha()), ...fields }, { json: true, remoteAddress: '10.10.4.1' });
      expect(res.error_code, JSON.stringify(fields)).toBe(10100);
    }
    expect((await login({ username: 'a'.repeat(201), password: alice.password })).error_code).toBe(10100);
    expect((await login({ username: 'alice', password: 'p'.repeat(1025) })).error_code).toBe(10100);
    const huge = await login({ username: 'alice', password: 'p'.repeat(1024 * 1024) });
    expect(huge.error_code).toBe(10100);
    expect(huge.response.statusCode).toBe(413);
  });

  it('counts a password over 100 bytes as a wrong one (10210) without hashing it', async () => {
    expect((await login({ username: 'alice', password: 'p'.repeat(101) }, '10.10.5.1')).error_code).toBe(10210);
    expect((await login({ username: 'alice', password: '密'.repeat(34) }, '10.10.5.1')).error_code).toBe(10210);
  });

  it('never lets anyone into an account without a password (for example one made by single sign-on)', async () => {
    await insertAccount(t, 'sso_only', { password: '' });
    for (const password of ['x', ' ', 'undefined', 'null']) {
      expect((await login({ username: 'sso_only', password }, '10.10.6.1')).error_code, password).toBe(10210);
    }
  });

  it('H5 · never answers with the password, its hash, a salt or the stored token hash', async () => {
    const res = await login({ username: 'alice', password: alice.password });
    const body = res.response.body;
    const row = await storedPassword(t, alice.uid);
    expect(body).not.toContain(alice.password);
    expect(body).not.toContain(row.password);
    expect(body).not.toMatch(/argon2|"password"|"salt"|"username_key"/);
    expect(body).not.toContain(sha256((res.data as LoginData).user_token));
  });

  it('A1 · after 5 wrong passwords from one address, the 6th attempt is 10204 even with the right password and a fresh captcha; another address still gets in', async () => {
    const bob = await registerUser(t, { username: 'bob', password: 'bob secret 12' });
    for (let i = 0; i < 5; i++) expect((await login({ username: 'bob', password: `guess ${i}` }, '10.10.7.1')).error_code).toBe(10210);
    const locked = await login({ username: 'bob', password: bob.password }, '10.10.7.1');
    expect(locked.error_code).toBe(10204);
    expect(locked.data).toBeUndefined();
    expect((await login({ username: 'bob', password: bob.password }, '10.10.7.2')).data).toMatchObject({ uid: bob.uid });
    // The owner's login elsewhere does not lift the lock on the guessing address.
    expect((await login({ username: 'bob', password: bob.password }, '10.10.7.1')).error_code).toBe(10204);
  });
});

describe('the login page (user/oauthInfo)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  // null is ShowDoc's answer while the option was never set: its login page then shows no entrance.
  it('reports OAuth2 login as closed, to anyone, by GET or POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.call('user/oauthInfo', {}, { method });
      expect(res).toMatchObject({ error_code: 0, data: { oauth2_open: null, oauth2_entrance_tips: '' } });
    }
    expect((await t.call('user/oauthInfo', {}, { token: 'f'.repeat(64) })).data).toEqual({ oauth2_open: null, oauth2_entrance_tips: '' });
  });

  // With OAuth2 set up: server/modules/extLogin/oauth2-login.test.ts.
});

describe('legacy ShowDoc passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ captcha: false });
  });
  afterAll(() => t?.close());

  const login = (username: string, password: string, remoteAddress = '10.20.0.1') => t.call('user/loginByVerify', { username, password }, { remoteAddress });

  it('A25 · logs in with a bcrypt $2y$ hash from ShowDoc and replaces it with Argon2id; the new hash works next time', async () => {
    const uid = await insertAccount(t, 'old_bcrypt', { password: showdocBcrypt('bcrypt pass 1') });
    expect((await storedPassword(t, uid)).password).toMatch(/^\$2y\$10\$/);
    expect((await login('old_bcrypt', 'bcrypt pass 1')).data).toMatchObject({ uid, username: 'old_bcrypt' });
    expect(await storedPassword(t, uid)).toMatchObject({ password: expect.stringMatching(/^\$argon2id\$/), salt: '' });
    expect((await login('old_bcrypt', 'bcrypt pass 1')).error_code).toBe(0);
    expect((await login('old_bcrypt', 'bcrypt pass 2')).error_code).toBe(10210);
  });

  it("A25 · logs in with ShowDoc's salted md5 scheme, replaces it with Argon2id and drops the salt", async () => {
    const uid = await insertAccount(t, 'old_md5', { password: showdocMd5('md5 pass 1', 'a1B2c3'), salt: 'a1B2c3' });
    expect((await login('old_md5', 'md5 pass 1')).data).toMatchObject({ uid });
    expect(await storedPassword(t, uid)).toMatchObject({ password: expect.stringMatching(/^\$argon2id\$/), salt: '' });
    expect((await login('old_md5', 'md5 pass 1')).error_code).toBe(0);
  });

  it("logs in ShowDoc's shipped administrator: showdoc / 123456, unsalted md5 a89da136…", async () => {
    const uid = await insertAccount(t, 'showdoc', { password: 'a89da13684490eb9ec9e613f91d24d00' });
    expect((await login('showdoc', '123456')).data).toMatchObject({ uid, username: 'showdoc' });
    expect((await storedPassword(t, uid)).password).toMatch(/^\$argon2id\$/);
  });

  it('leaves a legacy hash as it is after a wrong password', async () => {
    const bcryptHash = showdocBcrypt('right one 1');
    const md5Hash = showdocMd5('right one 1', 'salt');
    const a = await insertAccount(t, 'kept_bcrypt', { password: bcryptHash });
    const b = await insertAccount(t, 'kept_md5', { password: md5Hash, salt: 'salt' });
    expect((await login('kept_bcrypt', 'wrong one 1', '10.20.1.1')).error_code).toBe(10210);
    expect((await login('kept_md5', 'wrong one 1', '10.20.1.1')).error_code).toBe(10210);
    expect(await storedPassword(t, a)).toEqual({ password: bcryptHash, salt: '' });
    expect(await storedPassword(t, b)).toEqual({ password: md5Hash, salt: 'salt' });
  });

  it("accepts only ShowDoc's scheme: a bare md5 of the password, or the md5 scheme with another salt, is refused", async () => {
    await insertAccount(t, 'bare_md5', { password: md5('plain pass 1') });
    await insertAccount(t, 'wrong_salt', { password: showdocMd5('plain pass 1', 'one'), salt: 'two' });
    expect((await login('bare_md5', 'plain pass 1', '10.20.2.1')).error_code).toBe(10210);
    expect((await login('wrong_salt', 'plain pass 1', '10.20.2.1')).error_code).toBe(10210);
  });
});

describe('throttling password guesses (FOLIO_CAPTCHA=off skips only the captcha)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ captcha: false });
  });
  afterAll(() => t?.close());

  const attempt = (username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.call('user/loginByVerify', { username, password }, { remoteAddress, headers });
  // Guesses over 100 bytes are refused without hashing and still count, which keeps the mass-guessing tests fast.
  const cheapGuess = 'g'.repeat(101);

  it('A3 · locks an account on one address after 5 failures, even against the right password, without any captcha', async () => {
    const user = await registerUser(t, { username: 'throttled' });
    for (let i = 0; i < 5; i++) expect((await attempt('throttled', `guess ${i}`, '10.30.0.1')).error_code).toBe(10210);
    expect((await attempt('throttled', user.password, '10.30.0.1')).error_code).toBe(10204);
    expect((await attempt('THROTTLED', user.password, '10.30.0.1')).error_code).toBe(10204);
    expect((await attempt('throttled', user.password, '10.30.0.2')).error_code).toBe(0);
  });

  it('A2 · counts each attempt before checking the password: of 10 parallel guesses exactly 5 are checked', async () => {
    const user = await registerUser(t, { username: 'parallel' });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt('parallel', `guess ${i}`, '10.30.1.1')));
    const codes = results.map((r) => r.error_code).sort();
    expect(codes).toEqual([...Array<number>(5).fill(10204), ...Array<number>(5).fill(10210)]);
    expect((await attempt('parallel', user.password, '10.30.1.1')).error_code).toBe(10204);
  });

  it('throttles unknown usernames the same way, so a lock does not reveal that an account exists', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('ghost', `guess ${i}`, '10.30.2.1')).error_code).toBe(10210);
    expect((await attempt('ghost', 'guess 5', '10.30.2.1')).error_code).toBe(10204);
  });

  it('starts the count again after the right password', async () => {
    const user = await registerUser(t, { username: 'forgetful' });
    for (let i = 0; i < 4; i++) expect((await attempt('forgetful', `guess ${i}`, '10.30.3.1')).error_code).toBe(10210);
    expect((await attempt('forgetful', user.password, '10.30.3.1')).error_code).toBe(0);
    for (let i = 0; i < 5; i++) expect((await attempt('forgetful', `again ${i}`, '10.30.3.1')).error_code).toBe(10210);
    expect((await attempt('forgetful', 'again 5', '10.30.3.1')).error_code).toBe(10204);
  });

  // Regression: once the threshold was passed, every attempt after a lock ran out was refused before
  // the password was looked at (and locked again for longer), so a person who waited out the lock as
  // told could not get in with the right password until they had stopped trying for an hour.
  it('lets the right password in once the lock has run out', async () => {
    const user = await registerUser(t, { username: 'patient' });
    for (let i = 0; i < 5; i++) expect((await attempt('patient', `guess ${i}`, '10.30.4.1')).error_code).toBe(10210);
    expect((await attempt('patient', user.password, '10.30.4.1')).error_code).toBe(10204);
    t.clock.advance(59);
    expect((await attempt('patient', user.password, '10.30.4.1')).error_code).toBe(10204);
    t.clock.advance(1);
    expect((await attempt('patient', user.password, '10.30.4.1')).error_code).toBe(0);
    // …and the count starts again from zero.
    for (let i = 0; i < 5; i++) expect((await attempt('patient', `later ${i}`, '10.30.4.1')).error_code).toBe(10210);
  });

  it('after a lock runs out, allows one more guess; each failure doubles the next lock, up to 15 minutes', async () => {
    const user = await registerUser(t, { username: 'stubborn' });
    for (let i = 0; i < 5; i++) expect((await attempt('stubborn', `guess ${i}`, '10.30.5.1')).error_code).toBe(10210);
    expect((await attempt('stubborn', user.password, '10.30.5.1')).error_code).toBe(10204);
    const locks = [60, 120, 240, 480, 900, 900];
    for (const [i, lock] of locks.entries()) {
      t.clock.advance(lock - 1);
      expect((await attempt('stubborn', user.password, '10.30.5.1')).error_code, `still locked, lock ${i}`).toBe(10204);
      t.clock.advance(1);
      if (i < locks.length - 1) expect((await attempt('stubborn', `more ${i}`, '10.30.5.1')).error_code, `one guess after lock ${i}`).toBe(10210);
    }
    expect((await attempt('stubborn', user.password, '10.30.5.1')).error_code).toBe(0);
  });

  it('limits an address to 30 failures across all usernames: then even an account it never tried is locked there, not elsewhere', async () => {
    const user = await registerUser(t, { username: 'bystander' });
    for (let i = 0; i < 30; i++) expect((await attempt(`sprayed_${i}`, cheapGuess, '10.30.6.1')).error_code).toBe(10210);
    expect((await attempt('bystander', user.password, '10.30.6.1')).error_code).toBe(10204);
    expect((await attempt('bystander', user.password, '10.30.6.2')).error_code).toBe(0);
  });

  it('A3 · limits an account to 50 failures from all addresses, and only for a while', async () => {
    const user = await registerUser(t, { username: 'popular' });
    for (let i = 0; i < 50; i++) expect((await attempt('popular', cheapGuess, `10.31.0.${i + 1}`)).error_code).toBe(10210);
    expect((await attempt('popular', user.password, '10.31.1.1')).error_code).toBe(10204);
    expect((await attempt('popular', user.password, '10.31.1.2')).error_code).toBe(10204);
    t.clock.advance(60);
    expect((await attempt('popular', user.password, '10.31.1.3')).error_code).toBe(0);
  });

  it('I5 · counts the connecting address, not an X-Forwarded-For header the client made up', async () => {
    const user = await registerUser(t, { username: 'spoofed' });
    for (let i = 0; i < 5; i++) {
      const res = await attempt('spoofed', `guess ${i}`, '10.30.7.1', { 'x-forwarded-for': `203.0.113.${i + 1}` });
      expect(res.error_code).toBe(10210);
    }
    expect((await attempt('spoofed', user.password, '10.30.7.1', { 'x-forwarded-for': '203.0.113.99' })).error_code).toBe(10204);
  });

  it('forgets rows whose lock has ended and whose failures are over an hour old, and keeps live ones', async () => {
    for (let i = 0; i < 6; i++) await attempt('forgotten', cheapGuess, '10.30.9.1');
    const rows = () => t.database.db.selectFrom('login_throttle').select('throttle_key').where('throttle_key', 'like', '%10.30.9.1%').execute();
    expect((await rows()).length).toBeGreaterThan(0);
    expect(await forgetOldAttempts(t.database.db, t.clock.now())).toBe(0);
    t.clock.advance(2 * 3600);
    expect(await forgetOldAttempts(t.database.db, t.clock.now())).toBeGreaterThan(0);
    expect(await rows()).toEqual([]);
  });
});
