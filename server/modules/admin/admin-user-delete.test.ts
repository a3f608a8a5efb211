import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeletedUser } from '../../../common/answers/admin.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, addTeamMember, createItem } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';
import { PDF, signOf, uploadTo } from '../../test/upload-helpers.js';

/**
 * `adminUser/deleteUser`: refuse while the account owns live projects (ShowDoc), or transfer them, or
 * delete them; one transaction; never an administrator, never yourself.
 */

let t: TestApp;
let admin: TestUser;
let admin2: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'del_root' });
  admin2 = await registerUser(t, { username: 'del_root_2' });
  await t.database.db.updateTable('user').set({ groupid: 1 }).where('uid', '=', admin2.uid).execute();
  colleague = await registerUser(t, { username: 'del_colleague' });
});
afterAll(() => t?.close());

const deleteUser = (params: Record<string, unknown>, caller: TestUser = admin, json = false) => t.call('adminUser/deleteUser', params, { token: caller.token, json });
const db = () => t.database.db;
const userExists = async (uid: number) => (await db().selectFrom('user').select('uid').where('uid', '=', uid).executeTakeFirst()) !== undefined;
const itemRow = (itemId: number) => db().selectFrom('item').selectAll().where('item_id', '=', itemId).executeTakeFirstOrThrow();

/** An account with a live project (with a page and a file on it), a team, memberships and a session. */
async function busyAccount(username: string) {
  const user = await registerUser(t, { username });
  const item = await createItem(t, user);
  const page = await createPage(t, user, item.item_id);
  const upload = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: page.page_id }, { filename: 'spec.pdf', data: PDF }, user.token);
  const file = await db().selectFrom('upload_file').selectAll().where('sign', '=', signOf(upload.body.url)).executeTakeFirstOrThrow();
  // The colleague is a member of the user's project and of a team the user owns; the user is a member of the colleague's project.
  await addMember(t, item.item_id, colleague, 1);
  const team = await addTeamMember(t, item.item_id, user, colleague, 1);
  const colleaguesItem = await createItem(t, colleague);
  await addMember(t, colleaguesItem.item_id, user, 1);
  return { user, item, page, file, team, colleaguesItem };
}

