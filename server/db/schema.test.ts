import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { migrateTo, migrateToLatest } from './migrate.js';

const CONTENT_TABLES = [
  'item',
  'item_group',
  'item_star',
  'item_sort',
  'item_top',
  'item_token',
  'item_member',
  'item_change_log',
  'catalog',
  'page',
  'page_history',
  'recycle',
  'single_page',
  'page_lock',
  'template',
  'template_item',
  'team',
  'team_member',
  'team_item',
  'team_item_member',
  'upload_file',
  'file_page',
  'file_flow',
  'message_content',
  'message',
  'subscription',
  'mock',
  'export_log',
  'page_comment',
  'page_feedback',
];

/** Table names of this test's own database. */
async function tableNames(database: TestDatabase): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  return tables.map((t) => t.name);
}

describe('content schema', () => {
  let database: TestDatabase;
  let seq = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  async function addUser(): Promise<number> {
    seq += 1;
    const row = await database.db
      .insertInto('user')
      .values({ username: `user${seq}`, username_key: `user${seq}` })
      .returning('uid')
      .executeTakeFirstOrThrow();
    return row.uid;
  }

  async function addItem(uid: number, values: { item_domain?: string; is_del?: number } = {}): Promise<number> {
    const row = await database.db
      .insertInto('item')
      .values({ item_name: 'Docs', uid, username: 'owner', addtime: 1_700_000_000, ...values })
      .returning('item_id')
      .executeTakeFirstOrThrow();
    return row.item_id;
  }

  async function addPage(itemId: number, catId = 0): Promise<number> {
    const row = await database.db
      .insertInto('page')
      .values({ item_id: itemId, cat_id: catId, page_title: 'Intro', page_content: '# Hi', addtime: 1_700_000_000 })
      .returning('page_id')
      .executeTakeFirstOrThrow();
    return row.page_id;
  }

  it('creates every content table', async () => {
    const names = await tableNames(database);
    for (const t of CONTENT_TABLES) expect(names, t).toContain(t);
    expect(names).toContain('user');
  });

  it('fills in the ShowDoc defaults', async () => {
    const uid = await addUser();
    const itemId = await addItem(uid);
    const pageId = await addPage(itemId);
    const item = await database.db.selectFrom('item').selectAll().where('item_id', '=', itemId).executeTakeFirstOrThrow();
    expect(item).toMatchObject({
      item_description: '',
      password: '',
      item_domain: '',
      item_type: 1,
      is_archived: 0,
      is_del: 0,
      allow_comment: 0,
      allow_feedback: 0,
      last_update_time: 0,
      del_time: 0,
      addtime: 1_700_000_000,
    });
    const page = await database.db.selectFrom('page').selectAll().where('page_id', '=', pageId).executeTakeFirstOrThrow();
    expect(page).toMatchObject({
      author_uid: 0,
      author_username: '',
      s_number: 99,
      page_comments: '',
      is_del: 0,
      page_addtime: 0,
      ext_info: '',
      is_draft: 0,
      version: 1,
    });
    const cat = await database.db
      .insertInto('catalog')
      .values({ cat_name: 'API', item_id: itemId })
      .returning(['s_number', 'parent_cat_id', 'level'])
      .executeTakeFirstOrThrow();
    expect(cat).toEqual({ s_number: 99, parent_cat_id: 0, level: 2 });
    const member = await database.db
      .insertInto('item_member')
      .values({ item_id: itemId, uid, username: 'm' })
      .returning(['member_group_id', 'cat_id', 'cat_ids'])
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ member_group_id: 1, cat_id: 0, cat_ids: '' });
  });

  it('keeps unix times and byte counts past 2^31 as numbers', async () => {
    const uid = await addUser();
    const big = 5_000_000_000;
    await database.db
      .insertInto('upload_file')
      .values({ sign: `big-${uid}`, uid, file_size: big, addtime: big })
      .execute();
    const row = await database.db
      .selectFrom('upload_file')
      .select(['file_size', 'addtime'])
      .where('sign', '=', `big-${uid}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ file_size: big, addtime: big });
  });

  it('rejects a second membership of the same user in an item', async () => {
    const uid = await addUser();
    const member = await addUser();
    const itemId = await addItem(uid);
    await database.db.insertInto('item_member').values({ item_id: itemId, uid: member, username: 'm' }).execute();
    await expect(
      database.db.insertInto('item_member').values({ item_id: itemId, uid: member, username: 'm', member_group_id: 2 }).execute(),
    ).rejects.toThrow();
  });

  it('rejects duplicate team memberships and team rows', async () => {
    const owner = await addUser();
    const member = await addUser();
    const itemId = await addItem(owner);
    const team = await database.db
      .insertInto('team')
      .values({ team_name: 'T', uid: owner })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('team_member').values({ team_id: team.id, member_uid: member }).execute();
    await expect(database.db.insertInto('team_member').values({ team_id: team.id, member_uid: member }).execute()).rejects.toThrow();
    await database.db.insertInto('team_item').values({ team_id: team.id, item_id: itemId }).execute();
    await expect(database.db.insertInto('team_item').values({ team_id: team.id, item_id: itemId }).execute()).rejects.toThrow();
    await database.db.insertInto('team_item_member').values({ team_id: team.id, item_id: itemId, member_uid: member }).execute();
    await expect(
      database.db.insertInto('team_item_member').values({ team_id: team.id, item_id: itemId, member_uid: member }).execute(),
    ).rejects.toThrow();

    // Deleting the team takes its memberships and item links with it.
    await database.db.deleteFrom('team').where('id', '=', team.id).execute();
    for (const t of ['team_member', 'team_item', 'team_item_member'] as const) {
      const left = await database.db.selectFrom(t).select('id').where('team_id', '=', team.id).execute();
      expect(left, t).toEqual([]);
    }
  });

  it('rejects a duplicate star, pin or sort row', async () => {
    const uid = await addUser();
    const itemId = await addItem(uid);
    await database.db.insertInto('item_star').values({ uid, item_id: itemId }).execute();
    await expect(database.db.insertInto('item_star').values({ uid, item_id: itemId }).execute()).rejects.toThrow();
    await database.db.insertInto('item_top').values({ uid, item_id: itemId }).execute();
    await expect(database.db.insertInto('item_top').values({ uid, item_id: itemId }).execute()).rejects.toThrow();
    await database.db.insertInto('item_sort').values({ uid, item_group_id: 0 }).execute();
    await expect(database.db.insertInto('item_sort').values({ uid, item_group_id: 0 }).execute()).rejects.toThrow();
  });

  it('allows one api_key per item and never the same api_key twice', async () => {
    const uid = await addUser();
    const a = await addItem(uid);
    const b = await addItem(uid);
    await database.db.insertInto('item_token').values({ item_id: a, api_key: `k-${a}`, api_token: 't' }).execute();
    await expect(
      database.db.insertInto('item_token').values({ item_id: a, api_key: `k2-${a}`, api_token: 't' }).execute(),
    ).rejects.toThrow();
    await expect(
      database.db.insertInto('item_token').values({ item_id: b, api_key: `k-${a}`, api_token: 't' }).execute(),
    ).rejects.toThrow();
  });

  it('keeps live personal domains unique but lets deleted items share one', async () => {
    const uid = await addUser();
    const domain = `docs${uid}`;
    await addItem(uid, { item_domain: domain, is_del: 1 });
    await addItem(uid, { item_domain: domain, is_del: 1 });
    const live = await addItem(uid, { item_domain: domain });
    await expect(addItem(uid, { item_domain: domain })).rejects.toThrow();
    // No domain is not a domain: any number of items may have none.
    await addItem(uid);
    await addItem(uid);
    // Soft-deleting the live one frees the domain.
    await database.db.updateTable('item').set({ is_del: 1 }).where('item_id', '=', live).execute();
    await addItem(uid, { item_domain: domain });
  });

  it('rejects duplicates in the one-per-page tables', async () => {
    const uid = await addUser();
    const itemId = await addItem(uid);
    const pageId = await addPage(itemId);
    const otherPage = await addPage(itemId);

    await database.db.insertInto('single_page').values({ unique_key: `s-${pageId}`, page_id: pageId }).execute();
    await expect(
      database.db.insertInto('single_page').values({ unique_key: `s2-${pageId}`, page_id: pageId }).execute(),
    ).rejects.toThrow();
    await expect(
      database.db.insertInto('single_page').values({ unique_key: `s-${pageId}`, page_id: otherPage }).execute(),
    ).rejects.toThrow();

    await database.db.insertInto('page_lock').values({ page_id: pageId, lock_uid: uid }).execute();
    await expect(database.db.insertInto('page_lock').values({ page_id: pageId, lock_uid: uid }).execute()).rejects.toThrow();

    await database.db.insertInto('mock').values({ unique_key: `m-${pageId}`, page_id: pageId, item_id: itemId }).execute();
    await expect(
      database.db.insertInto('mock').values({ unique_key: `m2-${pageId}`, page_id: pageId, item_id: itemId }).execute(),
    ).rejects.toThrow();
    await expect(
      database.db.insertInto('mock').values({ unique_key: `m-${pageId}`, page_id: otherPage, item_id: itemId }).execute(),
    ).rejects.toThrow();

    const file = await database.db
      .insertInto('upload_file')
      .values({ sign: `f-${pageId}`, uid })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    await expect(database.db.insertInto('upload_file').values({ sign: `f-${pageId}`, uid }).execute()).rejects.toThrow();
    await database.db.insertInto('file_page').values({ file_id: file.file_id, page_id: pageId, item_id: itemId }).execute();
    await expect(
      database.db.insertInto('file_page').values({ file_id: file.file_id, page_id: pageId, item_id: itemId }).execute(),
    ).rejects.toThrow();

    await database.db.insertInto('file_flow').values({ uid, date_month: '2026-01', used: 10 }).execute();
    await expect(database.db.insertInto('file_flow').values({ uid, date_month: '2026-01' }).execute()).rejects.toThrow();
  });

  it('counts feedback once per user and once per guest', async () => {
    const uid = await addUser();
    const itemId = await addItem(uid);
    const pageId = await addPage(itemId);
    const vote = (v: { uid?: number; client_id?: string }) =>
      database.db.insertInto('page_feedback').values({ page_id: pageId, item_id: itemId, feedback_type: 1, ...v }).execute();
    await vote({ uid });
    await expect(vote({ uid })).rejects.toThrow();
    await vote({ client_id: 'guest-a' });
    await vote({ client_id: 'guest-b' });
    await expect(vote({ client_id: 'guest-a' })).rejects.toThrow();
  });

  it('rejects rows whose item, page or user does not exist', async () => {
    const uid = await addUser();
    await expect(database.db.insertInto('page').values({ item_id: 999_999_999, page_title: 'x' }).execute()).rejects.toThrow();
    await expect(database.db.insertInto('catalog').values({ item_id: 999_999_999, cat_name: 'x' }).execute()).rejects.toThrow();
    await expect(
      database.db.insertInto('page_history').values({ page_id: 999_999_999, item_id: 1 }).execute(),
    ).rejects.toThrow();
    await expect(addItem(999_999_999)).rejects.toThrow();
    const itemId = await addItem(uid);
    await expect(
      database.db.insertInto('item_member').values({ item_id: itemId, uid: 999_999_999, username: 'ghost' }).execute(),
    ).rejects.toThrow();
  });

  it('deletes everything of an item with the item row', async () => {
    const uid = await addUser();
    const member = await addUser();
    const itemId = await addItem(uid);
    const keep = await addItem(uid);
    const cat = await database.db
      .insertInto('catalog')
      .values({ cat_name: 'API', item_id: itemId })
      .returning('cat_id')
      .executeTakeFirstOrThrow();
    const pageId = await addPage(itemId, cat.cat_id);
    const keptPage = await addPage(keep);
    await database.db.insertInto('page_history').values({ page_id: pageId, item_id: itemId, page_title: 'old' }).execute();
    await database.db.insertInto('item_member').values({ item_id: itemId, uid: member, username: 'm' }).execute();
    await database.db.insertInto('item_member').values({ item_id: keep, uid: member, username: 'm' }).execute();
    await database.db.insertInto('item_star').values({ uid: member, item_id: itemId }).execute();
    await database.db.insertInto('recycle').values({ item_id: itemId, page_id: pageId }).execute();
    await database.db.insertInto('page_comment').values({ page_id: pageId, item_id: itemId, uid, content: 'hi' }).execute();
    await database.db.insertInto('item_change_log').values({ item_id: itemId, uid }).execute();

    await database.db.deleteFrom('item').where('item_id', '=', itemId).execute();

    const count = async (table: 'page' | 'catalog' | 'item_member' | 'item_star' | 'recycle' | 'page_comment' | 'item_change_log') =>
      (await database.db.selectFrom(table).select('item_id').where('item_id', '=', itemId).execute()).length;
    for (const t of ['page', 'catalog', 'item_member', 'item_star', 'recycle', 'page_comment', 'item_change_log'] as const) {
      expect(await count(t), t).toBe(0);
    }
    const history = await database.db.selectFrom('page_history').select('page_history_id').where('page_id', '=', pageId).execute();
    expect(history).toEqual([]);
    // The other item is untouched.
    const kept = await database.db.selectFrom('page').select('page_id').where('item_id', '=', keep).execute();
    expect(kept).toEqual([{ page_id: keptPage }]);
    const keptMember = await database.db.selectFrom('item_member').select('uid').where('item_id', '=', keep).execute();
    expect(keptMember).toEqual([{ uid: member }]);
  });

  it('removes a user’s personal rows but refuses while the user owns an item', async () => {
    const owner = await addUser();
    const member = await addUser();
    const itemId = await addItem(owner);
    await database.db.insertInto('item_member').values({ item_id: itemId, uid: member, username: 'm' }).execute();
    await database.db.insertInto('item_star').values({ uid: member, item_id: itemId }).execute();

    await expect(database.db.deleteFrom('user').where('uid', '=', owner).execute()).rejects.toThrow();
    await database.db.deleteFrom('user').where('uid', '=', member).execute();
    const rows = await database.db.selectFrom('item_member').select('uid').where('item_id', '=', itemId).execute();
    expect(rows).toEqual([]);
    const stars = await database.db.selectFrom('item_star').select('uid').where('uid', '=', member).execute();
    expect(stars).toEqual([]);
  });
});

describe('content migration down and up', () => {
  it('drops every content table and creates them again', async () => {
    const database = await createTestDatabase();
    try {
      // Down as the migrator goes: the later migrations first (the search index hangs off the page table).
      await migrateTo(database, '0001_accounts');
      const after = await tableNames(database);
      for (const t of CONTENT_TABLES) expect(after, t).not.toContain(t);
      expect(after).toContain('user');
      await migrateToLatest(database);
      const again = await tableNames(database);
      for (const t of CONTENT_TABLES) expect(again, t).toContain(t);
    } finally {
      await database.cleanup();
    }
  });
});
