import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUserList } from '../../../common/answers/admin.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { loginUser, registerUser, type TestUser } from '../../test/factories.js';
import { createItem } from '../../test/item-factories.js';
import { setSiteOption } from '../../test/page-factories.js';
import { PDF, uploadTo } from '../../test/upload-helpers.js';

/**
 * `adminUser/getList|changePassword|setDisabled|setGroup` (showdoc-behaviour.md §6.14; issue 17), who may
 * call every `adminUser/*` action, and the rule that no answer carries a password, salt or token.
 */

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_root' }); // the first account of a site is its administrator
  member = await registerUser(t, { username: 'plain_person' });
});
afterAll(() => t?.close());

const call = (path: string, params: Record<string, unknown>, user: TestUser | null = admin, json = false) =>
  t.call(`adminUser/${path}`, params, { ...(user ? { token: user.token } : {}), json });

async function makeAdmin(username: string): Promise<TestUser> {
  const user = await registerUser(t, { username });
  await t.database.db.updateTable('user').set({ groupid: 1 }).where('uid', '=', user.uid).execute();
  return { ...user, groupid: 1 };
}

const row = (uid: number) => t.database.db.selectFrom('user').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
const info = (user: TestUser) => t.call('user/info', {}, { token: user.token });

describe('adminUser/getList', () => {
  it('lists accounts newest first with their projects and files, and never a secret', async () => {
    const owner = await registerUser(t, { username: 'list_owner' });
    await t.database.db.updateTable('user').set({ name: 'Owner Name', email: 'owner@example.com', last_login_time: 0 }).where('uid', '=', owner.uid).execute();
    await createItem(t, owner);
    const gone = await createItem(t, owner);
    await t.database.db.updateTable('item').set({ is_del: 1 }).where('item_id', '=', gone.item_id).execute();
    await uploadTo(t, 'attachment/attachmentUpload', {}, { filename: 'a.pdf', data: PDF }, owner.token);

    const res = await call('getList', { username: 'list_owner' });
    expect(res.error_code).toBe(0);
    const data = AdminUserList.parse(res.data);
    expect(data.total).toBe(1);
    expect(data.users[0]).toEqual({
      uid: owner.uid,
      username: 'list_owner',
      name: 'Owner Name',
      email: 'owner@example.com',
      groupid: 2,
      reg_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      last_login_time: '',
      is_sso: 0,
      is_disabled: 0,
      item_count: 1,
      file_count: 1,
    });

    const all = AdminUserList.parse((await call('getList', {})).data);
    const uids = all.users.map((u) => u.uid);
    expect(uids).toEqual([...uids].sort((a, b) => b - a));
    expect(all.total).toBeGreaterThanOrEqual(3);
  });

  it('searches username, name and e-mail, case-insensitively, taking % and _ literally', async () => {
    const a = await registerUser(t, { username: 'search_alpha' });
    const b = await registerUser(t, { username: 'search_beta' });
    await t.database.db.updateTable('user').set({ name: '张三 100%' }).where('uid', '=', a.uid).execute();
    await t.database.db.updateTable('user').set({ email: 'Beta@Mail.example' }).where('uid', '=', b.uid).execute();
    const names = async (username: string) => AdminUserList.parse((await call('getList', { username })).data).users.map((u) => u.username);
    expect(await names('SEARCH_ALPHA')).toEqual(['search_alpha']);
    expect(await names('张三')).toEqual(['search_alpha']);
    expect(await names('100%')).toEqual(['search_alpha']);
    expect(await names('beta@mail')).toEqual(['search_beta']);
    expect(await names('%')).toEqual(['search_alpha']);
    expect(await names('search_')).toEqual(['search_beta', 'search_alpha']);
    expect(await names('sea_ch')).toEqual([]); // `_` is not a wildcard
    expect(await names('nobody-at-all')).toEqual([]);
  });

  it('lists only administrators, or only ordinary accounts, when asked (the receiver picker)', async () => {
    const boss = await makeAdmin('group_boss');
    const groups = async (groupid: number) => AdminUserList.parse((await call('getList', { groupid, count: 100 })).data).users;
    const admins = await groups(1);
    expect(admins.map((u) => u.username)).toContain('group_boss');
    expect(admins.every((u) => u.groupid === 1)).toBe(true);
    const ordinary = await groups(2);
    expect(ordinary.map((u) => u.uid)).not.toContain(boss.uid);
    expect(ordinary.map((u) => u.username)).toContain('plain_person');
    expect((await call('getList', { groupid: 3 }, admin, true)).error_code).toBe(10100);
  });

  it('pages with page and count', async () => {
    for (let i = 0; i < 3; i++) await registerUser(t, { username: `pager_${i}` });
    const page = async (p: number) => AdminUserList.parse((await call('getList', { username: 'pager_', page: p, count: 2 })).data);
    expect((await page(1)).users.map((u) => u.username)).toEqual(['pager_2', 'pager_1']);
    expect((await page(2)).users.map((u) => u.username)).toEqual(['pager_0']);
    expect((await page(3)).users).toEqual([]);
    expect((await page(3)).total).toBe(3);
  });

  it('refuses bad paging and search input (10100)', async () => {
    for (const params of [{ page: 0 }, { page: -1 }, { page: 'x' }, { count: 0 }, { count: 101 }, { count: [1] }, { username: 'x'.repeat(201) }, { username: { a: 1 } }]) {
      expect((await call('getList', params, admin, true)).error_code, JSON.stringify(params)).toBe(10100);
    }
  });

  it('answers on ShowDoc’s URL with numbers as strings', async () => {
    const res = await t.call('', { username: 'plain_person', user_token: admin.token }, { url: '/server/index.php?s=/api/adminUser/getList' });
    expect(res.error_code).toBe(0);
    const data = res.data as { total: number; users: Record<string, unknown>[] };
    expect(data.users[0]).toMatchObject({ uid: String(member.uid), groupid: '2', is_sso: '0', username: 'plain_person' });
    // Folio's own fields are left out of ShowDoc's answer (folioOnly).
    expect(Object.keys(data.users[0] ?? {})).not.toContain('item_count');
  });
});

