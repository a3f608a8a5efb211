import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';

/**
 * The mock answers on ShowDoc's URLs: the row's numbers as strings and the template HTML-escaped, as
 * ShowDoc keeps it and its editor unescapes it once; Folio's URL answers the template as written.
 */
let t: TestApp;
let owner: TestUser;
let pageId: number;
let itemId: number;

const showdoc = (path: string) => `/server/index.php?s=/api/${path}`;
const TEMPLATE = '{"name":"<b>R&D</b>","n|1-9":1}';

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  itemId = (await createItem(t, owner)).item_id;
  pageId = (await createPage(t, owner, itemId)).page_id;
});
afterAll(() => t?.close());

describe('mock answers on ShowDoc’s URLs', () => {
  it('mock/add answers the page id as a number; mock/infoByPageId the row with string ids and the escaped template', async () => {
    const added = await t.call('mock/add', { page_id: pageId, template: TEMPLATE, path: 'users' }, { token: owner.token, url: showdoc('mock/add') });
    expect(added.data).toEqual({ page_id: pageId, path: '/users', unique_key: expect.stringMatching(/^[0-9a-f]{32}$/) });

    const showdocRow = (await t.call('mock/infoByPageId', { page_id: pageId }, { token: owner.token, url: showdoc('mock/infoByPageId') })).data;
    expect(showdocRow).toMatchObject({
      id: expect.any(String),
      uid: String(owner.uid),
      page_id: String(pageId),
      item_id: String(itemId),
      view_times: '0',
      template: '{&quot;name&quot;:&quot;&lt;b&gt;R&amp;D&lt;/b&gt;&quot;,&quot;n|1-9&quot;:1}',
      path: '/users',
      addtime: expect.stringMatching(/^\d{4}-/),
    });
    const folioRow = (await t.call('mock/infoByPageId', { page_id: pageId }, { token: owner.token })).data;
    expect(folioRow).toMatchObject({ id: expect.any(Number), page_id: pageId, template: TEMPLATE });
  });

  it('mock/infoByPageId answers [] for a page without a mock', async () => {
    const bare = (await createPage(t, owner, itemId)).page_id;
    expect((await t.call('mock/infoByPageId', { page_id: bare }, { token: owner.token, url: showdoc('mock/infoByPageId') })).data).toEqual([]);
  });
});
