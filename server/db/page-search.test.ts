import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageMatches } from './page-search.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

describe('full-text search over pages', () => {
  let database: TestDatabase;
  let itemId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const user = await db.insertInto('user').values({ username: 'u', username_key: 'u' }).returning('uid').executeTakeFirstOrThrow();
    itemId = (await db.insertInto('item').values({ item_name: 'i', uid: user.uid, username: 'u', addtime: 0 }).returning('item_id').executeTakeFirstOrThrow()).item_id;
    await db
      .insertInto('page')
      .values([
        { item_id: itemId, page_title: '在线文档分享', page_content: '支持 Markdown 与数据字典' },
        { item_id: itemId, page_title: 'Refund API', page_content: 'POST /refunds creates a Refund. 100%_done "quoted"' },
        { item_id: itemId, page_title: 'Other', page_content: 'nothing to see' },
      ])
      .execute();
  });
  afterAll(() => database.cleanup());

  const titlesFor = async (keyword: string) =>
    (
      await database.db
        .selectFrom('page')
        .select('page_title')
        .where('item_id', '=', itemId)
        .where(pageMatches(database.dialect, keyword))
        .orderBy('page_id')
        .execute()
    ).map((r) => r.page_title);

  it('finds Chinese text of three or more characters through the index', async () => {
    expect(await titlesFor('线文档')).toEqual(['在线文档分享']);
    expect(await titlesFor('数据字典')).toEqual(['在线文档分享']);
  });

  it('finds one- and two-character words too, by scanning', async () => {
    expect(await titlesFor('文档')).toEqual(['在线文档分享']);
    expect(await titlesFor('字')).toEqual(['在线文档分享']);
  });

  it('ignores case and matches inside words', async () => {
    expect(await titlesFor('REFUND')).toEqual(['Refund API']);
    expect(await titlesFor('efun')).toEqual(['Refund API']);
  });

  it('treats quotes, wildcards and FTS syntax in the keyword as plain text', async () => {
    expect(await titlesFor('"quoted"')).toEqual(['Refund API']);
    expect(await titlesFor('%_d')).toEqual(['Refund API']);
    expect(await titlesFor('refund OR other')).toEqual([]);
    expect(await titlesFor('*')).toEqual([]);
  });

  it('stays in step when pages change or go away', async () => {
    await database.db.updateTable('page').set({ page_content: 'now about webhooks' }).where('page_title', '=', 'Other').execute();
    expect(await titlesFor('webhooks')).toEqual(['Other']);
    expect(await titlesFor('nothing to see')).toEqual([]);
    await database.db.deleteFrom('page').where('page_title', '=', 'Other').execute();
    expect(await titlesFor('webhooks')).toEqual([]);
  });
});
