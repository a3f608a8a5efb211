import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem, type TestItem } from '../../test/item-factories.js';

/**
 * The template answers on ShowDoc's URLs: rows' numbers as strings, the id just inserted and the share
 * count as numbers, and `template_content` as written — ShowDoc's lists answer it unescaped and its
 * editor inserts it as it comes.
 */
let t: TestApp;
let owner: TestUser;
let item: TestItem;
let templateId: number;

const showdoc = (path: string) => `/server/index.php?s=/api/${path}`;
const BODY = '# API\n<b>a & b</b> "q"';

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  item = await createItem(t, owner);
  const saved = await t.call('template/save', { template_title: 'Skeleton', template_content: BODY }, { token: owner.token, url: showdoc('template/save') });
  expect(saved.data).toEqual({ id: expect.any(Number) });
  templateId = (saved.data as { id: number }).id;
  await t.call('template/shareToItem', { template_id: templateId, item_id: String(item.item_id) }, { token: owner.token, url: showdoc('template/shareToItem') });
});
afterAll(() => t?.close());

describe('template answers on ShowDoc’s URLs', () => {
  it('template/getMyList: string ids, raw content, a numeric share count, no item_name in shares', async () => {
    const [mine] = (await t.call('template/getMyList', {}, { token: owner.token, url: showdoc('template/getMyList') })).data as Record<string, unknown>[];
    expect(mine).toMatchObject({ id: String(templateId), uid: String(owner.uid), template_content: BODY, share_item_count: 1, addtime: expect.stringMatching(/^\d{4}-/) });
    const [share] = mine?.share_item as Record<string, unknown>[];
    expect(share).toMatchObject({ template_id: String(templateId), item_id: String(item.item_id), uid: String(owner.uid), created_at: expect.stringMatching(/^\d{4}-/) });
    expect(share).not.toHaveProperty('item_name');

    const [folio] = (await t.call('template/getMyList', {}, { token: owner.token })).data as Record<string, unknown>[];
    expect(folio).toMatchObject({ id: templateId, template_content: BODY, share_item: [{ item_id: item.item_id, item_name: item.item_name }] });
  });

  it('template/getItemList and getShareItemList: the share rows, strings on ShowDoc’s URLs', async () => {
    const [shared] = (await t.call('template/getItemList', { item_id: item.item_id }, { token: owner.token, url: showdoc('template/getItemList') })).data as Record<string, unknown>[];
    expect(shared).toMatchObject({ id: String(templateId), template_id: String(templateId), item_id: String(item.item_id), template_content: BODY, created_at: expect.stringMatching(/^\d{4}-/) });
    const [row] = (await t.call('template/getShareItemList', { template_id: templateId }, { token: owner.token, url: showdoc('template/getShareItemList') })).data as Record<string, unknown>[];
    expect(row).toMatchObject({ id: expect.any(String), template_id: String(templateId), item_id: String(item.item_id), username: owner.username });
    const [folio] = (await t.call('template/getShareItemList', { template_id: templateId }, { token: owner.token })).data as Record<string, unknown>[];
    expect(folio).toMatchObject({ id: expect.any(Number), template_id: templateId, item_id: item.item_id });
  });
});