describe('adminUser/changePassword', () => {
  it('sets the password and ends that account’s sessions', async () => {
    const user = await registerUser(t, { username: 'pw_user', password: 'old secret 1' });
    expect((await call('changePassword', { uid: user.uid, new_password: 'new secret 1' })).data).toEqual([]);
    expect((await info(user)).error_code).toBe(10102);
    expect((await loginUser(t, 'pw_user', 'old secret 1')).error_code).toBe(10210);
    expect((await loginUser(t, 'pw_user', 'new secret 1')).error_code).toBe(0);
    expect((await row(user.uid)).password).toMatch(/^\$argon2id\$/);
  });

  it('keeps the administrator’s current session when they change their own', async () => {
    const self = await makeAdmin('pw_admin');
    const other = await loginUser(t, 'pw_admin', self.password);
    const otherToken = (other.data as { user_token: string }).user_token;
    expect((await call('changePassword', { uid: self.uid, new_password: 'mine is new 1' }, self)).error_code).toBe(0);
    expect((await info(self)).error_code).toBe(0);
    expect((await t.call('user/info', {}, { token: otherToken })).error_code).toBe(10102);
  });

  it('refuses what registering refuses (10101), an unknown account (10209) and bad input (10100)', async () => {
    for (const new_password of ['', 'short', 'p'.repeat(101)]) {
      expect((await call('changePassword', { uid: member.uid, new_password })).error_code, new_password).toBe(10101);
    }
    expect((await info(member)).error_code).toBe(0);
    expect((await call('changePassword', { uid: 999999, new_password: 'long enough' })).error_code).toBe(10209);
    for (const params of [{ new_password: 'long enough' }, { uid: 0, new_password: 'long enough' }, { uid: 'abc', new_password: 'x' }, { uid: member.uid, new_password: ['a'] }]) {
      expect((await call('changePassword', params, admin, true)).error_code, JSON.stringify(params)).toBe(10100);
    }
  });

  it('follows the site’s strong-password rule, as registering does', async () => {
    const user = await registerUser(t, { username: 'pw_strong' });
    await setSiteOption(t, 'strong_password_enabled', '1');
    try {
      expect((await call('changePassword', { uid: user.uid, new_password: 'weak enough' })).error_code).toBe(10101);
      expect((await call('changePassword', { uid: user.uid, new_password: 'Str0ng!pass' })).error_code).toBe(0);
    } finally {
      await setSiteOption(t, 'strong_password_enabled', null);
    }
  });

  it('accepts a unicode password', async () => {
    const user = await registerUser(t, { username: 'pw_unicode' });
    expect((await call('changePassword', { uid: user.uid, new_password: '密码很长很长🙂' })).error_code).toBe(0);
    expect((await loginUser(t, 'pw_unicode', '密码很长很长🙂')).error_code).toBe(0);
  });
});