describe('refuse (the default)', () => {
  it('refuses while the account owns live projects, saying how many, and changes nothing', async () => {
    const { user, item, file } = await busyAccount('del_refused');
    const res = await deleteUser({ uid: user.uid });
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toBe('This user still owns 1 project(s): choose to transfer them to an administrator or delete them');
    const zh = await t.call('adminUser/deleteUser', { uid: user.uid, projects: 'refuse' }, { token: admin.token, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.error_message).toBe('该用户仍拥有 1 个项目：请选择转让给管理员或删除这些项目');
    expect(await userExists(user.uid)).toBe(true);
    expect((await itemRow(item.item_id)).uid).toBe(user.uid);
    expect((await t.call('user/info', {}, { token: user.token })).error_code).toBe(0);
    expect(await t.app.services.storage.get(file.storage_key)).not.toBeNull();
  });

  it('A22 · deletes an account without live projects; its deleted projects, teams and files go to the administrator', async () => {
    const user = await registerUser(t, { username: 'del_quiet' });
    const gone = await createItem(t, user);
    await db().updateTable('item').set({ is_del: 1, del_time: t.clock.now() }).where('item_id', '=', gone.item_id).execute();
    const team = await addTeamMember(t, gone.item_id, user, colleague, 1);
    await uploadTo(t, 'attachment/attachmentUpload', {}, { filename: 'hub.pdf', data: PDF }, user.token);

    const res = await deleteUser({ uid: user.uid, projects: '' });
    expect(res.error_code).toBe(0);
    expect(DeletedUser.parse(res.data)).toEqual({ projects: 'refuse', items: 0, files: 1, receiver_uid: admin.uid });
    expect(await userExists(user.uid)).toBe(false);
    expect(await itemRow(gone.item_id)).toMatchObject({ uid: admin.uid, username: 'del_root', is_del: 1 });
    expect(await db().selectFrom('team').select(['uid', 'username']).where('id', '=', team.team_id).executeTakeFirst()).toEqual({ uid: admin.uid, username: 'del_root' });
    expect(await db().selectFrom('upload_file').select('uid').where('uid', '=', user.uid).execute()).toEqual([]);
    expect((await t.call('user/info', {}, { token: user.token })).error_code).toBe(10102);
  });
});

describe('transfer', () => {
  it('hands the projects and files to the chosen administrator and removes every trace of the account', async () => {
    const { user, item, file, team, colleaguesItem } = await busyAccount('del_transfer');
    await addMember(t, item.item_id, admin2, 2); // the receiver was a member; as owner it needs no row
    const res = await deleteUser({ uid: user.uid, projects: 'transfer', receiver_uid: admin2.uid }, admin, true);
    expect(res.error_code).toBe(0);
    expect(res.data).toEqual({ projects: 'transfer', items: 1, files: 1, receiver_uid: admin2.uid });

    expect(await userExists(user.uid)).toBe(false);
    expect(await itemRow(item.item_id)).toMatchObject({ uid: admin2.uid, username: 'del_root_2', is_del: 0 });
    expect(await db().selectFrom('item_member').select('uid').where('item_id', '=', item.item_id).execute()).toEqual([{ uid: colleague.uid }]);
    expect(await db().selectFrom('item_member').select('uid').where('item_id', '=', colleaguesItem.item_id).execute()).toEqual([]);
    expect((await db().selectFrom('upload_file').select('uid').where('file_id', '=', file.file_id).executeTakeFirstOrThrow()).uid).toBe(admin2.uid);
    expect(await t.app.services.storage.get(file.storage_key)).not.toBeNull();
    expect((await db().selectFrom('team').select('uid').where('id', '=', team.team_id).executeTakeFirstOrThrow()).uid).toBe(admin2.uid);
    for (const table of ['user_token', 'item_member'] as const) {
      expect(await db().selectFrom(table).select('uid').where('uid', '=', user.uid).execute(), table).toEqual([]);
    }
    expect(await db().selectFrom('team_member').select('id').where('member_uid', '=', user.uid).execute()).toEqual([]);
    expect(await db().selectFrom('team_item_member').select('id').where('member_uid', '=', user.uid).execute()).toEqual([]);
    // The colleague keeps their access through the team and the membership; the new owner manages it.
    expect((await t.call('item/info', { item_id: item.item_id }, { token: colleague.token })).error_code).toBe(0);
    expect((await t.call('item/detail', { item_id: item.item_id }, { token: admin2.token })).error_code).toBe(0);
  });

  it('defaults the receiver to the calling administrator', async () => {
    const { user, item } = await busyAccount('del_transfer_default');
    const res = await deleteUser({ uid: user.uid, projects: 'transfer' });
    expect(res.data).toMatchObject({ receiver_uid: admin.uid, items: 1 });
    expect((await itemRow(item.item_id)).uid).toBe(admin.uid);
  });
});

describe('delete', () => {
  it('soft-deletes the projects (recoverable), removes the files’ rows and bytes', async () => {
    const { user, item, page, file } = await busyAccount('del_delete');
    const res = await deleteUser({ uid: user.uid, projects: 'delete' });
    expect(res.error_code).toBe(0);
    expect(res.data).toEqual({ projects: 'delete', items: 1, files: 1, receiver_uid: admin.uid });
    expect(await userExists(user.uid)).toBe(false);
    expect(await itemRow(item.item_id)).toMatchObject({ is_del: 1, del_time: t.clock.now(), uid: admin.uid });
    expect(await db().selectFrom('upload_file').select('file_id').where('file_id', '=', file.file_id).execute()).toEqual([]);
    expect(await db().selectFrom('file_page').select('id').where('file_id', '=', file.file_id).execute()).toEqual([]);
    expect(await t.app.services.storage.get(file.storage_key)).toBeNull();
    expect((await t.call('item/info', { item_id: item.item_id }, { token: colleague.token })).error_code).not.toBe(0);

    // The administrator brings the project back, pages and all.
    expect((await t.call('adminItem/recoverItem', { item_id: item.item_id }, { token: admin.token })).error_code).toBe(0);
    expect((await itemRow(item.item_id)).is_del).toBe(0);
    expect((await t.call('page/info', { page_id: page.page_id }, { token: admin.token })).error_code).toBe(0);
  });
});

describe('one transaction', () => {
  it('a failure at the last step leaves the account, its projects and its files (rows and bytes) as they were', async () => {
    const { user, item, file } = await busyAccount('del_atomic');
    // Something the delete does not know about still points at the account, so removing the row fails last.
    await sql`create table h1_blocker (uid integer not null references ${sql.table('user')} (uid) on delete restrict)`.execute(db());
    await sql`insert into h1_blocker (uid) values (${user.uid})`.execute(db());
    try {
      expect((await deleteUser({ uid: user.uid, projects: 'delete' })).error_code).toBe(10500);
      expect(await userExists(user.uid)).toBe(true);
      expect(await itemRow(item.item_id)).toMatchObject({ uid: user.uid, is_del: 0 });
      expect(await db().selectFrom('upload_file').select('uid').where('file_id', '=', file.file_id).executeTakeFirst()).toEqual({ uid: user.uid });
      expect(await t.app.services.storage.get(file.storage_key)).not.toBeNull();
      expect(await db().selectFrom('item_member').select('uid').where('uid', '=', user.uid).execute()).toHaveLength(1);
      expect((await t.call('user/info', {}, { token: user.token })).error_code).toBe(0);
    } finally {
      await sql`drop table h1_blocker`.execute(db());
    }
  });
});

describe('what is refused', () => {
  it('refuses yourself and any administrator (demote first), changing nothing', async () => {
    const self = await deleteUser({ uid: admin.uid, projects: 'transfer' });
    expect(self.error_code).toBe(10101);
    expect(self.error_message).toBe('You cannot delete your own account');
    const other = await deleteUser({ uid: admin2.uid, projects: 'delete' });
    expect(other.error_code).toBe(10101);
    expect(other.error_message).toBe('An administrator cannot be deleted: demote them to an ordinary user first');
    expect(await userExists(admin.uid)).toBe(true);
    expect(await userExists(admin2.uid)).toBe(true);
  });

  it('refuses a receiver who is not an active administrator (10101), changing nothing', async () => {
    const { user, item } = await busyAccount('del_bad_receiver');
    const disabledAdmin = await registerUser(t, { username: 'del_disabled_admin' });
    await db().updateTable('user').set({ groupid: 1, is_disabled: 1 }).where('uid', '=', disabledAdmin.uid).execute();
    for (const receiver_uid of [colleague.uid, user.uid, 999999, disabledAdmin.uid]) {
      const res = await deleteUser({ uid: user.uid, projects: 'transfer', receiver_uid });
      expect(res.error_code, String(receiver_uid)).toBe(10101);
      expect(res.error_message).toBe('Projects can only be handed to an administrator');
    }
    expect(await userExists(user.uid)).toBe(true);
    expect((await itemRow(item.item_id)).uid).toBe(user.uid);
  });

  it('answers 10209 for no such account, 10100 for bad input', async () => {
    expect((await deleteUser({ uid: 999999 })).error_code).toBe(10209);
    for (const params of [{}, { uid: 0 }, { uid: 'abc' }, { uid: colleague.uid, projects: 'archive' }, { uid: colleague.uid, projects: ['delete'] }, { uid: colleague.uid, receiver_uid: -1 }, { uid: colleague.uid, projects: '删除' }]) {
      expect((await deleteUser(params, admin, true)).error_code, JSON.stringify(params)).toBe(10100);
    }
    expect(await userExists(colleague.uid)).toBe(true);
  });
});
