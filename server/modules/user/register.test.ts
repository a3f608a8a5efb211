import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallOptions, type TestApp } from '../../test/harness.js';
import { writeOption } from '../common/options.js';

/**
 * `user/registerByVerify` (alias `user/register`): ShowDoc's form — username, password,
 * confirm_password, captcha — answered with the same shape as a login. There is no default
 * administrator: the first account on an empty site runs it.
 */

const LOGIN_SHAPE = ['uid', 'username', 'name', 'groupid', 'avatar', 'avatar_small', 'email', 'email_verify', 'user_token'];
const en = { 'accept-language': 'en' };

interface LoginData {
  uid: number;
  username: string;
  groupid: number;
  email: string;
  user_token: string;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function registerWith(t: TestApp) {
  return async (fields: Record<string, unknown>, options: CallOptions = {}) =>
    t.call('user/registerByVerify', { confirm_password: fields.password, ...(await t.solveCaptcha()), ...fields }, { headers: en, ...options });
}

const userRow = (t: TestApp, uid: number) => t.database.db.selectFrom('user').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();

describe('registration (user/registerByVerify)', () => {
  let t: TestApp;
  let register: ReturnType<typeof registerWith>;
  beforeAll(async () => {
    t = await startTestApp();
    register = registerWith(t);
  });
  afterAll(() => t?.close());

  it("creates the account, logs it in and answers with ShowDoc's login shape; the first account runs the site", async () => {
    const res = await register({ username: 'founder', password: 'founder pass 1' });
    expect(res.error_code).toBe(0);
    const data = res.data as LoginData;
    expect(Object.keys(data).sort()).toEqual([...LOGIN_SHAPE].sort());
    expect(data).toMatchObject({ username: 'founder', name: '', groupid: 1, avatar: '', avatar_small: '', email: '', email_verify: 0 });
    expect(data.user_token).toMatch(/^[0-9a-f]{64}$/);

    const [cookie] = res.response.cookies.filter((c) => c.name === 'folio_token');
    expect(cookie).toMatchObject({ value: data.user_token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await t.call('user/info', {}, { token: data.user_token })).data).toMatchObject({ uid: data.uid, username: 'founder', groupid: 1 });

    const row = await userRow(t, data.uid);
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row).toMatchObject({ salt: '', username_key: 'founder', reg_time: t.clock.now(), last_login_time: t.clock.now() });
  });

  it('makes every later account a regular user (groupid 2)', async () => {
    const res = await register({ username: 'second', password: 'second pass 1' });
    expect(res.data).toMatchObject({ username: 'second', groupid: 2 });
  });

  it('A10 · ignores hidden fields such as groupid=1, uid, is_sso, email or salt, in a form or in JSON', async () => {
    const extras = { groupid: 1, uid: 1, is_sso: 1, email: 'boss@example.com', salt: 'x', password_hash: 'x', username_key: 'founder' };
    for (const [username, json] of [['sneaky_form', false], ['sneaky_json', true]] as const) {
      const res = await register({ username, password: 'sneaky pass 1', ...extras }, { json });
      expect(res.error_code, username).toBe(0);
      const data = res.data as LoginData;
      expect(data.uid).not.toBe(1);
      const row = await userRow(t, data.uid);
      expect(row).toMatchObject({ username, username_key: username, groupid: 2, is_sso: 0, email: '', salt: '' });
    }
  });

  it('answers user/register as the same action', async () => {
    const res = await t.call('user/register', { username: 'via_alias', password: 'alias pass 1', confirm_password: 'alias pass 1', ...(await t.solveCaptcha()) });
    expect(res.data).toMatchObject({ username: 'via_alias', groupid: 2 });
  });

  it('accepts inviteCode from ShowDoc clients and does nothing with it', async () => {
    const res = await register({ username: 'invited', password: 'invited pass 1', inviteCode: 'ABC-123' });
    expect(res.data).toMatchObject({ username: 'invited', groupid: 2 });
  });

  it('takes JSON numbers as their text', async () => {
    const res = await register({ username: 'numeric_pw', password: 12345678, confirm_password: 12345678 }, { json: true });
    expect(res.error_code).toBe(0);
    expect((await t.call('user/loginByVerify', { username: 'numeric_pw', password: '12345678', ...(await t.solveCaptcha()) })).error_code).toBe(0);
  });

  it("accepts ShowDoc's usernames — 2 to 30 letters, digits, _, - or Chinese characters — and e-mail addresses", async () => {
    for (const username of ['ab', 'x'.repeat(30), '张三', '文档_doc-1', 'Alice.Smith+docs@example.co.uk']) {
      const res = await register({ username, password: 'valid pass 1' });
      expect(res.error_code, username).toBe(0);
      expect((res.data as LoginData).username).toBe(username);
    }
  });

  it('A8 · refuses every other username with 10101', async () => {
    const refused = [
      '',
      '   ',
      'a',
      'y'.repeat(31),
      'a b',
      'a.b',
      'dev👩‍💻',
      'admin\u200b',
      'ａｄｍｉｎ',
      'مرحبا',
      '<script>alert(1)</script>',
      '<?php system($_GET[c]);__halt_compiler();',
      "x' or '1'='1",
      '../../etc/passwd',
      `${'a'.repeat(95)}@example.com`,
    ];
    for (const username of refused) {
      const res = await register({ username, password: 'valid pass 1' });
      expect(res.error_code, username).toBe(10101);
      expect(res.error_message).toMatch(/username has 2 to 30/);
      expect(res.data).toBeUndefined();
    }
    const stored = await t.database.db.selectFrom('user').select('username').where('username', 'in', refused).execute();
    expect(stored).toEqual([]);
  });

  it('refuses a username longer than any valid one (over 200 characters) as bad input, 10100', async () => {
    expect((await register({ username: 'u'.repeat(201), password: 'valid pass 1' })).error_code).toBe(10100);
  });

  it('trims spaces around the username', async () => {
    const res = await register({ username: '  padded_name  ', password: 'padded pass 1' });
    expect(res.data).toMatchObject({ username: 'padded_name' });
  });

  it('A9 · keeps one account per name whatever the case or the width: Admin and ａｄｍｉｎ never become a second admin', async () => {
    const admin = await register({ username: 'admin', password: 'admin pass 1' });
    expect(admin.error_code).toBe(0);
    for (const username of ['Admin', 'ADMIN', ' admin ']) {
      const res = await register({ username, password: 'other pass 1' });
      expect(res.error_code, username).toBe(10201);
      expect(res.data).toBeUndefined();
    }
    // Full-width letters are not allowed in names; typed at login, they reach the one account that exists.
    expect((await register({ username: 'ａｄｍｉｎ', password: 'other pass 1' })).error_code).toBe(10101);
    const viaWide = await t.call('user/loginByVerify', { username: 'ａｄｍｉｎ', password: 'admin pass 1', ...(await t.solveCaptcha()) });
    expect(viaWide.data).toMatchObject({ uid: (admin.data as LoginData).uid, username: 'admin' });
    const admins = await t.database.db.selectFrom('user').select('uid').where('username_key', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });

  it("stores an e-mail username as the account's e-mail too, in lower case; the same address in other case is taken", async () => {
    const res = await register({ username: 'Bob.Jones@Example.COM', password: 'bob pass 12' });
    expect(res.data).toMatchObject({ username: 'Bob.Jones@Example.COM', email: 'bob.jones@example.com' });
    expect((await register({ username: 'bob.jones@example.com', password: 'bob pass 12' })).error_code).toBe(10201);
  });

  it('answers a taken username with 10201 and spends the captcha', async () => {
    const captcha = await t.solveCaptcha();
    expect((await register({ username: 'second', password: 'taken pass 1', ...captcha })).error_code).toBe(10201);
    expect((await register({ username: 'not_taken', password: 'taken pass 1', ...captcha })).error_code).toBe(10206);
  });

  it('needs a password of at least 6 characters', async () => {
    for (const password of ['', '12345', '😀😀😀😀😀']) {
      const res = await register({ username: 'short_pw', password });
      expect(res.error_code, password).toBe(10101);
      expect(res.error_message).toMatch(/at least 6/);
    }
    // Characters, not bytes or UTF-16 units: six emoji are six characters.
    expect((await register({ username: 'emoji_pw', password: '😀😀😀😀😀😀' })).error_code).toBe(0);
  });

  it('caps the password at 100 bytes: 101 ASCII characters, or 34 Chinese ones (102 bytes), are too long; 33 are fine', async () => {
    for (const password of ['p'.repeat(101), '密'.repeat(34)]) {
      const res = await register({ username: 'long_pw', password });
      expect(res.error_code).toBe(10101);
      expect(res.error_message).toMatch(/too long/);
    }
    expect((await register({ username: 'cjk_pw', password: '密'.repeat(33) })).error_code).toBe(0);
  });

  it('refuses 10 KB and 1 MB passwords as bad input without hashing them (10100; 1 MB is HTTP 413)', async () => {
    const tenKb = 'k'.repeat(10 * 1024);
    expect((await register({ username: 'huge_pw', password: tenKb })).error_code).toBe(10100);
    const oneMb = await register({ username: 'huge_pw', password: 'm'.repeat(1024 * 1024) });
    expect(oneMb.error_code).toBe(10100);
    expect(oneMb.response.statusCode).toBe(413);
  });

  it('needs confirm_password to match the password exactly', async () => {
    for (const confirm_password of ['', 'Match pass 1', 'match pass 1 ', 'match pass']) {
      const res = await register({ username: 'mismatch', password: 'match pass 1', confirm_password });
      expect(res.error_code, confirm_password).toBe(10101);
      expect(res.error_message).toMatch(/do not match/);
    }
  });

  it('needs a solved captcha: missing or wrong is 10206, and no account is made', async () => {
    const { captcha_id, captcha } = await t.solveCaptcha();
    const wrong = captcha === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    expect((await register({ username: 'no_captcha', password: 'captcha pass 1', captcha_id: '', captcha: '' })).error_code).toBe(10206);
    expect((await register({ username: 'no_captcha', password: 'captcha pass 1', captcha_id, captcha: wrong })).error_code).toBe(10206);
    const row = await t.database.db.selectFrom('user').select('uid').where('username_key', '=', 'no_captcha').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses arrays, objects, booleans and null where text belongs with 10100', async () => {
    const good = { username: 'typed_user', password: 'typed pass 1', confirm_password: 'typed pass 1' };
    const bad: Record<string, unknown>[] = [
      { username: ['typed_user'] },
      { username: { $gt: '' } },
      { username: true },
      { username: null },
      { password: ['typed pass 1'], confirm_password: ['typed pass 1'] },
      { password: { length: 8 } },
      { confirm_password: false },
      { inviteCode: ['x'] },
    ];
    for (const fields of bad) {
      const res = await register({ ...good, ...fields }, { json: true });
      expect(res.error_code, JSON.stringify(fields)).toBe(10100);
    }
  });

  it('round-trips a Chinese username and a password with spaces, emoji and accents, byte for byte', async () => {
    const password = ' 密码 🔐 pässwörd ';
    const res = await register({ username: '李雷', password });
    expect(res.data).toMatchObject({ username: '李雷' });
    const token = (res.data as LoginData).user_token;
    expect((await t.call('user/info', {}, { token })).data).toMatchObject({ username: '李雷' });
    const login = async (pw: string) => t.call('user/loginByVerify', { username: '李雷', password: pw, ...(await t.solveCaptcha()) }, { remoteAddress: '10.2.0.1' });
    expect((await login(password.trim())).error_code).toBe(10210);
    expect((await login(password)).error_code).toBe(0);
  });

  it('never answers with the password, its hash, a salt or the stored token hash', async () => {
    const password = 'visible? pass 1';
    const res = await register({ username: 'leak_check', password });
    const body = res.response.body;
    const row = await userRow(t, (res.data as LoginData).uid);
    expect(body).not.toContain(password);
    expect(body).not.toContain(row.password);
    expect(body).not.toMatch(/argon2|"password"|"salt"|"username_key"/);
    expect(body).not.toContain(sha256((res.data as LoginData).user_token));
  });

  it('gives a name to exactly one of two people registering it at the same moment', async () => {
    const [a, b] = await Promise.all([register({ username: 'racer', password: 'racer pass 1' }), register({ username: 'Racer', password: 'racer pass 2' })]);
    expect([a.error_code, b.error_code].sort()).toEqual([0, 10201]);
    expect(await t.database.db.selectFrom('user').select('uid').where('username_key', '=', 'racer').execute()).toHaveLength(1);
  });

  it('A10 · is refused with 10101 when the administrator closed it (register_open = 0), before anything else; logging in still works', async () => {
    await writeOption(t.database.db, 'register_open', '0');
    try {
      for (const fields of [{ username: 'late_comer', password: 'late pass 1' }, { username: 'x', password: '', captcha_id: '', captcha: '' }]) {
        const res = await register(fields);
        expect(res.error_code).toBe(10101);
        expect(res.error_message).toMatch(/closed/);
      }
      const zh = await register({ username: 'late_comer', password: 'late pass 1' }, { headers: { 'accept-language': 'zh-CN' } });
      expect(zh.error_message).toBe('管理员已关闭注册');
      expect((await t.call('user/loginByVerify', { username: 'second', password: 'second pass 1', ...(await t.solveCaptcha()) })).error_code).toBe(0);
    } finally {
      await writeOption(t.database.db, 'register_open', '1');
    }
    expect((await register({ username: 'late_comer', password: 'late pass 1' })).error_code).toBe(0);
  });
});

describe('registration on an empty site', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Without a captcha to solve first, the registrations really do arrive together.
    t = await startTestApp({ captcha: false });
  });
  afterAll(() => t?.close());

  // Regression: on PostgreSQL each registration counted the administrators in its own transaction, so
  // several arriving together all saw none and all became administrators. The race does not lose every
  // time before the fix; with the fix it never does.
  it('A26 · makes exactly one administrator when the first registrations arrive at the same moment', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `first_${i}`);
    const results = await Promise.all(names.map((username) => t.call('user/registerByVerify', { username, password: 'first pass 1', confirm_password: 'first pass 1' })));
    expect(results.map((r) => r.error_code)).toEqual(names.map(() => 0));
    expect(results.map((r) => (r.data as LoginData).groupid).sort()).toEqual([1, ...names.slice(1).map(() => 2)]);
    const admins = await t.database.db.selectFrom('user').select('uid').where('groupid', '=', 1).execute();
    expect(admins).toHaveLength(1);
  });
});

describe('registration with FOLIO_CAPTCHA=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ captcha: false });
  });
  afterAll(() => t?.close());

  it('needs no captcha, and still checks everything else', async () => {
    const call = (fields: Record<string, unknown>) => t.call('user/registerByVerify', { confirm_password: fields.password, ...fields });
    expect((await call({ username: 'no_captcha', password: 'quiet pass 1' })).data).toMatchObject({ username: 'no_captcha', groupid: 1 });
    expect((await call({ username: 'No_Captcha', password: 'quiet pass 1' })).error_code).toBe(10201);
    expect((await call({ username: 'q', password: 'quiet pass 1' })).error_code).toBe(10101);
    expect((await call({ username: 'quiet', password: 'short' })).error_code).toBe(10101);
  });
});
