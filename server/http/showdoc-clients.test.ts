import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unescapeEntities } from '../../common/html-entities.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { createItem } from '../test/item-factories.js';

/**
 * What a ShowDoc client does to data when it talks to Folio on ShowDoc's URLs: it decodes page text
 * once, echoes settings back, sends empty numbers and compares roles to strings. None of it may change
 * or lose anything (issue "ShowDoc clients work unchanged").
 */
const SHOWDOC = (action: string) => ({ url: `/server/index.php?s=/api/${action}` });

let t: TestApp;
let owner: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  colleague = await registerUser(t);
});
afterAll(() => t?.close());

async function showdoc(action: string, params: Record<string, unknown>, user: TestUser = owner) {
  return t.call(action, params, { token: user.token, ...SHOWDOC(action) });
}

describe('a ShowDoc client keeps data as typed', () => {
  it('page text with entities survives page/info → decode → page/save unchanged, however often', async () => {
    const typed = `&amp; &lt;b&gt; "quotes" 'single' <b>bold</b> & a < b`;
    const item = await createItem(t, owner);
    const created = await showdoc('page/save', { item_id: item.item_id, page_id: '', cat_id: '', page_title: 'Entities', page_content: typed });
    expect(created.error_code).toBe(0);
    const pageId = (created.data as { page_id: number }).page_id;

    for (let round = 0; round < 3; round++) {
      const info = await showdoc('page/info', { page_id: pageId });
      const sent = (info.data as { page_content: string }).page_content;
      // What ShowDoc stores and sends: escaped once.
      expect(sent).toBe('&amp;amp; &amp;lt;b&amp;gt; &quot;quotes&quot; &#039;single&#039; &lt;b&gt;bold&lt;/b&gt; &amp; a &lt; b');
      const saved = await showdoc('page/save', { item_id: item.item_id, page_id: String(pageId), cat_id: '0', page_title: 'Entities', page_content: unescapeEntities(sent) });
      expect(saved.error_code).toBe(0);
    }
    const mine = await t.call('page/info', { page_id: pageId }, { token: owner.token });
    expect((mine.data as { page_content: string }).page_content).toBe(typed);
  });

  it('a private project stays private when item/detail is sent back through item/update', async () => {
    const item = await createItem(t, owner, { password: 'visit-secret' });
    const detail = await showdoc('item/detail', { item_id: item.item_id });
    const fields = detail.data as Record<string, unknown>;
    expect(fields.password).not.toBe('');
    const update = await showdoc('item/update', {
      item_id: fields.item_id,
      item_name: 'Renamed by a ShowDoc client',
      item_description: fields.item_description,
      item_domain: fields.item_domain,
      password: fields.password,
    });
    expect(update.error_code).toBe(0);
    const after = await t.call('item/detail', { item_id: item.item_id }, { token: owner.token });
    expect(after.data).toMatchObject({ item_name: 'Renamed by a ShowDoc client', is_private: 1 });
    // The visit password is still the old one.
    const guest = await t.call('item/info', { item_id: item.item_id, _item_pwd: 'visit-secret' }, { method: 'GET' });
    expect(guest.error_code).toBe(0);
  });

  it('only an explicit empty password makes a private project public', async () => {
    const item = await createItem(t, owner, { password: 'visit-secret' });
    expect((await showdoc('item/update', { item_id: item.item_id, password: '' })).error_code).toBe(0);
    const after = await t.call('item/detail', { item_id: item.item_id }, { token: owner.token });
    expect(after.data).toMatchObject({ password: '', is_private: 0 });
  });

  it('the placeholder sent for a public project is a new password, not "unchanged"', async () => {
    const item = await createItem(t, owner);
    expect((await showdoc('item/update', { item_id: item.item_id, password: '********' })).error_code).toBe(0);
    const after = await t.call('item/detail', { item_id: item.item_id }, { token: owner.token });
    expect(after.data).toMatchObject({ is_private: 1 });
  });

  it('page/save with an empty page_id creates a page', async () => {
    const item = await createItem(t, owner);
    const created = await showdoc('page/save', { item_id: item.item_id, page_id: '', cat_id: '', s_number: '', page_title: 'New', page_content: 'x' });
    expect(created.error_code).toBe(0);
    expect(typeof (created.data as { page_id: unknown }).page_id).toBe('number');
  });
});

