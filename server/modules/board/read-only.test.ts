import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { createItem, type TestItem } from '../../test/item-factories.js';
import { unzip } from '../../test/unzip.js';
import { PNG, uploadTo } from '../../test/upload-helpers.js';
import { KANBAN, KANBAN_BOARD_TITLE, WHITEBOARD } from './board-types.js';

let t: TestApp;
let owner: TestUser;
let kanban: TestItem;
let regular: TestItem;
let taskId: number;
let deletedId: number;
let catId: number;
let fileId: number;
let templateId: number;
let key: { api_key: string; api_token: string };

async function rawPage(itemId: number, title: string, content: string, extra: { cat_id?: number; is_del?: number } = {}): Promise<number> {
  const row = await t.database.db
    .insertInto('page')
    .values({ item_id: itemId, page_title: title, page_content: content, author_uid: owner.uid, cat_id: extra.cat_id ?? 0, is_del: extra.is_del ?? 0 })
    .returning('page_id')
    .executeTakeFirstOrThrow();
  return row.page_id;
}

/** The stored state of the kanban project: what no refused call may change. */
async function snapshot() {
  const pages = await t.database.db.selectFrom('page').select(['page_id', 'page_title', 'page_content', 'cat_id', 's_number', 'is_del']).where('item_id', '=', kanban.item_id).orderBy('page_id').execute();
  const catalogs = await t.database.db.selectFrom('catalog').select(['cat_id', 'cat_name', 'parent_cat_id', 's_number']).where('item_id', '=', kanban.item_id).orderBy('cat_id').execute();
  const bound = await t.database.db.selectFrom('file_page').select(['file_id', 'page_id']).where('page_id', '=', taskId).execute();
  return { pages, catalogs, bound };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  kanban = await createItem(t, owner);
  regular = await createItem(t, owner);
  await t.database.db.updateTable('item').set({ item_type: KANBAN }).where('item_id', '=', kanban.item_id).execute();
  const cat = await t.database.db.insertInto('catalog').values({ item_id: kanban.item_id, cat_name: 'Old', level: 2, parent_cat_id: 0 }).returning('cat_id').executeTakeFirstOrThrow();
  catId = cat.cat_id;
  taskId = await rawPage(kanban.item_id, 'Card', '{"list_id":"list_default_1"}', { cat_id: catId });
  deletedId = await rawPage(kanban.item_id, 'Gone card', '{"list_id":"list_default_1"}', { is_del: 1 });
  await t.database.db.insertInto('recycle').values({ item_id: kanban.item_id, page_id: deletedId, page_title: 'Gone card', del_by_uid: owner.uid, del_by_username: owner.username, del_time: 1 }).execute();
  await rawPage(kanban.item_id, KANBAN_BOARD_TITLE, '{"lists":[]}');
  const hub = await uploadTo(t, 'page/uploadImg', { item_id: 0, page_id: 0 }, { field: 'editormd-image-file', filename: 'dot.png', data: PNG }, owner.token);
  expect(hub.body).toMatchObject({ success: 1 });
  fileId = (await t.database.db.selectFrom('upload_file').select('file_id').orderBy('file_id', 'desc').executeTakeFirstOrThrow()).file_id;
  templateId = ((await t.call('template/save', { template_title: 'T', template_content: 'x' }, { token: owner.token })).data as { id: number }).id;
  key = (await t.call('item/getKey', { item_id: kanban.item_id }, { token: owner.token })).data as typeof key;
});

afterAll(async () => {
  await t.close();
});

