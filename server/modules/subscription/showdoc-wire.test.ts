import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';

/** subscription/getPageList on ShowDoc's URLs: the `subscription` rows, their numbers as strings. */
let t: TestApp;
let owner: TestUser;
let follower: TestUser;
let pageId: number;

const showdoc = (path: string) => `/server/index.php?s=/api/${path}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  follower = await registerUser(t);
  const item = await createItem(t, owner);
  await addMember(t, item.item_id, follower, 0);
  pageId = (await createPage(t, owner, item.item_id)).page_id;
  const saved = await t.call('subscription/savePage', { page_id: pageId, uids: String(follower.uid) }, { token: owner.token, url: showdoc('subscription/savePage') });
  expect(saved.data).toEqual([]);
});
afterAll(() => t?.close());

describe('subscription answers on ShowDoc’s URLs', () => {
  it('subscription/getPageList: string ids, the person’s names, a formatted sub_time', async () => {
    const rows = (await t.call('subscription/getPageList', { page_id: pageId }, { token: owner.token, url: showdoc('subscription/getPageList') })).data as Record<string, unknown>[];
    expect(rows).toContainEqual({
      id: expect.any(String),
      uid: String(follower.uid),
      object_id: String(pageId),
      object_type: 'page',
      action_type: 'update',
      sub_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      username: follower.username,
      name: expect.any(String),
    });
    const folio = (await t.call('subscription/getPageList', { page_id: pageId }, { token: owner.token })).data as Record<string, unknown>[];
    expect(folio).toContainEqual(expect.objectContaining({ id: expect.any(Number), uid: follower.uid, object_id: pageId }));
  });
});
