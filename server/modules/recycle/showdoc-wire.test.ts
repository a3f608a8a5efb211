import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addPage, createItem, type TestItem } from '../../test/item-factories.js';

/** The recycle bin on ShowDoc's URLs (transcript 49): the row's numbers as strings, the time formatted. */
let t: TestApp;
let owner: TestUser;
let item: TestItem;
let pageId: number;

const showdoc = (path: string) => `/server/index.php?s=/api/${path}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  item = await createItem(t, owner);
  pageId = (await addPage(t, item.item_id, { title: 'Old notes' })).page_id;
  const deleted = await t.call('page/delete', { page_id: pageId, item_id: item.item_id }, { token: owner.token });
  expect(deleted.error_code).toBe(0);
});
afterAll(() => t?.close());

describe('recycle answers on ShowDoc’s URLs', () => {
  it('recycle/getList: strings for ids, numbers on /api; no project named is an empty bin', async () => {
    const [row] = (await t.call('recycle/getList', { item_id: item.item_id }, { token: owner.token, url: showdoc('recycle/getList') })).data as Record<string, unknown>[];
    expect(row).toEqual({
      id: expect.stringMatching(/^\d+$/),
      item_id: String(item.item_id),
      page_id: String(pageId),
      page_title: 'Old notes',
      del_by_uid: String(owner.uid),
      del_by_username: owner.username,
      del_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const [folio] = (await t.call('recycle/getList', { item_id: item.item_id }, { token: owner.token })).data as Record<string, unknown>[];
    expect(folio).toMatchObject({ id: expect.any(Number), item_id: item.item_id, page_id: pageId, del_by_uid: owner.uid });
    expect(await t.call('recycle/getList', {}, { token: owner.token, url: showdoc('recycle/getList') })).toMatchObject({ error_code: 0, data: [] });
  });

  it('recycle/recover answers []', async () => {
    expect((await t.call('recycle/recover', { item_id: item.item_id, page_id: pageId }, { token: owner.token, url: showdoc('recycle/recover') })).data).toEqual([]);
  });
});
