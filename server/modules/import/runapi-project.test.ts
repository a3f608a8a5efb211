import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unescapeEntities } from '../../../common/html-entities.js';
import { parseRunApiDoc } from '../../../common/runapi/index.js';
import fixturePages from '../../../common/runapi/fixtures/team-site-runapi-pages.json' with { type: 'json' };
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { buildZip, importFile } from '../../test/import-helpers.js';
import { addPage, createItem } from '../../test/item-factories.js';
import { uploadTo } from '../../test/upload-helpers.js';
import { unzip } from '../../test/unzip.js';

/**
 * Issue 18 part 5: RunApi projects (item_type 3) come in from a ShowDoc export as RunApi projects, go
 * out to Word and markdown as API pages, come back from Folio's own export, and are found by search.
 */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

/** ShowDoc 3.9.2's export of the fixture's RunApi project: strings everywhere, bodies entity-escaped. */
const [goods, order] = fixturePages;
const showDocExport = {
  item_type: '3',
  item_name: '开放平台接口 RunApi Project',
  item_description: '',
  password: '',
  pages: {
    pages: [{ page_id: '153008524', page_title: goods?.page_title, cat_id: '0', page_content: goods?.page_content, s_number: '99', page_comments: '' }],
    catalogs: [
      {
        cat_id: '438410224',
        cat_name: '订单 Orders',
        parent_cat_id: '0',
        level: '2',
        s_number: '99',
        pages: [{ page_id: '153008525', page_title: order?.page_title, cat_id: '438410224', page_content: order?.page_content, s_number: '99', page_comments: '' }],
        catalogs: [],
      },
    ],
  },
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  stranger = await registerUser(t);
});
afterAll(() => t?.close());

async function importRunApiZip(user: TestUser | null, info: unknown = showDocExport, fields: Record<string, string | number> = {}) {
  const zip = await buildZip([
    { name: 'info.json', data: JSON.stringify(info) },
    { name: '获取商品列表.md', data: 'ignored: ShowDoc reads info.json' },
  ]);
  return importFile(t, user, { filename: 'showdoc.zip', data: zip }, fields);
}

async function pagesOf(itemId: number) {
  return t.database.db.selectFrom('page').select(['page_id', 'page_title', 'page_content', 'cat_id']).where('item_id', '=', itemId).where('is_del', '=', 0).orderBy('page_id').execute();
}

let imported = 0;
async function runApiProject(): Promise<number> {
  if (imported) return imported;
  const res = await importRunApiZip(owner);
  expect(res.error_code).toBe(0);
  imported = res.data?.item_id ?? 0;
  return imported;
}

