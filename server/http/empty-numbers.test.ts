import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { addCatalog, createItem, type TestItem } from '../test/item-factories.js';
import { createPage, pageRow } from '../test/page-factories.js';
import { livePages, openCall, openProject } from '../test/open-helpers.js';

/**
 * ShowDoc reads every id and number with PHP's `I('x/d')`, so a blank one (`page_id=`) is 0: its
 * editor creates every new page that way, and scripts send unset shell variables so. Folio reads a
 * blank number as 0, or as not given where the field has a default; text that is not a number is
 * still refused (reference §2.2, ARCHITECTURE "The wire format").
 */

let t: TestApp;
let owner: TestUser;
let item: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  await registerUser(t, { username: 'site_admin' });
  owner = await registerUser(t);
  item = await createItem(t, owner);
});
afterAll(() => t?.close());

/** Every URL form a ShowDoc client may use for one action. */
const urlForms = (path: string) => [`/api/${path}`, `/server/index.php?s=/api/${path}`, `/server/api/${path}`];

/** A `multipart/form-data` body of plain fields, as ShowDoc's browser app sends with an upload. */
function multipart(fields: Record<string, string>): { payload: string; contentType: string } {
  const boundary = '----folio-empty-numbers';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The new page's id from page/save's answer (a number on Folio's URLs, maybe text on ShowDoc's). */
function createdPageId(res: { error_code: number; error_message?: string; data?: unknown }): number {
  expect(res.error_code, res.error_message).toBe(0);
  return Number((res.data as { page_id: number | string }).page_id);
}

describe('page/save with page_id= (ShowDoc’s editor creating a page)', () => {
  it('creates a page on every URL form', async () => {
    for (const url of urlForms('page/save')) {
      const res = await t.call('page/save', { page_id: '', item_id: item.item_id, cat_id: '', s_number: '', page_title: url, page_content: 'new' }, { token: owner.token, url });
      const pageId = createdPageId(res);
      expect(await pageRow(t, pageId), url).toMatchObject({ item_id: item.item_id, cat_id: 0, page_title: url, is_del: 0 });
    }
  });

  it('reads blanks of only spaces the same way', async () => {
    const res = await t.call('page/save', { page_id: '  ', item_id: item.item_id, cat_id: ' ', page_title: 'spaces', page_content: 'x' }, { token: owner.token });
    expect(await pageRow(t, createdPageId(res))).toMatchObject({ cat_id: 0, page_title: 'spaces' });
  });

  it('creates a page from a JSON body with "page_id": "" and "cat_id": ""', async () => {
    const res = await t.call('page/save', { page_id: '', item_id: item.item_id, cat_id: '', page_title: 'json', page_content: 'x' }, { token: owner.token, json: true });
    expect(await pageRow(t, createdPageId(res))).toMatchObject({ cat_id: 0, page_title: 'json' });
  });

  it('creates a page from a multipart body and from a query string', async () => {
    const body = multipart({ page_id: '', item_id: String(item.item_id), cat_id: '', page_title: 'multipart', page_content: 'x', user_token: owner.token });
    const sent = await t.app.inject({ method: 'POST', url: '/server/index.php?s=/api/page/save', headers: { 'content-type': body.contentType }, payload: body.payload });
    expect(await pageRow(t, createdPageId(sent.json()))).toMatchObject({ cat_id: 0, page_title: 'multipart' });

    // A write is POST only (issue 22); its arguments may still come in the query string.
    const qs = new URLSearchParams({ page_id: '', item_id: String(item.item_id), cat_id: '', page_title: 'query', page_content: 'x' });
    const query = await t.call('page/save', {}, { token: owner.token, url: `/api/page/save?${qs}` });
    expect(await pageRow(t, createdPageId(query))).toMatchObject({ cat_id: 0, page_title: 'query' });
  });

  it('leaves the draft state and the order alone when is_draft= and s_number= are blank', async () => {
    const page = await createPage(t, owner, item.item_id, { title: 'kept' });
    await t.database.db.updateTable('page').set({ s_number: 7 }).where('page_id', '=', page.page_id).execute();
    const res = await t.call('page/save', { page_id: page.page_id, item_id: item.item_id, cat_id: '', page_title: 'kept', page_content: 'v2', is_draft: '', s_number: '', version: '' }, { token: owner.token });
    expect(res.error_code, res.error_message).toBe(0);
    expect(await pageRow(t, page.page_id)).toMatchObject({ page_content: 'v2', is_draft: 0, s_number: 7 });
  });

  it('still refuses text that is not a number', async () => {
    for (const page_id of ['abc', '1.5', '1e3', '[]']) {
      for (const url of urlForms('page/save')) {
        const res = await t.call('page/save', { page_id, item_id: item.item_id, page_title: 'bad', page_content: 'x' }, { token: owner.token, url });
        expect(res.error_code, `${url} page_id=${page_id}`).toBe(10100);
      }
    }
    for (const page_id of [[], {}, 1.5, 'abc']) {
      const res = await t.call('page/save', { page_id, item_id: item.item_id, page_title: 'bad', page_content: 'x' }, { token: owner.token, json: true });
      expect(res.error_code, `JSON page_id ${JSON.stringify(page_id)}`).toBe(10100);
    }
    const before = await livePages(t, item.item_id);
    expect(before.some((p) => p.page_title === 'bad')).toBe(false);
  });

  it('refuses a blank id that must be given, as a missing one', async () => {
    for (const url of urlForms('page/save')) {
      const res = await t.call('page/save', { page_id: '', item_id: '', page_title: 'no project', page_content: 'x' }, { token: owner.token, url });
      expect(res.error_code, url).toBe(10100);
      expect(res.error_message).toContain('item_id');
    }
    const info = await t.call('page/info', { page_id: '' }, { token: owner.token });
    expect(info.error_code).toBe(10100);
    expect(info.error_message).toContain('page_id');
  });
});

describe('catalog/save with parent_cat_id= and s_number=', () => {
  it('creates a top-level catalog with the default order', async () => {
    for (const url of urlForms('catalog/save')) {
      const res = await t.call('catalog/save', { cat_id: '', item_id: item.item_id, cat_name: `top ${url}`, parent_cat_id: '', s_number: '' }, { token: owner.token, url });
      expect(res.error_code, res.error_message).toBe(0);
      const row = await t.database.db.selectFrom('catalog').selectAll().where('cat_id', '=', Number(res.data)).executeTakeFirstOrThrow();
      expect(row, url).toMatchObject({ item_id: item.item_id, parent_cat_id: 0, level: 2, s_number: 99 });
    }
  });

  it('renames a catalog in place when parent_cat_id= and s_number= are blank', async () => {
    const parent = await addCatalog(t, item.item_id, 'parent');
    const child = await addCatalog(t, item.item_id, 'child', parent);
    const res = await t.call('catalog/save', { cat_id: child.cat_id, item_id: item.item_id, cat_name: 'renamed', parent_cat_id: '', s_number: '' }, { token: owner.token, json: true });
    expect(res.error_code, res.error_message).toBe(0);
    const row = await t.database.db.selectFrom('catalog').selectAll().where('cat_id', '=', child.cat_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cat_name: 'renamed', parent_cat_id: parent.cat_id, level: 3 });
  });
});

