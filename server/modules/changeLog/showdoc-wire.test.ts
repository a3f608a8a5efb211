import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem, type TestItem } from '../../test/item-factories.js';

/** `item/getChangeLog` on ShowDoc's URLs (transcript 73): the rows' numbers as strings, `total` a number. */
let t: TestApp;
let owner: TestUser;
let item: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  item = await createItem(t, owner);
  const saved = await t.call('catalog/save', { item_id: item.item_id, cat_name: 'Guides' }, { token: owner.token });
  expect(saved.error_code).toBe(0);
});
afterAll(() => t?.close());

describe('change log answers on ShowDoc’s URLs', () => {
  it('strings for the row’s ids, a numeric total; numbers on /api', async () => {
    const res = await t.call('item/getChangeLog', { item_id: item.item_id }, { token: owner.token, url: '/server/index.php?s=/api/item/getChangeLog' });
    const page = res.data as { total: unknown; list: Record<string, unknown>[] };
    expect(page.total).toEqual(expect.any(Number));
    const entry = page.list.find((e) => e.op_object_type === 'catalog');
    expect(entry).toMatchObject({ id: expect.stringMatching(/^\d+$/), uid: String(owner.uid), item_id: String(item.item_id), op_object_id: expect.stringMatching(/^\d+$/), op_action_type: 'create', op_object_name: 'Guides' });

    const folio = (await t.call('item/getChangeLog', { item_id: item.item_id }, { token: owner.token })).data as { total: number; list: Record<string, unknown>[] };
    expect(folio.total).toBe(page.total);
    expect(folio.list.find((e) => e.op_object_type === 'catalog')).toMatchObject({ id: Number(entry?.id), uid: owner.uid, item_id: item.item_id, op_object_id: Number(entry?.op_object_id) });
  });
});
