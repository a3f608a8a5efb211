import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Envelope, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, addTeamMember, createItem, uniqueName, type TestItem } from '../../test/item-factories.js';
import { createPage, updatePage } from '../../test/page-factories.js';
import { PDF, signOf, uploadTo } from '../../test/upload-helpers.js';
import type { AdminItemList, AdminItemRow } from '../../../common/answers/admin.js';

/**
 * `adminItem/*` (showdoc-behaviour.md §6.14): an administrator lists every project, deletes, recovers,
 * removes for good and transfers any of them, without the owner's password.
 */

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let receiver: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' }); // the first account of a site is its administrator
  owner = await registerUser(t, { username: 'project_owner' });
  member = await registerUser(t, { username: 'plain_member' });
  receiver = await registerUser(t, { username: 'new.owner@example.com' });
});
afterAll(() => t?.close());

/** Every answer an administrator got here, checked at the end for secrets. */
const answers: string[] = [];

async function asAdmin(action: string, params: Record<string, unknown> = {}, json = false): Promise<Envelope> {
  const res = await t.call(`adminItem/${action}`, params, { token: admin.token, json });
  answers.push(res.response.body);
  return res;
}

const list = async (params: Record<string, unknown> = {}) => (await asAdmin('getList', { count: 100, ...params })).data as AdminItemList;
const itemRow = (itemId: number) => t.database.db.selectFrom('item').selectAll().where('item_id', '=', itemId).executeTakeFirst();

async function deletedItem(options: { item_name?: string; password?: string } = {}): Promise<TestItem> {
  const item = await createItem(t, owner, options);
  expect((await asAdmin('deleteItem', { item_id: item.item_id })).error_code).toBe(0);
  return item;
}

