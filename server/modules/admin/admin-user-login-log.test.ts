import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginLog } from '../../../common/answers/admin.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { loginUser, registerUser, type TestUser } from '../../test/factories.js';
import { LOGIN_LOG_MAX_AGE_SECONDS, LOGIN_LOG_MAX_ROWS, trimLoginLog } from './login-log.js';

/** Every password login attempt is logged (who, when, from where, success or why not); `adminUser/loginLog` reads it. */

let t: TestApp;
let admin: TestUser;
let person: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'log_root' });
  person = await registerUser(t, { username: 'log_person', password: 'log secret 1' });
});
afterAll(() => t?.close());

const log = async (params: Record<string, unknown> = {}, caller: TestUser = admin) => {
  const res = await t.call('adminUser/loginLog', params, { token: caller.token });
  expect(res.error_code).toBe(0);
  return LoginLog.parse(res.data);
};
const newest = async () => (await log({ count: 1 })).list[0];
const browser = (agent: string) => ({ 'user-agent': agent });

describe('what a login writes', () => {
  it('a success: the account, the name as typed, the address and browser', async () => {
    const res = await t.call('user/loginByVerify', { username: ' LOG_person ', password: 'log secret 1', ...(await t.solveCaptcha()) }, { headers: browser('Mozilla/5.0 Test'), remoteAddress: '10.1.2.3' });
    expect(res.error_code).toBe(0);
    expect(await newest()).toEqual({
      id: expect.any(Number),
      uid: person.uid,
      username: 'LOG_person',
      ip: '10.1.2.3',
      user_agent: 'Mozilla/5.0 Test',
      success: 1,
      reason: '',
      addtime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it('every refusal, with its reason', async () => {
    await loginUser(t, 'log_person', 'wrong password');
    expect(await newest()).toMatchObject({ uid: person.uid, success: 0, reason: 'password' });
    await loginUser(t, 'no_such_person', 'whatever 1');
    expect(await newest()).toMatchObject({ uid: 0, username: 'no_such_person', success: 0, reason: 'no_account' });
    await t.call('user/login', { username: 'log_person', password: 'log secret 1', captcha_id: '1', captcha: 'NOPE' });
    expect(await newest()).toMatchObject({ uid: person.uid, success: 0, reason: 'captcha' });
    await t.call('user/login', { username: 'log_person', password: '' });
    expect(await newest()).toMatchObject({ success: 0, reason: 'missing' });

    await t.database.db.updateTable('user').set({ is_disabled: 1 }).where('uid', '=', person.uid).execute();
    expect((await loginUser(t, 'log_person', 'log secret 1')).error_code).toBe(10107);
    expect(await newest()).toMatchObject({ uid: person.uid, success: 0, reason: 'disabled' });
    await t.database.db.updateTable('user').set({ is_disabled: 0 }).where('uid', '=', person.uid).execute();
  });

  it('a locked account: reason locked', async () => {
    const locked = await registerUser(t, { username: 'log_locked' });
    for (let i = 0; i < 6; i++) await loginUser(t, 'log_locked', 'wrong password', {});
    const res = await loginUser(t, 'log_locked', locked.password);
    expect(res.error_code).toBe(10204);
    expect(await newest()).toMatchObject({ uid: locked.uid, username: 'log_locked', reason: 'locked' });
  });

  it('caps the user agent at 300 characters and keeps unicode names as typed', async () => {
    await t.call('user/loginByVerify', { username: '用户甲', password: 'x secret 1', ...(await t.solveCaptcha()) }, { headers: browser('A'.repeat(1000)) });
    const row = await newest();
    expect(row?.user_agent).toBe('A'.repeat(300));
    expect(row?.username).toBe('用户甲');
  });
});

describe('adminUser/loginLog', () => {
  it('lists newest first, by account or by name, in pages', async () => {
    const all = await log({ count: 100 });
    const ids = all.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.total).toBe(all.list.length);

    const mine = await log({ uid: person.uid, count: 100 });
    expect(mine.list.length).toBeGreaterThanOrEqual(3);
    expect(mine.list.every((r) => r.uid === person.uid)).toBe(true);
    const byName = await log({ username: 'LOG_P' });
    expect(byName.list.length).toBeGreaterThan(0);
    expect(byName.list.every((r) => r.username.toLowerCase().includes('log_p'))).toBe(true);
    expect((await log({ username: 'log%' })).total).toBe(0); // % is taken literally
    expect((await log({ username: '用户' })).total).toBe(1);

    const first = await log({ count: 2, page: 1 });
    const second = await log({ count: 2, page: 2 });
    expect(first.list).toHaveLength(2);
    expect(second.list[0]?.id).toBeLessThan(first.list[1]?.id ?? 0);
    expect(second.total).toBe(all.total);
  });

  it('refuses bad input (10100), guests (10102) and ordinary users (10103)', async () => {
    for (const params of [{ page: 0 }, { count: 101 }, { count: 0 }, { uid: -1 }, { uid: 'x' }, { username: 'u'.repeat(201) }]) {
      expect((await t.call('adminUser/loginLog', params, { token: admin.token, json: true })).error_code, JSON.stringify(params)).toBe(10100);
    }
    expect((await t.call('adminUser/loginLog', {})).error_code).toBe(10102);
    expect((await t.call('adminUser/loginLog', {}, { token: person.token })).error_code).toBe(10103);
  });
});

describe('the log stays bounded', () => {
  it('drops attempts older than 180 days at the next login', async () => {
    const before = (await log({ count: 1 })).total;
    expect(before).toBeGreaterThan(0);
    t.clock.advance(LOGIN_LOG_MAX_AGE_SECONDS + 1);
    await loginUser(t, 'log_person', 'log secret 1');
    // The administrator's token has expired meanwhile (tokens last 180 days too): a fresh login.
    const fresh = await loginUser(t, 'log_root', admin.password);
    const after = await log({ count: 100 }, { ...admin, token: (fresh.data as { user_token: string }).user_token });
    expect(after.total).toBe(2);
    expect(after.list.map((r) => [r.uid, r.success])).toEqual([[admin.uid, 1], [person.uid, 1]]);
  });

  it('keeps at most LOGIN_LOG_MAX_ROWS rows behind the newest', async () => {
    const now = t.clock.now();
    const db = t.database.db;
    await db.deleteFrom('user_login_log').execute();
    await db.insertInto('user_login_log').values([{ id: 1_000_001, addtime: now }, { id: 1_000_002, addtime: now }, { id: 1_000_003, addtime: now }]).execute();
    await trimLoginLog(db, 1_000_002 + LOGIN_LOG_MAX_ROWS, now);
    expect((await db.selectFrom('user_login_log').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([1_000_003]);
  });
});
