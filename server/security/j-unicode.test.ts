import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { createItem } from '../test/item-factories.js';
import { createPage } from '../test/page-factories.js';

/**
 * J1 of security.md §4: odd but valid text must work, not only be safe. Names go in and come out byte for
 * byte: no NFC/NFKC folding, no stripping of joiners, marks or direction controls (the web app isolates
 * them when it shows them). J2 (GBK names in zips) lives in server/modules/import/*.test.ts.
 */

const NAMES = {
  emoji: '👩‍💻 团队 🇨🇳 文档',
  cjk: '接口文档：用户模块（第二版）',
  rtl: 'مرحبا بالعالم שלום',
  combining: 'Cafe\u0301 Zu\u0308rich',
  zeroWidth: 'a\u200db\u200cc\u2060d',
  override: 'invoice\u202Egpj.exe',
};

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t?.close());

const as = (path: string, params: Record<string, unknown>) => t.call(path, params, { token: owner.token });

describe('J · Unicode', () => {
  it('J1 · project names with emoji, CJK, RTL, combining marks, joiners and direction overrides round-trip byte-identical', async () => {
    for (const [kind, name] of Object.entries({ ...NAMES, longest: '名'.repeat(100) })) {
      const item = await createItem(t, owner, { item_name: name });
      const info = await as('item/info', { item_id: item.item_id });
      expect(info.error_code, kind).toBe(0);
      expect((info.data as { item_name: string }).item_name, kind).toBe(name);
      const row = await t.database.db.selectFrom('item').select('item_name').where('item_id', '=', item.item_id).executeTakeFirstOrThrow();
      expect(Buffer.from(row.item_name).equals(Buffer.from(name)), kind).toBe(true);
    }
  });

  it('J1 · page titles and catalog names of up to 255 characters round-trip byte-identical, in the menu too, in a stable order', async () => {
    const item = await createItem(t, owner);
    const names = [...Object.values(NAMES), `${'😀'.repeat(100)}${'字'.repeat(55)}`];
    const made: { cat_id: number; page_id: number; name: string }[] = [];
    for (const name of names) {
      const cat = await as('catalog/save', { item_id: item.item_id, cat_name: name });
      expect(cat.error_code, name).toBe(0);
      const cat_id = Number(cat.data);
      const page = await createPage(t, owner, item.item_id, { cat_id, title: name, content: name });
      made.push({ cat_id, page_id: page.page_id, name });
      const info = await as('page/info', { page_id: page.page_id });
      expect(info.data, name).toMatchObject({ page_title: name, page_content: name });
    }
    const menus = [await as('item/info', { item_id: item.item_id }), await as('item/info', { item_id: item.item_id })];
    for (const menu of menus) {
      const catalogs = (menu.data as { menu: { catalogs: { cat_id: number; cat_name: string; pages: { page_title: string }[] }[] } }).menu.catalogs;
      expect(catalogs.map((c) => c.cat_name)).toEqual(names);
      expect(catalogs.map((c) => c.pages.map((p) => p.page_title))).toEqual(names.map((n) => [n]));
    }
  });

  it('J1 · search finds CJK, emoji and RTL text as sent, without folding one form into another', async () => {
    const item = await createItem(t, owner);
    const composed = await createPage(t, owner, item.item_id, { title: 'composed', content: 'Caf\u00e9 au lait' });
    const decomposed = await createPage(t, owner, item.item_id, { title: 'decomposed', content: NAMES.combining });
    const cjk = await createPage(t, owner, item.item_id, { title: 'cjk', content: NAMES.cjk });
    const rtl = await createPage(t, owner, item.item_id, { title: 'rtl', content: NAMES.rtl });
    const emoji = await createPage(t, owner, item.item_id, { title: 'emoji', content: NAMES.emoji });
    const found = async (keyword: string) => {
      const res = await as('item/search', { item_id: item.item_id, keyword });
      expect(res.error_code, keyword).toBe(0);
      const body = JSON.stringify(res.data);
      return [composed, decomposed, cjk, rtl, emoji].filter((p) => body.includes(`"page_id":${p.page_id},`) || body.includes(`"page_id":"${p.page_id}"`)).map((p) => p.page_title);
    };
    expect(await found('用户模块')).toEqual(['cjk']);
    expect(await found('بالعالم')).toEqual(['rtl']);
    expect(await found('👩‍💻')).toEqual(['emoji']);
    expect(await found('Caf\u00e9')).toEqual(['composed']);
    expect(await found('Cafe\u0301')).toEqual(['decomposed']);
  });
});