describe('import of a ShowDoc export whose info.json says item_type 3', () => {
  it('makes a RunApi project whose pages are the RunApi JSON, unescaped', async () => {
    const itemId = await runApiProject();
    const item = await t.database.db.selectFrom('item').select(['item_type', 'item_name']).where('item_id', '=', itemId).executeTakeFirstOrThrow();
    expect(item).toEqual({ item_type: 3, item_name: '开放平台接口 RunApi Project' });
    const pages = await pagesOf(itemId);
    expect(pages.map((p) => p.page_title).sort()).toEqual(['创建订单', '获取商品列表']);
    for (const page of pages) {
      expect(page.page_content.startsWith('{"info": {"from": "runapi"')).toBe(true);
      expect(parseRunApiDoc(page.page_content)?.info.title).toBe(page.page_title);
    }
    expect(pages.find((p) => p.page_title === '获取商品列表')?.page_content).toBe(unescapeEntities(goods?.page_content ?? ''));
  });

  it('fills each API page’s ext_info with its method, as ShowDoc’s page/save does, and the menu carries it', async () => {
    const itemId = await runApiProject();
    const rows = await t.database.db.selectFrom('page').select(['page_title', 'page_content', 'ext_info']).where('item_id', '=', itemId).execute();
    for (const row of rows) {
      const method = parseRunApiDoc(row.page_content)?.info.method.toLowerCase();
      expect(JSON.parse(row.ext_info), row.page_title).toEqual({ page_type: 'api', api_info: { method } });
    }
    const info = (await t.call('item/info', { item_id: itemId }, { token: owner.token })).data as { menu: { pages: { page_title: string; ext_info: string }[]; catalogs: { pages: { page_title: string; ext_info: string }[] }[] } };
    const shown = [...info.menu.pages, ...info.menu.catalogs.flatMap((c) => c.pages)];
    expect(shown.length).toBeGreaterThan(0);
    for (const page of shown) expect(page.ext_info).toMatch(/"page_type":"api"/);
  });

  it('opens read-only on the web even for its owner (item/info drops edit and manage)', async () => {
    const itemId = await runApiProject();
    const info = await t.call('item/info', { item_id: itemId }, { token: owner.token });
    expect(info.data).toMatchObject({ item_type: 3, item_edit: false, item_manage: false });
  });

  it('refuses without login, into a project of someone else, and into a RunApi project', async () => {
    expect((await importRunApiZip(null)).error_code).toBe(10102);
    const theirs = await createItem(t, owner);
    // A stranger may not even visit it.
    expect((await importRunApiZip(stranger, showDocExport, { item_id: theirs.item_id })).error_code).toBe(10303);
    // Pages are imported into regular projects only; a RunApi project is written by its client.
    const res = await importRunApiZip(owner, showDocExport, { item_id: await runApiProject() });
    expect(res.error_code).toBe(10101);
  });

  it('refuses bad input: a broken info.json and a non-numeric item_id', async () => {
    const broken = await buildZip([{ name: 'info.json', data: '{"item_type":"3","pages":' }]);
    expect((await importFile(t, owner, { filename: 'x.zip', data: broken })).error_code).toBe(10101);
    const res = await importRunApiZip(owner, showDocExport, { item_id: 'abc' });
    expect(res.error_code).not.toBe(0);
  });

  it('keeps a hostile RunApi page as text, whatever it holds', async () => {
    const hostile = { ...showDocExport, item_name: '<img src=x onerror=alert(1)> 🚀', pages: { pages: [{ page_title: '坏 "page"', page_content: '{"info":{"url":"javascript:alert(1)","title":"<script>x</script>"},"request":{"query":{"0":{"name":"<b>q</b>"}}}}' }], catalogs: [] } };
    const res = await importRunApiZip(owner, hostile);
    expect(res.error_code).toBe(0);
    const [page] = await pagesOf(res.data?.item_id ?? 0);
    expect(parseRunApiDoc(page?.page_content ?? '')?.request.query[0]?.name).toBe('<b>q</b>');
  });
});

