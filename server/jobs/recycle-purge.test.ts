import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { createItem, type TestItem } from '../test/item-factories.js';
import { as, insertPage, pageRow, saveCatalog } from '../test/catalog-helpers.js';
import { purgeRecycleBin, RECYCLE_RETENTION_SECONDS } from './recycle-purge.js';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t?.close());

const db = () => t.database.db;
const historyOf = (pageId: number) => db().selectFrom('page_history').select('page_history_id').where('page_id', '=', pageId).execute();
const binOf = (itemId: number) => db().selectFrom('recycle').select('page_id').where('item_id', '=', itemId).orderBy('page_id').execute();

/** A page with one history version and a share link, deleted through a catalog delete at the current time. */
async function deletedPage(item: TestItem, title: string): Promise<number> {
  const cat = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: `for ${title}` });
  const pageId = await insertPage(t, item.item_id, { cat_id: cat, title });
  await db().insertInto('page_history').values({ page_id: pageId, item_id: item.item_id, page_title: `${title} v1` }).execute();
  await db().insertInto('single_page').values({ page_id: pageId, unique_key: `key-${pageId}` }).execute();
  expect((await as(t, owner, 'catalog/delete', { cat_id: cat })).error_code).toBe(0);
  return pageId;
}

describe('purgeRecycleBin', () => {
  it('removes pages deleted more than 30 days ago, with their recycle rows, history and share links', async () => {
    const item = await createItem(t, owner);
    const old = await deletedPage(item, 'old');
    t.clock.advance(10 * 24 * 3600);
    const recent = await deletedPage(item, 'recent');
    const live = await insertPage(t, item.item_id, { title: 'live' });
    const deletedAt = t.clock.now() - 10 * 24 * 3600;

    // Exactly 30 days after the first deletion: still kept.
    expect(await purgeRecycleBin(db(), deletedAt + RECYCLE_RETENTION_SECONDS)).toEqual({ pages: 0 });
    expect(await pageRow(t, old)).toBeDefined();

    const result = await purgeRecycleBin(db(), deletedAt + RECYCLE_RETENTION_SECONDS + 1);
    expect(result).toEqual({ pages: 1 });
    expect(await pageRow(t, old)).toBeUndefined();
    expect(await historyOf(old)).toEqual([]);
    expect(await db().selectFrom('single_page').select('id').where('page_id', '=', old).execute()).toEqual([]);
    expect(await binOf(item.item_id)).toEqual([{ page_id: recent }]);
    expect(await pageRow(t, recent)).toMatchObject({ is_del: 1 });
    expect(await historyOf(recent)).toHaveLength(1);
    expect(await pageRow(t, live)).toMatchObject({ is_del: 0 });
  });

  it('counts from the deletion, not from the last save (ShowDoc purged pages edited long ago at once)', async () => {
    const item = await createItem(t, owner);
    const pageId = await insertPage(t, item.item_id, { title: 'edited long ago' });
    await db().updateTable('page').set({ addtime: 1000 }).where('page_id', '=', pageId).execute();
    const cat = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'c' });
    await db().updateTable('page').set({ cat_id: cat }).where('page_id', '=', pageId).execute();
    await as(t, owner, 'catalog/delete', { cat_id: cat });
    expect(await purgeRecycleBin(db(), t.clock.now() + 60)).toEqual({ pages: 0 });
    expect(await pageRow(t, pageId)).toBeDefined();
  });

  it('leaves a page that was restored meanwhile, dropping only its stale recycle row', async () => {
    const item = await createItem(t, owner);
    const pageId = await deletedPage(item, 'restored');
    await db().updateTable('page').set({ is_del: 0 }).where('page_id', '=', pageId).execute();
    await purgeRecycleBin(db(), t.clock.now() + RECYCLE_RETENTION_SECONDS + 1);
    expect(await pageRow(t, pageId)).toMatchObject({ is_del: 0 });
    expect(await historyOf(pageId)).toHaveLength(1);
    expect(await binOf(item.item_id)).toEqual([]);
  });

  it('keeps soft-deleted pages that have no recycle row (no deletion time is known)', async () => {
    const item = await createItem(t, owner);
    const pageId = await insertPage(t, item.item_id, { title: 'imported, deleted', is_del: 1 });
    await purgeRecycleBin(db(), t.clock.now() + 10 * RECYCLE_RETENTION_SECONDS);
    expect(await pageRow(t, pageId)).toBeDefined();
  });

  it('works through a backlog larger than one batch', async () => {
    const item = await createItem(t, owner);
    const cat = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'many' });
    const rows = Array.from({ length: 1234 }, (_, i) => ({ item_id: item.item_id, cat_id: cat, page_title: `p${i}` }));
    for (let i = 0; i < rows.length; i += 200) await db().insertInto('page').values(rows.slice(i, i + 200)).execute();
    expect((await as(t, owner, 'catalog/delete', { cat_id: cat })).error_code).toBe(0);
    // Earlier tests' deleted pages are older still, so they may be purged in the same run.
    expect((await purgeRecycleBin(db(), t.clock.now() + RECYCLE_RETENTION_SECONDS + 1)).pages).toBeGreaterThanOrEqual(1234);
    expect(await db().selectFrom('page').select('page_id').where('item_id', '=', item.item_id).execute()).toEqual([]);
    expect(await binOf(item.item_id)).toEqual([]);
  });
});
