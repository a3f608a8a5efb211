import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { matchingPages, projectPageSpan } from './page-search.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/**
 * A search inside one project whose pages are older than (and interleaved with) another project's: the
 * answer is that project's matches, newest first, whatever the index reads (migration 0011, `projectPageSpan`).
 */
describe('searching inside one project', () => {
  let database: TestDatabase;
  let oldItem: number;
  let newItem: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const user = await db.insertInto('user').values({ username: 'u', username_key: 'u' }).returning('uid').executeTakeFirstOrThrow();
    const item = async (name: string) => (await db.insertInto('item').values({ item_name: name, uid: user.uid, username: 'u', addtime: 0 }).returning('item_id').executeTakeFirstOrThrow()).item_id;
    oldItem = await item('old');
    newItem = await item('new');
    const page = (itemId: number, title: string, content: string) => ({ item_id: itemId, page_title: title, page_content: content });
    // Before, inside and after the old project's id span, the new project's pages say the word too.
    await db.insertInto('page').values([page(newItem, 'new before', 'a webhook here'), page(oldItem, 'old first', 'the webhook page')]).execute();
    await db.insertInto('page').values(Array.from({ length: 30 }, (_, i) => page(newItem, `new middle ${i}`, `webhook ${i}`))).execute();
    await db.insertInto('page').values([page(oldItem, 'old webhook title', 'body'), page(oldItem, 'old plain', 'nothing'), page(oldItem, 'old last', 'WEBHOOK in capitals')]).execute();
    await db.insertInto('page').values(Array.from({ length: 30 }, (_, i) => page(newItem, `new after ${i}`, `webhook ${i}`))).execute();
  });
  afterAll(() => database.cleanup());

  const search = async (keyword: string, itemId: number, titleOnly = false) => {
    const span = await projectPageSpan(database.db, itemId);
    if (!span) return [];
    return (
      await database.db
        .selectFrom(matchingPages(database.dialect, keyword, { itemId, titleOnly, span }))
        .select('page.page_title')
        .where('page.item_id', '=', itemId)
        .orderBy('page.page_id', 'desc')
        .execute()
    ).map((r) => r.page_title);
  };

  it('finds the project’s matches only, newest first, as a scan of its pages does', async () => {
    expect(await search('webhook', oldItem)).toEqual(['old last', 'old webhook title', 'old first']);
    expect(await search('webhook', oldItem, true)).toEqual(['old webhook title']);
    const newest = await search('webhook', newItem);
    expect(newest).toHaveLength(61);
    expect(newest[0]).toBe('new after 29');
    expect(newest.at(-1)).toBe('new before');
  });

  it('has no span for a project without pages', async () => {
    const db = database.db;
    const empty = (await db.insertInto('item').values({ item_name: 'empty', uid: 1, username: 'u', addtime: 0 }).returning('item_id').executeTakeFirstOrThrow()).item_id;
    expect(await projectPageSpan(db, empty)).toBeNull();
  });

  // Not one FTS5 probe per page of the project (`=M`): that plan took seconds for a common word.
  it.each(['webhook', '数'])('reads the index of %s between the project’s first and last page only, as the outer loop (SQLite)', async (keyword) => {
    if (database.dialect !== 'sqlite') return;
    const span = (await projectPageSpan(database.db, oldItem)) ?? undefined;
    const compiled = database.db
      .selectFrom(matchingPages(database.dialect, keyword, { itemId: oldItem, span }))
      .select('page.page_id')
      .where('page.item_id', '=', oldItem)
      .orderBy('page.page_id', 'desc')
      .limit(200)
      .compile();
    const { rows } = await database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
    const fts = rows.map((r) => r.detail).find((d) => d.includes('VIRTUAL TABLE'));
    // FTS5 names its constraints: M (match) and > < (a rowid range it seeks to).
    expect(fts).toMatch(/^SCAN .*INDEX \d+:M\d*></);
  });

  // better-sqlite3 binds every JavaScript number as a REAL, and FTS5 takes only an INTEGER as a rowid bound:
  // with the numbers as they come it walked the whole index newest first (same rows, 40× the time).
  it('hands FTS5 the span as integers (SQLite)', async () => {
    if (database.dialect !== 'sqlite') return;
    const { rows } = await database.db.executeQuery<{ bound: string }>(CompiledQuery.raw('select typeof(?) as bound', [5]));
    expect(rows[0]?.bound).toBe('real');
    const span = (await projectPageSpan(database.db, oldItem)) ?? undefined;
    for (const keyword of ['webhook', '数']) {
      const { sql } = database.db.selectFrom(matchingPages(database.dialect, keyword, { itemId: oldItem, span })).select('page.page_id').compile();
      expect(sql).toMatch(/between cast\(\? as integer\) and cast\(\? as integer\)/);
    }
  });
});