describe('adminUser/setDisabled', () => {
  it('A22 · a disabled account’s sessions end and it cannot log in (10107); enabling lets it back in', async () => {
    const user = await registerUser(t, { username: 'to_disable', password: 'disable me 1' });
    expect((await info(user)).error_code).toBe(0);
    expect((await call('setDisabled', { uid: user.uid, is_disabled: 1 })).data).toEqual([]);
    expect((await row(user.uid)).is_disabled).toBe(1);
    expect((await info(user)).error_code).toBe(10102);
    const refused = await loginUser(t, 'to_disable', 'disable me 1');
    expect(refused.error_code).toBe(10107);
    expect(refused.error_message).toBe('This account has been disabled. Ask an administrator');
    // A wrong password is just a wrong password: being disabled is told only to the one who knows it.
    expect((await loginUser(t, 'to_disable', 'wrong password')).error_code).toBe(10210);
    const zh = await loginUser(t, 'to_disable', 'disable me 1', { 'accept-language': 'zh-CN' });
    expect(zh.error_message).toBe('该账号已被禁用，请联系管理员');

    expect((await call('setDisabled', { uid: user.uid, is_disabled: '0' })).error_code).toBe(0);
    expect((await loginUser(t, 'to_disable', 'disable me 1')).error_code).toBe(0);
  });

  it('A22 · refuses any token of a disabled account, even one that was not revoked (treated as no login)', async () => {
    const user = await registerUser(t, { username: 'disabled_by_hand' });
    await t.database.db.updateTable('user').set({ is_disabled: 1 }).where('uid', '=', user.uid).execute();
    expect((await info(user)).error_code).toBe(10102);
    expect((await t.call('user/info', {}, { token: user.token, via: 'cookie' })).error_code).toBe(10102);
    expect((await t.call('item/myList', {}, { token: user.token, via: 'header' })).error_code).toBe(10102);
    await t.database.db.updateTable('user').set({ is_disabled: 0 }).where('uid', '=', user.uid).execute();
    expect((await info(user)).error_code).toBe(0);
  });

  it('refuses disabling yourself; the last active administrator stays enabled', async () => {
    expect((await call('setDisabled', { uid: admin.uid, is_disabled: 1 })).error_code).toBe(10101);
    expect((await row(admin.uid)).is_disabled).toBe(0);
    const second = await makeAdmin('disable_admin_2');
    // Another administrator may be disabled while one remains.
    expect((await call('setDisabled', { uid: second.uid, is_disabled: 1 })).error_code).toBe(0);
    expect((await info(second)).error_code).toBe(10102);
    expect((await call('setDisabled', { uid: second.uid, is_disabled: 0 })).error_code).toBe(0);
  });

  it('answers 10209 for no such account, 10100 for bad input', async () => {
    expect((await call('setDisabled', { uid: 999999, is_disabled: 1 })).error_code).toBe(10209);
    for (const params of [{ uid: member.uid, is_disabled: 2 }, { uid: member.uid, is_disabled: 'yes' }, { uid: member.uid }, { uid: -1, is_disabled: 1 }, { uid: 99999999999, is_disabled: 1 }, { uid: '１', is_disabled: 1 }, { uid: member.uid, is_disabled: [1] }]) {
      expect((await call('setDisabled', params, admin, true)).error_code, JSON.stringify(params)).toBe(10100);
    }
  });
});

describe('adminUser/setGroup', () => {
  it('promotes and demotes; a demoted administrator loses the console at the next request', async () => {
    const user = await registerUser(t, { username: 'promote_me' });
    expect((await call('getList', {}, user)).error_code).toBe(10103);
    expect((await call('setGroup', { uid: user.uid, groupid: 1 })).data).toEqual([]);
    expect((await call('getList', {}, user)).error_code).toBe(0);
    expect((await call('setGroup', { uid: user.uid, groupid: '2' })).error_code).toBe(0);
    expect((await call('getList', {}, user)).error_code).toBe(10103);
  });

  it('an administrator may demote themselves while another active one remains, never the last', async () => {
    const t2 = await startTestApp();
    try {
      const only = await registerUser(t2, { username: 'only_admin' });
      const other = await registerUser(t2, { username: 'other_one' });
      const setGroup = (caller: TestUser, uid: number, groupid: number) => t2.call('adminUser/setGroup', { uid, groupid }, { token: caller.token });
      const demoted = await setGroup(only, only.uid, 2);
      expect(demoted.error_code).toBe(10101);
      expect(demoted.error_message).toBe('This is the last active administrator: make another administrator first');
      // A disabled administrator does not count.
      expect((await setGroup(only, other.uid, 1)).error_code).toBe(0);
      expect((await t2.call('adminUser/setDisabled', { uid: other.uid, is_disabled: 1 }, { token: only.token })).error_code).toBe(0);
      expect((await setGroup(only, only.uid, 2)).error_code).toBe(10101);
      expect((await t2.call('adminUser/setDisabled', { uid: other.uid, is_disabled: 0 }, { token: only.token })).error_code).toBe(0);
      expect((await setGroup(only, only.uid, 2)).error_code).toBe(0);
      expect((await t2.call('adminUser/getList', {}, { token: only.token })).error_code).toBe(10103);
    } finally {
      await t2.close();
    }
  });

  it('answers 10209 for no such account, 10100 for bad input', async () => {
    expect((await call('setGroup', { uid: 999999, groupid: 2 })).error_code).toBe(10209);
    for (const params of [{ uid: member.uid, groupid: 0 }, { uid: member.uid, groupid: 3 }, { uid: member.uid, groupid: 'admin' }, { uid: member.uid }]) {
      expect((await call('setGroup', params, admin, true)).error_code, JSON.stringify(params)).toBe(10100);
    }
    expect((await row(member.uid)).groupid).toBe(2);
  });
});

