import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { loginUser, registerUser, type TestUser } from '../../test/factories.js';

/**
 * `adminUser/addUser` (showdoc-behaviour.md §6.14, transcript 32): a site administrator creates an
 * account, or edits one's name and password. Same username and password rules as registering.
 */

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'root_admin' }); // the first account of a site is its administrator
  member = await registerUser(t, { username: 'plain_member' });
});
afterAll(() => t?.close());

const addUser = (params: Record<string, unknown>, user: TestUser | null = admin, json = false) =>
  t.call('adminUser/addUser', params, { ...(user ? { token: user.token } : {}), json });

const userRow = (username: string) => t.database.db.selectFrom('user').selectAll().where('username', '=', username).executeTakeFirst();

describe('creating an account', () => {
  it('answers [] as ShowDoc (transcript 32), and the new account logs in as an ordinary user', async () => {
    const res = await t.call('', { username: 'alice', password: 'alice123', name: 'Alice', user_token: admin.token }, { url: '/server/index.php?s=/api/adminUser/addUser' });
    expect(res.response.body).toBe('{"error_code":0,"data":[]}');
    const row = await userRow('alice');
    expect(row).toMatchObject({ name: 'Alice', groupid: 2, username_key: 'alice', reg_time: t.clock.now() });
    expect(row?.password).toMatch(/^\$argon2id\$/);
    const login = await loginUser(t, 'alice', 'alice123');
    expect(login.error_code).toBe(0);
    expect(login.data).toMatchObject({ username: 'alice', name: 'Alice', groupid: 2 });
  });

  it('takes an e-mail address as username, and no name', async () => {
    expect((await addUser({ username: 'Bob@Example.com', password: 'bob secret' })).error_code).toBe(0);
    expect(await userRow('Bob@Example.com')).toMatchObject({ email: 'bob@example.com', name: '' });
  });

  it('treats uid= and uid=0 as "create", as ShowDoc’s form sends them', async () => {
    expect((await addUser({ uid: '', username: 'carol', password: 'carol secret' })).error_code).toBe(0);
    expect((await addUser({ uid: 0, username: 'dave', password: 'dave secret' }, admin, true)).error_code).toBe(0);
    expect(await userRow('carol')).toBeDefined();
    expect(await userRow('dave')).toBeDefined();
  });

  it('refuses a username already taken, in any case (10201)', async () => {
    await addUser({ username: 'erin', password: 'erin secret' });
    for (const username of ['erin', 'ERIN', ' erin ', 'Plain_Member']) {
      const res = await addUser({ username, password: 'other secret' });
      expect(res.error_code, username).toBe(10201);
    }
    const count = await t.database.db.selectFrom('user').select('uid').where('username_key', '=', 'erin').execute();
    expect(count).toHaveLength(1);
  });

  it('refuses usernames and passwords that registering refuses (10101), creating nothing', async () => {
    const cases: Record<string, unknown>[] = [
      { username: '', password: 'long enough' },
      { username: 'x', password: 'long enough' },
      { username: 'has space', password: 'long enough' },
      { username: '<script>', password: 'long enough' },
      { username: 'frank', password: '' },
      { username: 'frank', password: 'short' },
      { username: 'frank', password: 'p'.repeat(101) },
    ];
    for (const params of cases) expect((await addUser(params)).error_code, JSON.stringify(params)).toBe(10101);
    expect(await userRow('frank')).toBeUndefined();
  });

  it('refuses input of the wrong type or size (10100)', async () => {
    const cases: Record<string, unknown>[] = [
      { username: ['gina'], password: 'long enough' },
      { username: 'gina', password: { $ne: '' } },
      { username: 'gina', password: 'long enough', name: 'n'.repeat(65) },
      { username: 'gina', password: 'long enough', uid: -1 },
      { username: 'gina', password: 'long enough', uid: 'abc' },
      { username: 'gina', password: 'long enough', uid: [1] },
    ];
    for (const params of cases) expect((await addUser(params, admin, true)).error_code, JSON.stringify(params)).toBe(10100);
    expect(await userRow('gina')).toBeUndefined();
  });
});