describe('item/myList and item/info', () => {
  it('lists every project for item_group_id=', async () => {
    for (const url of urlForms('item/myList')) {
      const res = await t.call('item/myList', { item_group_id: '', original: '' }, { token: owner.token, url });
      expect(res.error_code, res.error_message).toBe(0);
      expect((res.data as { item_id: number | string }[]).map((row) => Number(row.item_id)), url).toContain(item.item_id);
    }
  });

  it('opens the project for default_page_id= and page_id=', async () => {
    for (const url of urlForms('item/info')) {
      const res = await t.call('item/info', { item_id: item.item_id, default_page_id: '', page_id: '' }, { token: owner.token, url });
      expect(res.error_code, res.error_message).toBe(0);
      expect(Number((res.data as { item_id: number | string }).item_id), url).toBe(item.item_id);
    }
  });
});

describe('open API with s_number= (a script with an unset variable)', () => {
  it('item/updateByApi creates the page with the default order on every URL form', async () => {
    const project = await openProject(t);
    for (const url of urlForms('item/updateByApi')) {
      const res = await openCall(t, 'item/updateByApi', project.key, { cat_name: 'api', page_title: url, page_content: 'by script', s_number: '' }, { url });
      expect(res.error_code, res.error_message).toBe(0);
    }
    const pages = await livePages(t, project.item.item_id);
    expect(pages.map((p) => [p.page_title, p.s_number])).toEqual(urlForms('item/updateByApi').map((url) => [url, 99]));
  });

  it('open/createCatalog makes a top-level catalog for parent_cat_id= and s_number=', async () => {
    const project = await openProject(t);
    const res = await openCall(t, 'open/createCatalog', project.key, { cat_name: 'scripted', parent_cat_id: '', s_number: '' });
    expect(res.error_code, res.error_message).toBe(0);
    const row = await t.database.db.selectFrom('catalog').selectAll().where('item_id', '=', project.item.item_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cat_name: 'scripted', parent_cat_id: 0, s_number: 99 });
  });

  it('open/deletePage refuses page_id= as missing', async () => {
    const project = await openProject(t);
    const res = await openCall(t, 'open/deletePage', project.key, { page_id: '' });
    expect(res.error_code).toBe(10100);
  });
});

describe('lists with page= and count= blank', () => {
  it('answers the first page of the usual size', async () => {
    const log = await t.call('item/getChangeLog', { item_id: item.item_id, page: '', count: '' }, { token: owner.token });
    expect(log.error_code, log.error_message).toBe(0);
    const files = await t.call('attachment/getMyList', { page: '', count: '', attachment_type: '' }, { token: owner.token });
    expect(files.error_code, files.error_message).toBe(0);
    const reminders = await t.call('message/getRemindList', { page: ' ', count: ' ' }, { token: owner.token });
    expect(reminders.error_code, reminders.error_message).toBe(0);
  });
});