/** Every adminUser action with input that would succeed for an administrator. */
function everyAction(target: TestUser): [string, Record<string, unknown>][] {
  return [
    ['getList', {}],
    ['addUser', { username: `made_${target.uid}`, password: 'long enough' }],
    ['changePassword', { uid: target.uid, new_password: 'changed by x 1' }],
    ['setDisabled', { uid: target.uid, is_disabled: 0 }],
    ['setGroup', { uid: target.uid, groupid: 2 }],
    ['loginLog', {}],
    ['deleteUser', { uid: target.uid }],
  ];
}

describe('who may call adminUser/*', () => {
  it('guests get 10102, ordinary users 10103, and nothing changes; administrators get through', async () => {
    const target = await registerUser(t, { username: 'walk_target', password: 'walk secret 1' });
    const expired = { ...member, token: 'f'.repeat(64) };
    for (const [action, params] of everyAction(target)) {
      expect((await call(action, params, null)).error_code, `guest ${action}`).toBe(10102);
      expect((await call(action, params, expired)).error_code, `bad token ${action}`).toBe(10102);
      expect((await call(action, params, member)).error_code, `member ${action}`).toBe(10103);
    }
    expect(await t.database.db.selectFrom('user').select('uid').where('username', '=', `made_${target.uid}`).executeTakeFirst()).toBeUndefined();
    expect((await loginUser(t, 'walk_target', 'walk secret 1')).error_code).toBe(0);
    for (const [action, params] of everyAction(target)) {
      expect((await call(action, params)).error_code, `admin ${action}`).toBe(0);
    }
    expect(await t.database.db.selectFrom('user').select('uid').where('uid', '=', target.uid).executeTakeFirst()).toBeUndefined();
  });
});

describe('no secrets in adminUser answers', () => {
  it('no key names a password, salt or token, and no stored hash or token appears, on both URL forms', async () => {
    const target = await registerUser(t, { username: 'secret_keeper' });
    await loginUser(t, 'secret_keeper', target.password);
    await loginUser(t, 'secret_keeper', 'wrong one 1');
    const stored = await t.database.db.selectFrom('user').select(['password', 'salt']).execute();
    const tokens = await t.database.db.selectFrom('user_token').select('token').execute();
    const secrets = [...stored.flatMap((r) => [r.password, r.salt]), ...tokens.map((r) => r.token), admin.token, target.token, member.token].filter((s) => s.length > 0);

    const answers: unknown[] = [];
    for (const [action, params] of everyAction(target)) {
      if (action === 'deleteUser') continue;
      answers.push((await call(action, params)).data);
      answers.push((await t.call('', { ...params, user_token: admin.token }, { url: `/server/index.php?s=/api/adminUser/${action}` })).data);
    }
    answers.push((await call('loginLog', { username: 'secret_keeper' })).data);
    answers.push((await call('deleteUser', { uid: target.uid })).data);

    const keys: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          keys.push(k);
          walk(v);
        }
      }
    };
    answers.forEach(walk);
    expect(keys.filter((k) => /password|salt|token/i.test(k))).toEqual([]);
    const text = JSON.stringify(answers);
    for (const secret of secrets) expect(text.includes(secret), 'a stored secret leaked').toBe(false);
    expect(text).not.toMatch(/\$argon2|\$2[aby]\$/);
  });
});