describe('export of a RunApi project', () => {
  it('gives Word an API page: method, URL and the parameter table, in the reader’s language', async () => {
    const itemId = await runApiProject();
    for (const [lang, heading, required] of [['zh-CN', '请求URL', '是'], ['en', 'Request URL', 'Yes']] as const) {
      const res = await t.call('export/word', { item_id: itemId }, { token: owner.token, method: 'GET', headers: { 'accept-language': lang } });
      expect(res.response.statusCode).toBe(200);
      const entries = await unzip(Buffer.from(res.response.rawPayload));
      const xml = entries.find((e) => e.name === 'word/document.xml')?.data.toString('utf8') ?? '';
      const text = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml').documentElement.textContent ?? '';
      expect(text).toContain(heading);
      expect(text).toContain('https://api.example.com/v1/goods');
      expect(text).toContain('GET');
      expect(text).toContain('POST');
      expect(text).toContain('关键词');
      expect(text).toContain(required);
      expect(text).toContain('商品ID');
      // Not the JSON itself.
      expect(text).not.toContain('"pathVariable"');
    }
  });

  it('writes readable markdown files and an info.json that imports back into the same RunApi project', async () => {
    const itemId = await runApiProject();
    const res = await t.call('export/markdown', { item_id: itemId }, { token: owner.token, headers: { 'accept-language': 'zh-CN' } });
    expect(res.response.statusCode).toBe(200);
    const zip = Buffer.from(res.response.rawPayload);
    const entries = await unzip(zip);
    const goodsFile = entries.find((e) => e.name === '获取商品列表.md')?.data.toString('utf8') ?? '';
    expect(goodsFile).toContain('##### 请求URL\n\n- `https://api.example.com/v1/goods`');
    expect(goodsFile).toContain('|keyword|手机|是|string|关键词|');
    const info = JSON.parse(entries.find((e) => e.name === 'info.json')?.data.toString('utf8') ?? '{}') as typeof showDocExport;
    expect(info.item_type).toBe('3');
    expect(parseRunApiDoc(info.pages.pages[0]?.page_content ?? '')).not.toBeNull();

    const back = await uploadTo(t, 'import/auto', { item_id: 0 }, { filename: 'showdoc.zip', data: zip, contentType: 'application/zip' }, owner.token);
    const newId = Number((back.body.data as { item_id: number }).item_id);
    const item = await t.database.db.selectFrom('item').select('item_type').where('item_id', '=', newId).executeTakeFirstOrThrow();
    expect(item.item_type).toBe(3);
    const strip = (rows: Awaited<ReturnType<typeof pagesOf>>) => rows.map((p) => [p.page_title, p.page_content]).sort();
    expect(strip(await pagesOf(newId))).toEqual(strip(await pagesOf(itemId)));
  });

  it('keeps a markdown page of a RunApi project as markdown', async () => {
    // item/add makes no RunApi projects (ShowDoc's RunApi client does); the type is set directly.
    const item = await createItem(t, owner);
    await t.database.db.updateTable('item').set({ item_type: 3 }).where('item_id', '=', item.item_id).execute();
    await addPage(t, item.item_id, { title: 'Notes', content: '# Plain notes' });
    const res = await t.call('export/markdown', { item_id: item.item_id }, { token: owner.token });
    const entries = await unzip(Buffer.from(res.response.rawPayload));
    expect(entries.find((e) => e.name === 'Notes.md')?.data.toString('utf8')).toBe('# Plain notes');
  });
});

describe('search in a RunApi project', () => {
  it('finds a page by its title, its URL and a parameter description, also in Chinese', async () => {
    const itemId = await runApiProject();
    for (const [keyword, title] of [['获取商品', '获取商品列表'], ['v1/order', '创建订单'], ['商品ID', '创建订单'], ['关键词', '获取商品列表'], ['Bearer', null]] as const) {
      const res = await t.call('item/search', { item_id: itemId, keyword }, { token: owner.token });
      expect(res.error_code).toBe(0);
      const titles = (res.data as { pages: { page_title: string }[] }).pages.map((p) => p.page_title);
      if (title) expect(titles, keyword).toContain(title);
      else expect(titles.sort()).toEqual(['创建订单', '获取商品列表']);
    }
    const menu = await t.call('item/info', { item_id: itemId, keyword: '0 表示成功' }, { token: owner.token });
    expect((menu.data as { menu: { pages: unknown[] } }).menu.pages).toHaveLength(2);
  });

  it('does not show a stranger the pages of a private RunApi project', async () => {
    const itemId = await runApiProject();
    await t.database.db.updateTable('item').set({ password: 'secret' }).where('item_id', '=', itemId).execute();
    try {
      const res = await t.call('item/search', { item_id: itemId, keyword: '商品' }, { token: stranger.token });
      expect(res.error_code).not.toBe(0);
    } finally {
      await t.database.db.updateTable('item').set({ password: '' }).where('item_id', '=', itemId).execute();
    }
  });
});
