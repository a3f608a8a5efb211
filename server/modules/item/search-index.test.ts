import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { fixture, importFile } from '../../test/import-helpers.js';
import { addMember, createItem, type TestItem } from '../../test/item-factories.js';
import { openCall, openProject } from '../../test/open-helpers.js';
import { saveCatalog } from '../../test/catalog-helpers.js';

// The indexes behind item/search (server/db/page-search.ts): CJK terms for 1–2 characters, trigrams for
// longer keywords, a scan for other short ones; newest first with a LIMIT, title hits first.

let t: TestApp;
let owner: TestUser;
let item: TestItem;

type Hit = { page_id: number; page_title: string; item_id: number; search_content: string };

async function save(target: TestItem, title: string, content: string, extra: Record<string, unknown> = {}, user = owner): Promise<number> {
  const res = await t.call('page/save', { item_id: target.item_id, page_title: title, page_content: content, ...extra }, { token: user.token });
  expect(res.error_code).toBe(0);
  return (res.data as { page_id: number }).page_id;
}
const titles = async (keyword: string, target: TestItem | null = item, user: TestUser | null = owner) => {
  const res = await t.call('item/search', { keyword, ...(target ? { item_id: target.item_id } : {}) }, user ? { token: user.token } : {});
  expect(res.error_code).toBe(0);
  return (res.data as { pages: Hit[] }).pages.map((p) => p.page_title);
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  item = await createItem(t, owner);
  await save(item, '订单接口', '创建订单，返回 order_id。');
  await save(item, 'Refund API', 'POST /refunds 退款 creates a REFUND. 100%_done "quoted" a*b NEAR c -x 😀表情');
  await save(item, '用户', '查询用户的会员等级，Mixed中文English文本。');
  await save(item, 'Other', '与订单无关的说明 nothing to see');
});
afterAll(() => t.close());

describe('item/search through the indexes', () => {
  it('finds one and two Chinese characters anywhere in a run, title hits first, then newest', async () => {
    expect(await titles('订单')).toEqual(['订单接口', 'Other']);
    expect(await titles('单')).toEqual(['订单接口', 'Other']);
    expect(await titles('单接')).toEqual(['订单接口']);
    expect(await titles('级')).toEqual(['用户']);
    expect(await titles('会员等级')).toEqual(['用户']);
    expect(await titles('户会')).toEqual([]);
  });

  it('matches Chinese next to English, punctuation and emoji', async () => {
    expect(await titles('中文')).toEqual(['用户']);
    expect(await titles('Mixed中文')).toEqual(['用户']);
    expect(await titles('文E')).toEqual(['用户']);
    expect(await titles('😀')).toEqual(['Refund API']);
    expect(await titles('表情')).toEqual(['Refund API']);
    expect(await titles('，')).toEqual(['用户', '订单接口']);
  });

  it('ignores case and treats LIKE and FTS syntax as plain text', async () => {
    expect(await titles('refund')).toEqual(['Refund API']);
    expect(await titles('REFUND')).toEqual(['Refund API']);
    expect(await titles('_')).toEqual(['Refund API', '订单接口']);
    for (const keyword of ['%', '%_d', '"quoted"', '"', 'a*b', '*', 'NEAR c', '-x', '-']) expect(await titles(keyword), keyword).toEqual(['Refund API']);
    expect(await titles('refund OR other')).toEqual([]);
    expect(await titles('NEAR')).toEqual(['Refund API']);
  });

  it('keeps drafts of others and pages outside a member\'s catalogs out', async () => {
    const project = await createItem(t, owner, { password: 'secret' });
    const open = await saveCatalog(t, owner, { item_id: project.item_id, cat_name: 'open' });
    const closed = await saveCatalog(t, owner, { item_id: project.item_id, cat_name: 'closed' });
    await save(project, '开放 页', '词', { cat_id: open });
    await save(project, '关闭 页', '词', { cat_id: closed });
    await save(project, '草稿 页', '词', { is_draft: 1 });
    const member = await registerUser(t);
    await addMember(t, project.item_id, member, 0, [open]);
    expect(await titles('词', project, member)).toEqual(['开放 页']);
    expect((await titles('词', null, member)).sort()).toEqual(['开放 页']);
    expect((await titles('词', project)).sort()).toEqual(['关闭 页', '开放 页', '草稿 页'].sort());
    const stranger = await registerUser(t);
    expect((await t.call('item/search', { keyword: '词', item_id: project.item_id }, { token: stranger.token })).error_code).not.toBe(0);
    expect(await titles('词', null, stranger)).toEqual([]);
  });

  it('answers at most 200 pages, the newest first, however many match', async () => {
    const project = await createItem(t, owner);
    await t.database.db
      .insertInto('page')
      .values(Array.from({ length: 230 }, (_, i) => ({ item_id: project.item_id, page_title: `p${i}`, page_content: `常见 common ${i}`, s_number: i })))
      .execute();
    for (const keyword of ['常', '常见', 'common', 'co']) {
      const found = await titles(keyword, project);
      expect(found, keyword).toHaveLength(200);
      expect(found[0], keyword).toBe('p229');
    }
  });
});

describe('the index follows every kind of write', () => {
  it('editor saves and deletes, recycle restore', async () => {
    const pageId = await save(item, '临时', '旧词');
    expect(await titles('旧词')).toEqual(['临时']);
    await save(item, '临时', '新词', { page_id: pageId });
    expect(await titles('旧词')).toEqual([]);
    expect(await titles('新词')).toEqual(['临时']);
    expect((await t.call('page/delete', { page_id: pageId }, { token: owner.token })).error_code).toBe(0);
    expect(await titles('新词')).toEqual([]);
    expect((await t.call('recycle/recover', { item_id: item.item_id, page_id: pageId }, { token: owner.token })).error_code).toBe(0);
    expect(await titles('新词')).toEqual(['临时']);
  });

  it('open API saves, project copies and imports', async () => {
    const project = await openProject(t, owner);
    expect((await openCall(t, 'open/updatePage', project.key, { page_title: '开放接口', page_content: '经由 API 写入' })).error_code).toBe(0);
    expect(await titles('经由', project.item)).toEqual(['开放接口']);
    const copy = await t.call('item/add', { item_name: 'copy', copy_item_id: project.item.item_id }, { token: owner.token });
    expect(copy.error_code).toBe(0);
    const copied = { ...project.item, item_id: (copy.data as { item_id: number }).item_id };
    expect(await titles('经由', copied)).toEqual(['开放接口']);
    const imported = await importFile(t, owner, { filename: 'api.json', data: fixture('openapi3-no-content.json') });
    expect(imported.error_code).toBe(0);
    const importedItem = { ...project.item, item_id: imported.data?.item_id ?? 0 };
    const page = await t.database.db.selectFrom('page').select('page_title').where('item_id', '=', importedItem.item_id).orderBy('page_id').executeTakeFirstOrThrow();
    expect(await titles(page.page_title, importedItem)).toContain(page.page_title);
  });

  it('hard deletes take the page out of the index', async () => {
    const pageId = await save(item, '将删除', '独有词汇');
    expect(await titles('汇')).toEqual(['将删除']);
    await t.database.db.deleteFrom('page').where('page_id', '=', pageId).execute();
    expect(await titles('汇')).toEqual([]);
  });
});
