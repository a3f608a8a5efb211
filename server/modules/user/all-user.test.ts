import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { usernameKey } from './username.js';

/**
 * `user/allUser`: the member picker's lookup. ShowDoc answered every user of the site (or a LIKE
 * %x% match); Folio answers at most 20 accounts whose name starts with what was typed, with only
 * uid, username and name. Here the caller is the site administrator, who may look up every account;
 * what ordinary users find (people they know, or an exact username) is in known-people.test.ts.
 */

interface Found {
  uid: number;
  username: string;
  name: string;
}

describe('looking users up by name (user/allUser)', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await registerUser(t, { username: 'alice', password: 'alice secret 1' });
    // Lookups only read the table, so the other accounts are written straight in (no password hashing).
    const names = [
      'malice',
      'alicia',
      'a_b',
      'axb',
      'a%c',
      '张三',
      '张伟',
      'Zoë@example.com',
      ...Array.from({ length: 25 }, (_, i) => `member_${String(i + 1).padStart(2, '0')}`),
    ];
    await t.database.db
      .insertInto('user')
      .values(
        names.map((username) => ({
          username,
          username_key: usernameKey(username),
          name: username === 'alicia' ? 'Alicia Keys 🎹' : '',
          email: username.includes('@') ? username.toLowerCase() : `${username}@private.example`,
          password: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
          salt: 'legacy-salt',
        })),
      )
      .execute();
  });
  afterAll(() => t?.close());

  const find = (username: unknown, options: { json?: boolean; token?: string } = {}) =>
    t.call('user/allUser', username === undefined ? {} : { username }, { token: options.token ?? alice.token, json: options.json ?? false });
  const usernames = async (prefix: string) => ((await find(prefix)).data as Found[]).map((u) => u.username);

  it('answers the accounts whose username starts with what was typed, with only uid, username and name', async () => {
    const res = await find('ali');
    expect(res.error_code).toBe(0);
    const found = res.data as Found[];
    expect(found.map((u) => u.username)).toEqual(['alice', 'alicia']);
    expect(found[0]).toEqual({ uid: alice.uid, username: 'alice', name: '' });
    expect(found[1]).toMatchObject({ username: 'alicia', name: 'Alicia Keys 🎹' });
    for (const user of found) expect(Object.keys(user).sort()).toEqual(['name', 'uid', 'username']);
  });

  it('matches prefixes only, not the middle of a name', async () => {
    expect(await usernames('lice')).toEqual([]);
    expect(await usernames('mal')).toEqual(['malice']);
  });

  it('ignores case, width and surrounding spaces', async () => {
    expect(await usernames('ALI')).toEqual(['alice', 'alicia']);
    expect(await usernames('ａｌｉ')).toEqual(['alice', 'alicia']);
    expect(await usernames('  ali  ')).toEqual(['alice', 'alicia']);
    expect(await usernames('zoë@')).toEqual(['Zoë@example.com']);
  });

  it('finds Chinese names', async () => {
    expect(await usernames('张')).toEqual(['张三', '张伟']);
    expect(await usernames('张三')).toEqual(['张三']);
  });

  it('answers at most 20, in name order', async () => {
    const found = await usernames('member_');
    expect(found).toHaveLength(20);
    expect(found).toEqual(Array.from({ length: 20 }, (_, i) => `member_${String(i + 1).padStart(2, '0')}`));
  });

  it('answers an empty or blank prefix with the people the caller knows: for alice, the administrator, everyone', async () => {
    // What ordinary users get is in known-people.test.ts.
    const everyone = await t.database.db.selectFrom('user').select('username').orderBy('username_key').execute();
    for (const prefix of ['', '   ', undefined]) {
      expect(await usernames(prefix as string), String(prefix)).toEqual(everyone.map((u) => u.username));
    }
  });

  it('treats LIKE wildcards and SQL as plain text', async () => {
    expect(await usernames('a_')).toEqual(['a_b']);
    expect(await usernames('a%')).toEqual(['a%c']);
    expect(await usernames('%')).toEqual([]);
    expect(await usernames('_')).toEqual([]);
    expect(await usernames('\\')).toEqual([]);
    expect(await usernames("' or 1=1 --")).toEqual([]);
    expect(await usernames("a' or username like '%")).toEqual([]);
  });

  it('H5 · never answers e-mail addresses, password hashes or salts', async () => {
    const body = (await find('a')).response.body;
    expect(body).not.toMatch(/private\.example|argon2|legacy-salt|"email"|"password"|"salt"/);
  });

  it('needs a login (10102)', async () => {
    const anonymous = await t.call('user/allUser', { username: 'ali' });
    expect(anonymous.error_code).toBe(10102);
    expect(anonymous.data).toBeUndefined();
    expect((await find('ali', { token: 'f'.repeat(64) })).error_code).toBe(10102);
  });

  it('refuses a prefix that is not text, or longer than 100 characters, with 10100', async () => {
    for (const username of [['ali'], { $regex: '.*' }, true, null]) {
      expect((await find(username, { json: true })).error_code, JSON.stringify(username)).toBe(10100);
    }
    expect((await find('a'.repeat(101))).error_code).toBe(10100);
    expect((await find('a'.repeat(100))).data).toEqual([]);
  });

  it('takes a JSON number as its text', async () => {
    expect((await find(12, { json: true })).data).toEqual([]);
  });
});