describe('a kanban project is read-only on every page and catalog writing route', () => {
  const routes: [string, () => Record<string, unknown>][] = [
    ['page/save (new)', () => ({ path: 'page/save', item_id: kanban.item_id, page_title: 'New', page_content: '{}' })],
    ['page/save (move to the root)', () => ({ path: 'page/save', item_id: kanban.item_id, page_id: taskId, cat_id: 0, page_title: 'Card', page_content: 'changed' })],
    ['page/delete', () => ({ path: 'page/delete', item_id: kanban.item_id, page_id: taskId })],
    ['page/sort', () => ({ path: 'page/sort', item_id: kanban.item_id, pages: JSON.stringify({ [taskId]: 5 }) })],
    ['page/updateHistoryComments', () => ({ path: 'page/updateHistoryComments', page_id: taskId, page_history_id: 1, page_comments: 'x' })],
    ['page/setLock', () => ({ path: 'page/setLock', item_id: kanban.item_id, page_id: taskId })],
    ['catalog/save (new)', () => ({ path: 'catalog/save', item_id: kanban.item_id, cat_name: 'New' })],
    ['catalog/save (rename)', () => ({ path: 'catalog/save', item_id: kanban.item_id, cat_id: catId, cat_name: 'Renamed' })],
    ['catalog/delete', () => ({ path: 'catalog/delete', item_id: kanban.item_id, cat_id: catId })],
    ['catalog/batUpdate', () => ({ path: 'catalog/batUpdate', item_id: kanban.item_id, cats: JSON.stringify([{ cat_id: catId, cat_name: 'Sorted', parent_cat_id: 0, s_number: 1 }]) })],
    ['catalog/copy (move out)', () => ({ path: 'catalog/copy', cat_id: catId, to_item_id: regular.item_id, is_del: 1 })],
    ['recycle/recover', () => ({ path: 'recycle/recover', item_id: kanban.item_id, page_id: deletedId })],
    ['mock/add', () => ({ path: 'mock/add', page_id: taskId, template: '{}' })],
    ['attachment/bindingPage', () => ({ path: 'attachment/bindingPage', file_id: fileId, page_id: taskId })],
    ['template/shareToItem', () => ({ path: 'template/shareToItem', template_id: templateId, item_id: String(kanban.item_id) })],
  ];

  it.each(routes)('%s is refused with the board error, and nothing changes', async (_name, params) => {
    const before = await snapshot();
    const { path, ...rest } = params() as { path: string } & Record<string, unknown>;
    const res = await t.call(path, rest, { token: owner.token });
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toMatch(/read-only/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses uploads into its pages and into the project', async () => {
    for (const fields of [{ item_id: kanban.item_id, page_id: taskId }, { item_id: kanban.item_id, page_id: 0 }]) {
      const res = await uploadTo(t, 'page/uploadImg', fields, { field: 'editormd-image-file', filename: 'dot.png', data: PNG }, owner.token);
      // page/uploadImg answers in editor.md's shape.
      expect(res.body).toMatchObject({ success: 0, message: expect.stringMatching(/read-only/) });
    }
  });

  it('refuses an import into it', async () => {
    const res = await uploadTo(t, 'import/auto', { item_id: kanban.item_id }, { filename: 'a.md', data: Buffer.from('# Hi') }, owner.token);
    expect(res.body).toMatchObject({ error_code: 10101, error_message: expect.stringMatching(/read-only/) });
  });

  it('refuses the open API writes, and still answers its reads', async () => {
    const writes: [string, Record<string, unknown>][] = [
      ['item/updateByApi', { page_title: 'From CI', page_content: 'x' }],
      ['open/updatePage', { page_title: 'Card', page_content: 'x' }],
      ['open/deletePage', { page_id: taskId }],
      ['open/createCatalog', { cat_name: 'CI' }],
      ['open/updateCatalog', { cat_id: catId, cat_name: 'CI' }],
      ['open/deleteCatalog', { cat_id: catId }],
    ];
    const before = await snapshot();
    for (const [path, params] of writes) {
      const res = await t.call(path, { ...key, ...params });
      expect([path, res.error_code, res.error_message]).toEqual([path, 10101, expect.stringMatching(/read-only/)]);
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.call('open/getCatalogTree', key)).error_code).toBe(0);
  });

  it('leaves project management, subscriptions, share links and export open to the owner', async () => {
    expect((await t.call('item/update', { item_id: kanban.item_id, item_name: 'Renamed board' }, { token: owner.token })).error_code).toBe(0);
    expect((await t.call('member/getAllList', { item_id: kanban.item_id }, { token: owner.token })).error_code).toBe(0);
    expect((await t.call('page/createSinglePage', { page_id: taskId, isCreateSiglePage: 'true' }, { token: owner.token })).error_code).toBe(0);
    expect((await t.call('export/markdown', { item_id: kanban.item_id }, { token: owner.token })).response.statusCode).toBe(200);
  });

  it('exports the board page in the markdown zip (so an import brings the board back), not in Word', async () => {
    const zip = await t.call('export/markdown', { item_id: kanban.item_id }, { token: owner.token, method: 'GET' });
    const info = (await unzip(Buffer.from(zip.response.rawPayload))).find((e) => e.name === 'info.json')?.data.toString('utf8') ?? '';
    expect(info).toContain(KANBAN_BOARD_TITLE);
    const word = await t.call('export/word', { item_id: kanban.item_id }, { token: owner.token, method: 'GET' });
    const xml = (await unzip(Buffer.from(word.response.rawPayload))).find((e) => e.name === 'word/document.xml')?.data.toString('utf8') ?? '';
    expect(xml).toContain('Card');
    expect(xml).not.toContain(KANBAN_BOARD_TITLE);
  });

  it('item/info says item_edit false for boards and whiteboards, item_manage true', async () => {
    for (const type of [KANBAN, WHITEBOARD]) {
      await t.database.db.updateTable('item').set({ item_type: type }).where('item_id', '=', kanban.item_id).execute();
      const info = (await t.call('item/info', { item_id: kanban.item_id }, { token: owner.token })).data as { item_edit: boolean; item_manage: boolean; ItemPermn: boolean };
      expect(info).toMatchObject({ item_edit: false, ItemPermn: false, item_manage: true });
    }
    await t.database.db.updateTable('item').set({ item_type: KANBAN }).where('item_id', '=', kanban.item_id).execute();
    const info = (await t.call('item/info', { item_id: regular.item_id }, { token: owner.token })).data as { item_edit: boolean };
    expect(info.item_edit).toBe(true);
  });
});
