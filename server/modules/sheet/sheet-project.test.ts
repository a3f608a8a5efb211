import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUARTERLY_SALES } from '../../../common/spreadsheet/fixture.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addMember, createItem, type TestItem } from '../../test/item-factories.js';
import { lockPage } from '../../test/page-factories.js';
import { uploadTo } from '../../test/upload-helpers.js';
import { unzip } from '../../test/unzip.js';

/**
 * A spreadsheet project is one page of x-spreadsheet JSON: saved and read through page/save and
 * page/info with the page rules, found by search, exported, imported and copied as that JSON.
 */

let t: TestApp;
let owner: TestUser, editor: TestUser, reader: TestUser, stranger: TestUser;
let sheet: TestItem, privateSheet: TestItem;

async function sheetPage(itemId: number) {
  return t.database.db.selectFrom('page').selectAll().where('item_id', '=', itemId).where('is_del', '=', 0).executeTakeFirstOrThrow();
}

async function save(user: TestUser | undefined, item: TestItem, content: string, extra: Record<string, unknown> = {}) {
  const page = await sheetPage(item.item_id);
  return t.call('page/save', { item_id: item.item_id, page_id: page.page_id, page_title: item.item_name, page_content: content, ...extra }, user ? { token: user.token } : {});
}

const edited = QUARTERLY_SALES.replace('华东 East', '华东 East（已更新）');

beforeAll(async () => {
  t = await startTestApp();
  [owner, editor, reader, stranger] = [await registerUser(t), await registerUser(t), await registerUser(t), await registerUser(t)];
  sheet = await createItem(t, owner, { item_type: 4, item_name: '季度销售表' });
  privateSheet = await createItem(t, owner, { item_type: 4, password: 'secret' });
  await addMember(t, sheet.item_id, editor, 1);
  await addMember(t, sheet.item_id, reader, 0);
  await addMember(t, privateSheet.item_id, reader, 0);
});
afterAll(() => t.close());

describe('saving and reading a sheet', () => {
  it('item/add with item_type 4 makes one empty page titled as the project', async () => {
    const pages = await t.database.db.selectFrom('page').select(['page_title', 'page_content', 'cat_id']).where('item_id', '=', sheet.item_id).execute();
    expect(pages).toEqual([{ page_title: '季度销售表', page_content: '', cat_id: 0 }]);
  });

  it('an editor saves the JSON and page/info gives it back unchanged', async () => {
    const res = await save(editor, sheet, QUARTERLY_SALES);
    expect(res.error_code).toBe(0);
    const page = await sheetPage(sheet.item_id);
    const info = await t.call('page/info', { page_id: page.page_id }, { token: reader.token });
    expect((info.data as { page_content: string }).page_content).toBe(QUARTERLY_SALES);
  });

  it('a visitor reads a public sheet; a stranger cannot read a private one', async () => {
    const page = await sheetPage(sheet.item_id);
    expect(((await t.call('page/info', { page_id: page.page_id })).data as { page_content: string }).page_content).toBe(QUARTERLY_SALES);
    await save(owner, privateSheet, QUARTERLY_SALES);
    const hidden = await sheetPage(privateSheet.item_id);
    expect((await t.call('page/info', { page_id: hidden.page_id }, { token: stranger.token })).error_code).toBe(10307);
    expect((await t.call('page/info', { page_id: hidden.page_id })).error_code).toBe(10307);
    expect((await t.call('page/info', { page_id: hidden.page_id }, { token: reader.token })).error_code).toBe(0);
  });

  it('read-only members, strangers and guests cannot save', async () => {
    expect((await save(reader, sheet, edited)).error_code).toBe(10303);
    expect((await save(stranger, sheet, edited)).error_code).toBe(10303);
    expect((await save(stranger, privateSheet, edited)).error_code).toBe(10307);
    expect((await save(undefined, sheet, edited)).error_code).toBe(10102);
    expect((await sheetPage(sheet.item_id)).page_content).toBe(QUARTERLY_SALES);
  });

  it('a lock held by someone else refuses the save, naming the holder', async () => {
    const page = await sheetPage(sheet.item_id);
    await lockPage(t, page.page_id, editor, 180);
    const res = await save(owner, sheet, edited);
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toContain(editor.username);
    expect((await save(editor, sheet, edited)).error_code).toBe(0);
    await t.database.db.deleteFrom('page_lock').where('page_id', '=', page.page_id).execute();
  });

  it('a save based on an old version is refused instead of overwriting', async () => {
    const page = await sheetPage(sheet.item_id);
    expect((await save(owner, sheet, QUARTERLY_SALES, { version: page.version })).error_code).toBe(0);
    const stale = await save(editor, sheet, edited, { version: page.version });
    expect(stale.error_code).toBe(10101);
    expect((await sheetPage(sheet.item_id)).page_content).toBe(QUARTERLY_SALES);
  });
});