describe('types: strings where ShowDoc sends strings, numbers on Folio’s URLs', () => {
  it("member roles read '1' on ShowDoc's URLs and 1 on Folio's", async () => {
    const item = await createItem(t, owner);
    expect((await t.call('member/save', { item_id: item.item_id, username: colleague.username, member_group_id: 1 }, { token: owner.token })).error_code).toBe(0);
    const showdocList = await showdoc('member/getList', { item_id: item.item_id });
    const folioList = await t.call('member/getList', { item_id: item.item_id }, { token: owner.token });
    expect((showdocList.data as Array<{ member_group_id: unknown }>)[0]?.member_group_id).toBe('1');
    expect((folioList.data as Array<{ member_group_id: unknown }>)[0]?.member_group_id).toBe(1);
  });

  it('item_type and ids are strings in item/myList on ShowDoc’s URLs, flags stay numbers', async () => {
    await createItem(t, owner);
    const list = (await showdoc('item/myList', {})).data as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({ item_id: expect.any(String), item_type: '1', creator: 1, manage: 1 });
    expect(list[0]).not.toHaveProperty('is_archived');
    const mine = (await t.call('item/myList', {}, { token: owner.token })).data as Array<Record<string, unknown>>;
    expect(mine[0]).toMatchObject({ item_id: expect.any(Number), item_type: 1, is_archived: 0 });
  });

  it('the same page is escaped on ShowDoc’s URLs and raw on Folio’s; Folio’s version stays on Folio’s', async () => {
    const item = await createItem(t, owner);
    const created = await t.call('page/save', { item_id: item.item_id, page_id: 0, page_title: 'T', page_content: '<x>' }, { token: owner.token });
    const pageId = (created.data as { page_id: number }).page_id;
    const viaShowDoc = (await showdoc('page/info', { page_id: pageId })).data as Record<string, unknown>;
    const viaFolio = (await t.call('page/info', { page_id: pageId }, { token: owner.token })).data as Record<string, unknown>;
    expect(viaShowDoc).toMatchObject({ page_content: '&lt;x&gt;', page_id: String(pageId) });
    expect(viaShowDoc).not.toHaveProperty('version');
    expect(viaFolio).toMatchObject({ page_content: '<x>', page_id: pageId, version: expect.any(Number) });
  });

  it('the /server/api/ and /index.php?s= forms speak ShowDoc too', async () => {
    const item = await createItem(t, owner);
    for (const url of [`/server/api/item/detail`, `/index.php?s=/api/item/detail`, `/server/?s=api/item/detail`]) {
      const res = await t.call('item/detail', { item_id: item.item_id }, { token: owner.token, url });
      expect((res.data as { item_id: unknown }).item_id, url).toBe(String(item.item_id));
    }
  });
});

describe('item/info of a project that is not there', () => {
  it('answers 10303 to strangers and administrators alike, 10101 to its former owner', async () => {
    const item = await createItem(t, colleague);
    expect((await t.call('item/delete', { item_id: item.item_id, password: colleague.password }, { token: colleague.token })).error_code).toBe(0);
    expect((await t.call('item/info', { item_id: item.item_id }, { token: owner.token })).error_code).toBe(10303);
    expect((await t.call('item/info', { item_id: item.item_id })).error_code).toBe(10303);
    expect((await t.call('item/info', { item_id: 987654321 }, { token: owner.token })).error_code).toBe(10303);
    expect((await t.call('item/info', { item_id: item.item_id }, { token: colleague.token })).error_code).toBe(10101);
    expect((await t.call('item/info', { item_id: 'no-such-domain' }, { token: colleague.token })).error_code).toBe(10101);
  });
});
