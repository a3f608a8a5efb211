import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withItemsLocked } from '../../db/locks.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem } from '../../test/item-factories.js';
import { historyRows, pageRow } from '../../test/page-factories.js';
import { serviceCtx } from '../../test/service-context.js';
import { pageWriter, type WriterOptions } from './writer.js';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t?.close());

function write<T>(itemId: number, options: Partial<WriterOptions>, work: (w: ReturnType<typeof pageWriter>) => Promise<T>): Promise<T> {
  const ctx = serviceCtx(t, owner);
  return withItemsLocked(ctx, [itemId], (trx) => work(pageWriter(ctx, trx, itemId, { author: owner, keepHistory: true, ...options })));
}

describe('the page writer', () => {
  it('creates a page and writes new versions: history, version, change log and the project time, in one place', async () => {
    const item = await createItem(t, owner);
    const created = await write(item.item_id, {}, (w) => w.create({ catId: 0, title: 'Guide', content: 'v1', sNumber: 0 }));
    expect(created).toMatchObject({ page_title: 'Guide', page_content: 'v1', s_number: 99, version: 1, author_uid: owner.uid });
    t.clock.advance(60);
    const saved = await write(item.item_id, {}, async (w) => {
      const current = await w.lockedPage(created.page_id);
      if (!current) throw new Error('the page is gone');
      return w.overwrite(current, { content: 'v2', sNumber: 4 });
    });
    expect(saved).toMatchObject({ page_title: 'Guide', page_content: 'v2', s_number: 4, version: 2, addtime: t.clock.now() });
    expect((await historyRows(t, created.page_id)).map((h) => h.page_content)).toEqual(['v1']);
    const log = await t.database.db.selectFrom('item_change_log').select('op_action_type').where('item_id', '=', item.item_id).where('op_object_type', '=', 'page').orderBy('id').execute();
    expect(log.map((l) => l.op_action_type)).toEqual(['create', 'update']);
    const project = await t.database.db.selectFrom('item').select('last_update_time').where('item_id', '=', item.item_id).executeTakeFirstOrThrow();
    expect(project.last_update_time).toBe(t.clock.now());
  });

  it('refuses to write on top of a version that is no longer the page’s, and changes nothing', async () => {
    const item = await createItem(t, owner);
    const created = await write(item.item_id, {}, (w) => w.create({ catId: 0, title: 'Raced', content: 'v1' }));
    await write(item.item_id, {}, (w) => w.overwrite(created, { content: 'v2' }));
    await expect(write(item.item_id, {}, (w) => w.overwrite(created, { content: 'stale' }))).rejects.toMatchObject({ code: 10101 });
    expect(await pageRow(t, created.page_id)).toMatchObject({ page_content: 'v2', version: 2 });
    expect((await historyRows(t, created.page_id)).map((h) => h.page_content)).toEqual(['v1']);
  });

  it('refuses a page of another project', async () => {
    const a = await createItem(t, owner);
    const b = await createItem(t, owner);
    const page = await write(a.item_id, {}, (w) => w.create({ catId: 0, title: 'Mine', content: 'x' }));
    await expect(write(b.item_id, {}, (w) => w.overwrite(page, { content: 'y' }))).rejects.toMatchObject({ code: 10101 });
    expect((await pageRow(t, page.page_id)).page_content).toBe('x');
  });
});