describe('editing an account', () => {
  it('sets the name, and the password when one is given, ending that account’s sessions', async () => {
    const henry = await registerUser(t, { username: 'henry', password: 'henry secret' });
    expect((await addUser({ uid: henry.uid, username: 'henry', name: 'Henry H.', password: '' })).data).toEqual([]);
    expect(await userRow('henry')).toMatchObject({ name: 'Henry H.' });
    // No new password: the old one still works and the session lives on.
    expect((await t.call('user/info', {}, { token: henry.token })).error_code).toBe(0);

    expect((await addUser({ uid: henry.uid, username: 'henry', name: 'Henry H.', password: 'new henry secret' })).error_code).toBe(0);
    expect((await t.call('user/info', {}, { token: henry.token })).error_code).toBe(10102);
    expect((await loginUser(t, 'henry', 'henry secret')).error_code).toBe(10210);
    expect((await loginUser(t, 'henry', 'new henry secret')).error_code).toBe(0);
  });

  it('keeps the name when the form leaves it out, and never renames the account', async () => {
    const ivy = await registerUser(t, { username: 'ivy' });
    await addUser({ uid: ivy.uid, name: 'Ivy' });
    await addUser({ uid: ivy.uid, username: 'someone_else', password: '' });
    expect(await userRow('ivy')).toMatchObject({ uid: ivy.uid, name: 'Ivy', groupid: 2 });
    expect(await userRow('someone_else')).toBeUndefined();
  });

  it('keeps the administrator’s own session when they reset their own password here', async () => {
    const second = await registerUser(t, { username: 'second_admin', password: 'second secret' });
    await t.database.db.updateTable('user').set({ groupid: 1 }).where('uid', '=', second.uid).execute();
    const other = await loginUser(t, 'second_admin', 'second secret');
    const otherToken = (other.data as { user_token: string }).user_token;
    expect((await addUser({ uid: second.uid, password: 'second new secret' }, second)).error_code).toBe(0);
    expect((await t.call('user/info', {}, { token: second.token })).error_code).toBe(0);
    expect((await t.call('user/info', {}, { token: otherToken })).error_code).toBe(10102);
  });

  it('answers 10209 for an account that does not exist, and 10101 for a password registering refuses', async () => {
    expect((await addUser({ uid: 999999, name: 'Nobody' })).error_code).toBe(10209);
    expect((await addUser({ uid: member.uid, password: 'short' })).error_code).toBe(10101);
    expect((await loginUser(t, 'plain_member', 'correct horse 1')).error_code).toBe(0);
  });
});

describe('who may call it', () => {
  it('refuses ordinary users (10103) and guests (10102), creating and changing nothing', async () => {
    const byMember = await addUser({ username: 'mallory', password: 'mallory secret' }, member);
    expect(byMember.error_code).toBe(10103);
    expect((await addUser({ uid: admin.uid, password: 'taken over 1' }, member)).error_code).toBe(10103);
    expect((await addUser({ username: 'mallory', password: 'mallory secret' }, null)).error_code).toBe(10102);
    expect((await addUser({ username: 'mallory', password: 'mallory secret' }, { ...member, token: 'f'.repeat(64) })).error_code).toBe(10102);
    expect(await userRow('mallory')).toBeUndefined();
    expect((await loginUser(t, 'root_admin', 'correct horse 1')).error_code).toBe(0);
  });

  it('refuses an administrator demoted since logging in (the group is read on every request)', async () => {
    const former = await registerUser(t, { username: 'former_admin' });
    await t.database.db.updateTable('user').set({ groupid: 1 }).where('uid', '=', former.uid).execute();
    expect((await addUser({ username: 'made_by_former', password: 'long enough' }, former)).error_code).toBe(0);
    await t.database.db.updateTable('user').set({ groupid: 2 }).where('uid', '=', former.uid).execute();
    expect((await addUser({ username: 'made_by_former_2', password: 'long enough' }, former)).error_code).toBe(10103);
  });
});
