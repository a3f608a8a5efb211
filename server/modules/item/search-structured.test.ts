import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyRunApiDoc } from '../../../common/runapi/doc.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { createItem, type TestItem } from '../../test/item-factories.js';
import { serviceCtx } from '../../test/service-context.js';
import { KANBAN, KANBAN_BOARD_TITLE } from '../board/board-types.js';
import { requireVisit } from './access.js';
import { searchItemPages } from './search.js';

let t: TestApp;
let owner: TestUser;
let runapi: TestItem;
let kanban: TestItem;
let regular: TestItem;

function apiPage(title: string, method: string, url: string, remark: string): string {
  const doc = emptyRunApiDoc({ title, method, url, description: `${title} 的说明` });
  doc.request.query = [{ name: 'page', type: 'int', value: '1', require: '1', remark }];
  doc.response.responseExample = '{"code":0}';
  return JSON.stringify(doc);
}

async function save(item: TestItem, title: string, content: string, extra: Record<string, unknown> = {}) {
  const res = await t.call('page/save', { item_id: item.item_id, page_title: title, page_content: content, ...extra }, { token: owner.token });
  expect(res.error_code).toBe(0);
  return (res.data as { page_id: number }).page_id;
}

type Hit = { page_id: number; page_title: string; search_content: string };
const search = async (item: TestItem, keyword: string) => ((await t.call('item/search', { item_id: item.item_id, keyword }, { token: owner.token })).data as { pages: Hit[] }).pages;
const menuSearch = async (item: TestItem, keyword: string) => ((await t.call('item/info', { item_id: item.item_id, keyword }, { token: owner.token })).data as { menu: { pages: Hit[] } }).menu.pages;
const siteSearch = async (keyword: string) => ((await t.call('item/search', { keyword }, { token: owner.token })).data as { pages: (Hit & { item_id: number })[] }).pages;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  // item/add makes no RunApi project (RunApi's client and imports do): set the type as they leave it.
  runapi = await createItem(t, owner);
  await t.database.db.updateTable('item').set({ item_type: 3 }).where('item_id', '=', runapi.item_id).execute();
  regular = await createItem(t, owner);
  kanban = await createItem(t, owner);
  await save(runapi, '获取订单列表', apiPage('获取订单列表', 'post', 'https://api.example.com/orders', '页码 pageNumber'));
  await save(runapi, 'Users', apiPage('Users', 'get', 'https://api.example.com/users', 'which page'));
  await save(regular, 'Plain', 'This page explains the method and its params.');
  for (let i = 0; i < 6; i++) await save(runapi, `Bulk ${i}`, apiPage(`Bulk ${i}`, 'get', `https://api.example.com/bulk/${i}`, 'nothing'));
  await t.database.db.updateTable('item').set({ item_type: KANBAN }).where('item_id', '=', kanban.item_id).execute();
  await t.database.db.insertInto('page').values({ item_id: kanban.item_id, page_title: KANBAN_BOARD_TITLE, page_content: '{"lists":[{"id":"l1","title":"Doing"}]}', author_uid: owner.uid }).execute();
  await t.database.db.insertInto('page').values({ item_id: kanban.item_id, page_title: 'Write the docs', page_content: '{"list_id":"l1","description":"lists and docs"}', author_uid: owner.uid }).execute();
});

afterAll(async () => {
  await t.close();
});

