import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { keywordIndex, pageMatches } from './page-search.js';
import { cjkTerm, cjkTerms, isShortCjk } from './page-search-terms.js';
import { migrateTo, migrateToLatest } from './migrate.js';
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

  it('finds one- and two-character Chinese words through the term index, anywhere in a run', async () => {
    expect(keywordIndex('文档')).toBe('terms');
    expect(await titlesFor('文档')).toEqual(['在线文档分享']);
    expect(await titlesFor('字')).toEqual(['在线文档分享']);
    expect(await titlesFor('据字')).toEqual(['在线文档分享']);
    expect(await titlesFor('享支')).toEqual([]);
  });

  it('scans for other short keywords, as substrings', async () => {
    expect(keywordIndex('fu')).toBe('scan');
    expect(keywordIndex('a文')).toBe('scan');
    expect(await titlesFor('FU')).toEqual(['Refund API']);
    expect(await titlesFor('%')).toEqual(['Refund API']);
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

describe('CJK terms', () => {
  it('are every character and every pair of neighbours of a CJK run, title terms also marked', () => {
    expect(cjkTerms('订单', 'a 数据, 😀 한국')).toBe(
      [cjkTerm('订', true), cjkTerm('订单', true), cjkTerm('单', true), cjkTerm('订'), cjkTerm('订单'), cjkTerm('单'), cjkTerm('数'), cjkTerm('数据'), cjkTerm('据'), cjkTerm('한'), cjkTerm('한국'), cjkTerm('국')].join(' '),
    );
    expect(cjkTerm('订单')).toBe('x8ba2x5355');
    expect(cjkTerms(null, 'no cjk here')).toBe('');
    expect(cjkTerms('表', null, 42)).toBe(`i42 ${cjkTerm('表', true)} ${cjkTerm('表')}`);
  });

  it('serve one or two CJK characters only', () => {
    expect(['表', '订单', 'カナ', '𠀀'].map(isShortCjk)).toEqual([true, true, true, true]);
    expect(['', 'ab', '数据字典', 'a表', '😀', '，'].map(isShortCjk)).toEqual([false, false, false, false, false, false]);
  });
});

describe('migration 0010', () => {
  // Runs the whole chain of migrations from an empty database, then down and up again: on PostgreSQL with the
  // machine busy (another test run beside) that took over the default 20 s.
  it('indexes the pages already there, and down() removes the index', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const db = database.db;
      await migrateTo(database, '0009_item_version_stamp');
      const user = await db.insertInto('user').values({ username: 'u', username_key: 'u' }).returning('uid').executeTakeFirstOrThrow();
      const item = await db.insertInto('item').values({ item_name: 'i', uid: user.uid, username: 'u', addtime: 0 }).returning('item_id').executeTakeFirstOrThrow();
      await db.insertInto('page').values({ item_id: item.item_id, page_title: '旧页', page_content: '迁移之前' }).execute();
      await migrateToLatest(database);
      const found = await db.selectFrom('page').select('page_title').where(pageMatches(database.dialect, '迁')).execute();
      expect(found.map((r) => r.page_title)).toEqual(['旧页']);
      await migrateTo(database, '0009_item_version_stamp');
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).not.toContain('page_fts_cjk');
      // Pages are still written without the index's triggers.
      await db.insertInto('page').values({ item_id: item.item_id, page_title: 'after', page_content: '之后' }).execute();
      if (database.dialect === 'postgres') expect((await sql<{ n: number }>`select count(*) as n from pg_proc where proname like 'folio_%cjk%'`.execute(db)).rows[0]?.n).toBe(0);
    } finally {
      await database.cleanup();
    }
  });
});
