import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem } from '../../test/item-factories.js';
import { catalogPath, pathWriter, type WriterOptions } from './page-writer.js';
import { serviceCtx } from '../../test/service-context.js';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t.close());

function write<T>(itemId: number, options: Partial<WriterOptions>, work: (w: ReturnType<typeof pathWriter>) => Promise<T>): Promise<T> {
  const ctx = serviceCtx(t, owner);
  return t.app.services.db.transaction().execute((trx) => work(pathWriter(ctx, trx, itemId, { author: owner, keepHistory: true, ...options })));
}

const db = () => t.app.services.db;

describe('catalogPath', () => {
  it('keeps three levels and joins the rest into the third', () => {
    expect(catalogPath(['a', '', 'b'])).toEqual(['a', 'b']);
    expect(catalogPath(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c / d / e']);
  });
});

describe('pageWriter', () => {
  it('finds or creates catalogs by path, with ShowDoc levels and the order given', async () => {
    const item = await createItem(t, owner);
    const [a, b, again, root, deep] = await write(item.item_id, {}, async (w) => [
      await w.catalog(['A'], 5),
      await w.catalog(['A', 'B']),
      await w.catalog(['A', 'B']),
      await w.catalog([]),
      await w.catalog(['A', 'B', 'C', 'D']),
    ]);
    expect(again).toBe(b);
    expect(root).toBe(0);
    const rows = await db().selectFrom('catalog').selectAll().where('item_id', '=', item.item_id).orderBy('cat_id').execute();
    expect(rows.map((r) => [r.cat_name, r.level, r.parent_cat_id])).toEqual([
      ['A', 2, 0],
      ['B', 3, a],
      ['C / D', 4, b],
    ]);
    expect(rows[0]?.s_number).toBe(5);
    expect(rows[2]?.cat_id).toBe(deep);
    // A second writer finds what the first made.
    expect(await write(item.item_id, {}, (w) => w.catalog(['A', 'B']))).toBe(b);
  });

  it('upserts by exact raw title, keeping history and bumping the version', async () => {
    const item = await createItem(t, owner);
    const title = `Tom & Jerry <"'>`;
    const first = await write(item.item_id, {}, async (w) => w.upsertPage({ catId: await w.catalog(['Docs']), title, content: 'v1', sNumber: 3 }));
    expect(first.created).toBe(true);
    expect(first.page.page_title).toBe(title);
    expect(first.page.s_number).toBe(3);
    t.clock.advance(60);
    const second = await write(item.item_id, {}, async (w) => w.upsertPage({ catId: await w.catalog(['Docs']), title, content: 'v2' }));
    expect(second).toMatchObject({ created: false, page: { page_id: first.page.page_id, page_content: 'v2', s_number: 3, version: first.page.version + 1 } });
    const history = await db().selectFrom('page_history').selectAll().where('page_id', '=', first.page.page_id).execute();
    expect(history.map((h) => h.page_content)).toEqual(['v1']);
    const log = await db().selectFrom('item_change_log').select(['op_action_type', 'op_object_type']).where('item_id', '=', item.item_id).orderBy('id').execute();
    expect(log).toEqual([
      { op_action_type: 'create', op_object_type: 'catalog' },
      { op_action_type: 'create', op_object_type: 'page' },
      { op_action_type: 'update', op_object_type: 'page' },
    ]);
  });

  it('writes no history or log for a new project, and inserts duplicates when asked', async () => {
    const item = await createItem(t, owner);
    await write(item.item_id, { keepHistory: false }, async (w) => {
      await w.insertPage({ catId: 0, title: 'Same', content: 'a' });
      await w.insertPage({ catId: 0, title: 'Same', content: 'b' });
      // The upsert finds the first of the two.
      const up = await w.upsertPage({ catId: 0, title: 'Same', content: 'c' });
      expect(up.created).toBe(false);
    });
    const pages = await db().selectFrom('page').select(['page_content']).where('item_id', '=', item.item_id).orderBy('page_id').execute();
    expect(pages.map((p) => p.page_content)).toEqual(['c', 'b']);
    expect(await db().selectFrom('page_history').select('page_id').where('item_id', '=', item.item_id).execute()).toEqual([]);
    expect(await db().selectFrom('item_change_log').select('id').where('item_id', '=', item.item_id).execute()).toEqual([]);
  });

  it('gives blank titles the default and refuses titles that are too long', async () => {
    const item = await createItem(t, owner);
    const page = await write(item.item_id, {}, (w) => w.insertPage({ catId: 0, title: '  ', content: '' }));
    expect(page.page_title).toBe('Untitled');
    await expect(write(item.item_id, {}, (w) => w.insertPage({ catId: 0, title: '字'.repeat(256), content: '' }))).rejects.toMatchObject({ code: 10100 });
  });

  it('reads each index once however many pages it writes', async () => {
    const item = await createItem(t, owner);
    const queries: string[] = [];
    const ctx = serviceCtx(t, owner);
    await db().transaction().execute(async (trx) => {
      const logged = trx.withPlugin({
        transformQuery: (args) => {
          queries.push(args.node.kind);
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const w = pathWriter(ctx, logged as typeof trx, item.item_id, { author: owner, keepHistory: false });
      for (let i = 0; i < 50; i++) await w.upsertPage({ catId: await w.catalog(['A', `B${i % 5}`]), title: `p${i}`, content: 'x' });
    });
    // 6 catalogs + 50 pages inserted, plus two index reads and one touch of the project.
    expect(queries.length).toBeLessThanOrEqual(6 + 50 + 2 + 1 + 2);
  });
});