describe('search in RunApi projects reads the API page a person sees', () => {
  it('JSON keys and section labels find no API page', async () => {
    for (const keyword of ['params', 'method', 'request', 'responseExample', 'apiStatus', 'Description', 'pathVariable']) {
      expect(await search(runapi, keyword), keyword).toEqual([]);
      expect(await menuSearch(runapi, keyword), keyword).toEqual([]);
    }
  });

  it('finds what the page says: URL, method, parameter notes, title; Chinese included', async () => {
    expect((await search(runapi, 'api.example.com/orders')).map((h) => h.page_title)).toEqual(['获取订单列表']);
    expect((await search(runapi, 'POST')).map((h) => h.page_title)).toEqual(['获取订单列表']);
    expect((await search(runapi, '页码')).map((h) => h.page_title)).toEqual(['获取订单列表']);
    expect((await menuSearch(runapi, 'pageNumber')).map((h) => h.page_title)).toEqual(['获取订单列表']);
    expect((await search(runapi, 'Users')).map((h) => h.page_title)).toEqual(['Users']);
  });

  it('cuts the snippet from the API page, not from its JSON', async () => {
    const [hit] = await search(runapi, 'pageNumber');
    expect(hit?.search_content).toContain('页码 pageNumber');
    expect(hit?.search_content).not.toMatch(/"remark"|&quot;|\{"info"/);
  });

  it('keeps regular projects matching their text as before', async () => {
    expect((await search(regular, 'method')).map((h) => h.page_title)).toEqual(['Plain']);
    const everywhere = await siteSearch('method');
    expect(everywhere.map((h) => h.page_title)).toEqual(['Plain']);
  });

  it('reads further candidates when the first ones are dropped, within a bound', async () => {
    // "fo" is in every API page's JSON ("info", "formdata") and in none as read. Two-letter keywords scan,
    // newest first: the six newer API pages come before the plain pages that do say it.
    const ctx = serviceCtx(t, { uid: owner.uid, username: owner.username });
    const access = await requireVisit(ctx, runapi.item_id);
    await save(runapi, 'About 1', 'fo notes');
    await save(runapi, 'About 2', 'more fo notes');
    t.clock.advance(10);
    for (let i = 0; i < 6; i++) await save(runapi, `Later ${i}`, apiPage(`Later ${i}`, 'get', 'https://x', 'x'));
    const hits = await searchItemPages(ctx, access, 'fo', 2);
    expect(hits.map((h) => h.page_title).sort()).toEqual(['About 1', 'About 2']);
    // Four rounds of one candidate each read only dropped pages: the search stops there.
    expect(await searchItemPages(ctx, access, 'fo', 1)).toEqual([]);
  });
});

describe('a kanban board page is the board, not a page', () => {
  it('is not in the menu, search or the site search; its cards are', async () => {
    const info = (await t.call('item/info', { item_id: kanban.item_id }, { token: owner.token })).data as { menu: { pages: { page_title: string }[] } };
    expect(info.menu.pages.map((p) => p.page_title)).toEqual(['Write the docs']);
    expect((await search(kanban, 'lists')).map((h) => h.page_title)).toEqual(['Write the docs']);
    expect((await menuSearch(kanban, 'Doing')).map((h) => h.page_title)).toEqual([]);
    expect((await siteSearch('kanban_board')).map((h) => h.page_title)).toEqual([]);
  });

  it('a page of a regular project with that title stays a page', async () => {
    await save(regular, KANBAN_BOARD_TITLE, 'just a page');
    expect((await search(regular, 'just a page')).map((h) => h.page_title)).toEqual([KANBAN_BOARD_TITLE]);
  });
});

describe('ext_info of RunApi pages', () => {
  it('page/save fills it from the JSON, and the menu carries it', async () => {
    const pageId = await save(runapi, 'Delete user', apiPage('Delete user', 'DELETE', 'https://api.example.com/users/1', 'x'));
    const row = await t.database.db.selectFrom('page').select('ext_info').where('page_id', '=', pageId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.ext_info)).toEqual({ page_type: 'api', api_info: { method: 'delete' } });
    const info = (await t.call('item/info', { item_id: runapi.item_id }, { token: owner.token })).data as { menu: { pages: { page_id: number; ext_info: string }[] } };
    expect(info.menu.pages.find((p) => p.page_id === pageId)?.ext_info).toBe(row.ext_info);
  });

  it('keeps what the client sends, and leaves markdown pages and other projects empty', async () => {
    const sent = '{"page_type":"websocket"}';
    const kept = await save(runapi, 'Socket', apiPage('Socket', 'get', 'wss://x', 'x'), { ext_info: sent });
    const markdown = await save(runapi, 'Notes', '# Just notes');
    const other = await save(regular, 'Looks like API', apiPage('x', 'post', 'https://x', 'x'));
    const rows = await t.database.db.selectFrom('page').select(['page_id', 'ext_info']).where('page_id', 'in', [kept, markdown, other]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.page_id, r.ext_info]))).toEqual({ [kept]: sent, [markdown]: '', [other]: '' });
  });

  it('an update without ext_info fills it from the new method', async () => {
    const pageId = await save(runapi, 'Changing', apiPage('Changing', 'get', 'https://x', 'x'));
    await save(runapi, 'Changing', apiPage('Changing', 'put', 'https://x', 'x'), { page_id: pageId });
    const row = await t.database.db.selectFrom('page').select('ext_info').where('page_id', '=', pageId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.ext_info)).toMatchObject({ api_info: { method: 'put' } });
  });
});