describe('search', () => {
  it('finds a cell text, Chinese included', async () => {
    for (const keyword of ['单位：万元', '0755-5555', '李娜']) {
      const res = await t.call('item/search', { item_id: sheet.item_id, keyword }, { token: reader.token });
      expect((res.data as { pages: unknown[] }).pages, keyword).toHaveLength(1);
    }
  });

  it('reads the cells, not the stored JSON: its keys ("cells", "style", "merges", "text") find no sheet', async () => {
    for (const keyword of ['cells', 'style', 'merges', 'text', 'rows']) {
      const res = await t.call('item/search', { item_id: sheet.item_id, keyword }, { token: reader.token });
      expect((res.data as { pages: unknown[] }).pages, keyword).toHaveLength(0);
      const menu = await t.call('item/info', { item_id: sheet.item_id, keyword }, { token: reader.token });
      expect((menu.data as { menu: { pages: unknown[] } }).menu.pages, keyword).toHaveLength(0);
    }
  });

  it('cuts the snippet from the cells as a person reads them', async () => {
    const res = await t.call('item/search', { item_id: sheet.item_id, keyword: '李娜' }, { token: reader.token });
    const [hit] = (res.data as { pages: { search_content: string }[] }).pages;
    expect(hit?.search_content).toMatch(/![A-Z]+\d+ = [^"{]*李娜/);
    expect(hit?.search_content).not.toMatch(/"cells"|"text":/);
  });
});

describe('export and import of the project', () => {
  it('Word gives each sheet as a table, not JSON', async () => {
    const res = await t.call('export/word', { item_id: sheet.item_id }, { token: editor.token, method: 'GET' });
    const xml = (await unzip(Buffer.from(res.response.rawPayload))).find((e) => e.name === 'word/document.xml')?.data.toString('utf8') ?? '';
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('区域 Region');
    expect(xml).toContain('=SUM(B2:E2)');
    expect(xml).toContain('负责人 Owners');
    expect(xml).not.toContain('&quot;cells&quot;');
    expect(xml).not.toContain('"cells"');
  });

  it('a markdown zip imports back as a spreadsheet project with the same JSON', async () => {
    const exported = await t.call('export/markdown', { item_id: sheet.item_id }, { token: owner.token, method: 'GET' });
    const zip = Buffer.from(exported.response.rawPayload);
    const imported = await uploadTo(t, 'import/auto', {}, { filename: 'showdoc.zip', data: zip, contentType: 'application/zip' }, owner.token);
    expect(imported.body.error_code).toBe(0);
    const itemId = (imported.body.data as { item_id: number }).item_id;
    const item = await t.database.db.selectFrom('item').select('item_type').where('item_id', '=', itemId).executeTakeFirstOrThrow();
    expect(item.item_type).toBe(4);
    const pages = await t.database.db.selectFrom('page').select(['page_title', 'page_content']).where('item_id', '=', itemId).execute();
    expect(pages).toEqual([{ page_title: '季度销售表', page_content: QUARTERLY_SALES }]);
  });

  it('copying a sheet project copies its sheet', async () => {
    const res = await t.call('item/add', { copy_item_id: sheet.item_id, item_name: '副本' }, { token: owner.token });
    expect(res.error_code).toBe(0);
    const itemId = (res.data as { item_id: number }).item_id;
    const item = await t.database.db.selectFrom('item').select('item_type').where('item_id', '=', itemId).executeTakeFirstOrThrow();
    expect(item.item_type).toBe(4);
    expect((await sheetPage(itemId)).page_content).toBe(QUARTERLY_SALES);
  });
});
