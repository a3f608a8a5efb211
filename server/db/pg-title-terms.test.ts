import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from './migrate.js';
import { createTestDatabase } from '../test/test-database.js';

/** PostgreSQL keeps a page's title terms apart (migration 0013); SQLite's index needs no such column. */
describe('title terms on PostgreSQL', () => {
  it('fills them for the pages there are, and the trigger keeps them in step with every write', async () => {
    const database = await createTestDatabase();
    if (database.dialect !== 'postgres') return database.cleanup();
    try {
      const db = database.db;
      await migrateTo(database, '0012_page_plain_text');
      const user = await db.insertInto('user').values({ username: 'u', username_key: 'u' }).returning('uid').executeTakeFirstOrThrow();
      const item = await db.insertInto('item').values({ item_name: 'p', uid: user.uid, username: 'u', addtime: 0 }).returning('item_id').executeTakeFirstOrThrow();
      const before = await db.insertInto('page').values({ item_id: item.item_id, page_title: '订单 API', page_content: '数据' }).returning('page_id').executeTakeFirstOrThrow();
      await migrateToLatest(database);
      const titleTerms = async (pageId: number) =>
        (await sql<{ title_terms: string[] }>`select title_terms from page_fts_cjk where page_id = ${pageId}`.execute(db)).rows[0]?.title_terms.sort();
      // 订 and 单, and their bigram: the title's terms only, not the body's, not the project's.
      expect(await titleTerms(before.page_id)).toEqual(['x5355', 'x8ba2', 'x8ba2x5355']);
      const after = await db.insertInto('page').values({ item_id: item.item_id, page_title: '表', page_content: '订单' }).returning('page_id').executeTakeFirstOrThrow();
      expect(await titleTerms(after.page_id)).toEqual(['x8868']);
      await db.updateTable('page').set({ page_title: 'English only' }).where('page_id', '=', after.page_id).execute();
      expect(await titleTerms(after.page_id)).toEqual([]);
    } finally {
      await database.cleanup();
    }
  });
});