describe('adminItem/getList', () => {
  it('lists every project, newest first, with its owner, member count and page count, never its visit password', async () => {
    const older = await createItem(t, owner, { item_name: uniqueName('older') });
    t.clock.advance(60);
    const secret = await createItem(t, owner, { item_name: uniqueName('secret'), password: 'visit pass' });
    await addMember(t, secret.item_id, member, 1);
    await addTeamMember(t, secret.item_id, owner, receiver, 0);
    await createPage(t, owner, secret.item_id);
    await createPage(t, owner, secret.item_id);

    const { items, total } = await list();
    expect(total).toBeGreaterThanOrEqual(2);
    const ids = items.map((row) => row.item_id);
    expect(ids.indexOf(secret.item_id)).toBeLessThan(ids.indexOf(older.item_id));
    const row = items.find((r) => r.item_id === secret.item_id);
    expect(row).toMatchObject({ item_name: secret.item_name, uid: owner.uid, username: 'project_owner', is_private: 1, is_del: 0, del_time: '', member_num: 2, page_count: 2 });
    expect(row?.addtime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row).not.toHaveProperty('password');
    expect(items.find((r) => r.item_id === older.item_id)).toMatchObject({ is_private: 0, member_num: 0, page_count: 0 });
  });

  it('filters by name (LIKE, wildcards taken literally), owner, type and privacy, and pages', async () => {
    const tag = uniqueName('filter');
    const plain = await createItem(t, owner, { item_name: `${tag} 50% 文档` });
    const other = await createItem(t, member, { item_name: `${tag} 500 docs`, password: 'pw pw pw', item_type: 2 });
    const names = async (params: Record<string, unknown>) => (await list({ item_name: tag, ...params })).items.map((r) => r.item_id).sort();

    expect(await names({})).toEqual([plain.item_id, other.item_id].sort());
    expect(await names({ item_name: `${tag} 50%` })).toEqual([plain.item_id]);
    expect(await names({ item_name: '文档' })).toContain(plain.item_id);
    expect(await names({ username: 'PLAIN_mem' })).toEqual([other.item_id]);
    expect(await names({ item_type: 2 })).toEqual([other.item_id]);
    expect(await names({ item_type: '' })).toHaveLength(2);
    expect(await names({ privacy_type: 2 })).toEqual([plain.item_id]);
    expect(await names({ privacy_type: 3 })).toEqual([other.item_id]);
    expect(await names({ privacy_type: 0 })).toHaveLength(2);

    const first = (await asAdmin('getList', { item_name: tag, count: 1, page: 1 })).data as AdminItemList;
    const second = (await asAdmin('getList', { item_name: tag, count: 1, page: 2 })).data as AdminItemList;
    expect(first.total).toBe(2);
    expect(first.items).toHaveLength(1);
    expect(second.items[0]?.item_id).not.toBe(first.items[0]?.item_id);
    expect(((await asAdmin('getList', { item_name: tag, page: 3, count: 1 })).data as AdminItemList).items).toEqual([]);
  });

  it('lists deleted projects only with is_del=1, with the time they were deleted', async () => {
    const item = await createItem(t, owner);
    t.clock.advance(30);
    await asAdmin('deleteItem', { item_id: item.item_id });
    expect((await list()).items.map((r) => r.item_id)).not.toContain(item.item_id);
    const row = (await list({ is_del: 1 })).items.find((r) => r.item_id === item.item_id);
    expect(row).toMatchObject({ is_del: 1 });
    expect(row?.del_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('refuses input of the wrong type or size (10100)', async () => {
    for (const params of [{ count: 0 }, { count: 101 }, { count: 'abc' }, { page: 0 }, { page: [1] }, { is_del: 2 }, { privacy_type: 9 }, { item_name: 'x'.repeat(201) }, { username: { $ne: '' } }]) {
      expect((await asAdmin('getList', params, true)).error_code, JSON.stringify(params)).toBe(10100);
    }
  });
});

describe('adminItem/deleteItem', () => {
  it('soft-deletes anyone’s project without a password: its owner loses it, the row stays', async () => {
    const item = await createItem(t, owner);
    expect((await asAdmin('deleteItem', { item_id: item.item_id })).data).toEqual([]);
    expect(await itemRow(item.item_id)).toMatchObject({ is_del: 1, del_time: t.clock.now() });
    expect((await t.call('item/info', { item_id: item.item_id }, { token: owner.token })).error_code).not.toBe(0);
  });

  it('answers 10101 for a missing or already deleted project, 10100 for a bad id', async () => {
    const item = await deletedItem();
    expect((await asAdmin('deleteItem', { item_id: item.item_id })).error_code).toBe(10101);
    expect((await asAdmin('deleteItem', { item_id: 99_999_999 })).error_code).toBe(10101);
    for (const item_id of [0, -1, 'abc', '', [1]]) expect((await asAdmin('deleteItem', { item_id }, true)).error_code, String(item_id)).toBe(10100);
  });
});

describe('adminItem/recoverItem', () => {
  it('brings a deleted project back for its owner; pages in its recycle bin stay there', async () => {
    const item = await createItem(t, owner);
    const kept = await createPage(t, owner, item.item_id);
    const binned = await createPage(t, owner, item.item_id);
    expect((await t.call('page/delete', { page_id: binned.page_id }, { token: owner.token })).error_code).toBe(0);
    await asAdmin('deleteItem', { item_id: item.item_id });

    expect((await asAdmin('recoverItem', { item_id: item.item_id })).data).toEqual([]);
    expect(await itemRow(item.item_id)).toMatchObject({ is_del: 0, del_time: 0 });
    expect((await t.call('item/info', { item_id: item.item_id }, { token: owner.token })).error_code).toBe(0);
    const pages = await t.database.db.selectFrom('page').select(['page_id', 'is_del']).where('item_id', '=', item.item_id).orderBy('page_id').execute();
    expect(pages).toEqual([
      { page_id: kept.page_id, is_del: 0 },
      { page_id: binned.page_id, is_del: 1 },
    ]);
    expect(await t.database.db.selectFrom('recycle').select('page_id').where('item_id', '=', item.item_id).execute()).toEqual([{ page_id: binned.page_id }]);
  });

  it('restores pages marked deleted with the project and no recycle-bin entry (ShowDoc imports)', async () => {
    const item = await createItem(t, owner);
    const page = await createPage(t, owner, item.item_id);
    await t.database.db.updateTable('page').set({ is_del: 1 }).where('page_id', '=', page.page_id).execute();
    await asAdmin('deleteItem', { item_id: item.item_id });
    await asAdmin('recoverItem', { item_id: item.item_id });
    expect((await t.database.db.selectFrom('page').select('is_del').where('page_id', '=', page.page_id).executeTakeFirst())?.is_del).toBe(0);
  });

  it('drops a personal domain another live project took meanwhile', async () => {
    const domain = `dom${Date.now() % 100000}`;
    const item = await createItem(t, owner, { item_domain: domain });
    await asAdmin('deleteItem', { item_id: item.item_id });
    const taker = await createItem(t, member, { item_domain: domain });
    expect((await asAdmin('recoverItem', { item_id: item.item_id })).error_code).toBe(0);
    expect(await itemRow(item.item_id)).toMatchObject({ is_del: 0, item_domain: '' });
    expect(await itemRow(taker.item_id)).toMatchObject({ item_domain: domain });
  });

  it('answers 10101 for a live or missing project', async () => {
    const live = await createItem(t, owner);
    expect((await asAdmin('recoverItem', { item_id: live.item_id })).error_code).toBe(10101);
    expect((await asAdmin('recoverItem', { item_id: 99_999_999 })).error_code).toBe(10101);
    expect((await asAdmin('recoverItem', { item_id: 'x' })).error_code).toBe(10100);
  });
});

describe('adminItem/hardDeleteItem', () => {
  it('removes a deleted project and everything of it in one go, keeping files other projects use', async () => {
    const item = await createItem(t, owner);
    const cat = await addCatalog(t, item.item_id, 'Chapter');
    const page = await createPage(t, owner, item.item_id, { cat_id: cat.cat_id, content: 'zebracorn findable text' });
    await updatePage(t, owner, page, item.item_id, { page_content: 'zebracorn second version' });
    await addMember(t, item.item_id, member, 1);
    await addTeamMember(t, item.item_id, owner, receiver, 1);
    expect((await t.call('item/getKey', { item_id: item.item_id }, { token: owner.token })).error_code).toBe(0);
    await t.database.db.insertInto('subscription').values({ uid: member.uid, object_id: page.page_id, object_type: 'page', action_type: 'update', sub_time: t.clock.now() }).execute();

    const upload = async (name: string) => {
      const res = await uploadTo(t, 'attachment/attachmentUpload', { item_id: item.item_id, page_id: page.page_id }, { filename: name, data: PDF }, owner.token);
      expect(res.body).toMatchObject({ success: 1 });
      return res.body as { file_id: number; url: string };
    };
    const own = await upload('own.pdf');
    const shared = await upload('shared.pdf');
    const mentioned = await upload('mentioned.pdf');
    // Another project shows `shared` by binding and `mentioned` by its address in a page.
    const other = await createItem(t, owner);
    const otherPage = await createPage(t, owner, other.item_id, { content: `[doc](${mentioned.url})` });
    await t.database.db.insertInto('file_page').values({ file_id: shared.file_id, page_id: otherPage.page_id, item_id: other.item_id, addtime: t.clock.now() }).execute();
    const keyOf = async (fileId: number) => (await t.database.db.selectFrom('upload_file').select('storage_key').where('file_id', '=', fileId).executeTakeFirstOrThrow()).storage_key;
    const ownBlob = path.join(t.config.dataDir, 'uploads', await keyOf(own.file_id));
    expect(fs.existsSync(ownBlob)).toBe(true);

    expect((await asAdmin('hardDeleteItem', { item_id: item.item_id })).error_code).toBe(10101); // live projects are deleted first
    await asAdmin('deleteItem', { item_id: item.item_id });
    expect((await asAdmin('hardDeleteItem', { item_id: item.item_id })).data).toEqual([]);

    const db = t.database.db;
    const countIn = async (table: 'page' | 'catalog' | 'item_member' | 'team_item' | 'team_item_member' | 'item_token' | 'item_change_log' | 'recycle') =>
      (await db.selectFrom(table).select('item_id').where('item_id', '=', item.item_id).execute()).length;
    for (const table of ['page', 'catalog', 'item_member', 'team_item', 'team_item_member', 'item_token', 'item_change_log', 'recycle'] as const) expect(await countIn(table), table).toBe(0);
    expect(await itemRow(item.item_id)).toBeUndefined();
    expect(await db.selectFrom('page_history').select('page_id').where('page_id', '=', page.page_id).execute()).toEqual([]);
    expect(await db.selectFrom('subscription').select('id').where('object_id', '=', page.page_id).where('object_type', '=', 'page').execute()).toEqual([]);
    const files = await db.selectFrom('upload_file').select('file_id').where('file_id', 'in', [own.file_id, shared.file_id, mentioned.file_id]).orderBy('file_id').execute();
    expect(files.map((f) => f.file_id)).toEqual([shared.file_id, mentioned.file_id]);
    expect(fs.existsSync(ownBlob)).toBe(false);
    expect((await t.call('attachment/visitFile', { sign: signOf(mentioned.url) }, { method: 'GET' })).response.statusCode).toBe(200);
    // The search index forgets the pages too.
    const found = await t.call('item/search', { keyword: 'zebracorn' }, { token: owner.token });
    expect(JSON.stringify(found.data ?? '')).not.toContain(String(page.page_id));
    if (t.database.dialect === 'sqlite') {
      const { sql } = await import('kysely');
      const hits = await sql<{ rowid: number }>`select rowid from page_fts where page_fts match '"zebracorn"'`.execute(db);
      expect(hits.rows).toEqual([]);
    }
    // The other project is untouched.
    expect(await itemRow(other.item_id)).toMatchObject({ is_del: 0 });
  });

  it('answers 10101 for a missing project and 10100 for a bad id', async () => {
    expect((await asAdmin('hardDeleteItem', { item_id: 99_999_999 })).error_code).toBe(10101);
    expect((await asAdmin('hardDeleteItem', { item_id: 1.5 }, true)).error_code).toBe(10100);
  });
});

describe('adminItem/attorn', () => {
  it('gives a project to another account by username or e-mail, without a password, and answers its row', async () => {
    const item = await createItem(t, owner, { password: 'visit pass' });
    await addMember(t, item.item_id, member, 1);
    const res = await asAdmin('attorn', { item_id: item.item_id, username: 'plain_member' });
    expect(res.error_code).toBe(0);
    const row = res.data as AdminItemRow;
    expect(row).toMatchObject({ item_id: item.item_id, uid: member.uid, username: 'plain_member', is_private: 1, member_num: 0 });
    expect(row).not.toHaveProperty('password');
    expect(await itemRow(item.item_id)).toMatchObject({ uid: member.uid, username: 'plain_member' });

    expect(((await asAdmin('attorn', { item_id: item.item_id, username: 'NEW.OWNER@example.com' })).data as AdminItemRow).uid).toBe(receiver.uid);
  });

  it('answers 10209 for an unknown receiver, 10101 for the current owner or a missing project', async () => {
    const item = await createItem(t, owner);
    expect((await asAdmin('attorn', { item_id: item.item_id, username: 'nobody_here' })).error_code).toBe(10209);
    expect((await asAdmin('attorn', { item_id: item.item_id, username: '' })).error_code).toBe(10209);
    expect((await asAdmin('attorn', { item_id: item.item_id, username: 'project_owner' })).error_code).toBe(10101);
    expect((await asAdmin('attorn', { item_id: 99_999_999, username: 'plain_member' })).error_code).toBe(10101);
    expect((await asAdmin('attorn', { item_id: item.item_id, username: ['plain_member'] }, true)).error_code).toBe(10100);
    expect(await itemRow(item.item_id)).toMatchObject({ uid: owner.uid });
  });
});

describe('who may call adminItem/*', () => {
  it('refuses guests (10102) and ordinary users (10103), changing nothing', async () => {
    const live = await createItem(t, owner);
    const gone = await deletedItem();
    const calls: [string, Record<string, unknown>][] = [
      ['getList', {}],
      ['deleteItem', { item_id: live.item_id }],
      ['recoverItem', { item_id: gone.item_id }],
      ['hardDeleteItem', { item_id: gone.item_id }],
      ['attorn', { item_id: live.item_id, username: 'plain_member' }],
    ];
    for (const [action, params] of calls) {
      expect((await t.call(`adminItem/${action}`, params)).error_code, action).toBe(10102);
      expect((await t.call(`adminItem/${action}`, params, { token: owner.token })).error_code, action).toBe(10103);
      expect((await t.call(`adminItem/${action}`, params, { token: member.token })).error_code, action).toBe(10103);
    }
    expect(await itemRow(live.item_id)).toMatchObject({ is_del: 0, uid: owner.uid });
    expect(await itemRow(gone.item_id)).toMatchObject({ is_del: 1 });
  });

  it('answers on ShowDoc’s URL form too', async () => {
    const res = await t.call('', { user_token: admin.token, count: 1 }, { url: '/server/index.php?s=/api/adminItem/getList' });
    expect(res.error_code).toBe(0);
    const row = (res.data as { items: Record<string, unknown>[] }).items[0];
    expect(typeof row?.item_id).toBe('string');
    expect(row).not.toHaveProperty('page_count');
  });
});

describe('no secrets', () => {
  it('no answer carries a password hash, visit password, token or API key', async () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const body of answers) {
      expect(body).not.toMatch(/\$argon2|\$2[aby]\$|"password"|"salt"|api_key|api_token|user_token|visit pass|secret"/);
    }
  });
});
