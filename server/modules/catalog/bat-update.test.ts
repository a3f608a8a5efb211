import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, createItem, type TestItem } from '../../test/item-factories.js';
import { as, catalogRow, catalogsOf, changeLogRows, insertPage, pageRow, saveCatalog } from '../../test/catalog-helpers.js';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  await registerUser(t, { username: 'site_admin' });
  owner = await registerUser(t);
  other = await registerUser(t);
});
afterAll(() => t?.close());

/** A project with catalogs A > A1 and B, and pages in A, in A1 and at the root. */
async function world() {
  const item = await createItem(t, owner);
  const a = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A', s_number: 1 });
  const a1 = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A1', parent_cat_id: a, s_number: 1 });
  const b = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'B', s_number: 2 });
  const pageA = await insertPage(t, item.item_id, { cat_id: a, title: 'page in A', s_number: 1 });
  const pageA1 = await insertPage(t, item.item_id, { cat_id: a1, title: 'page in A1', s_number: 1 });
  const pageRoot = await insertPage(t, item.item_id, { title: 'page at root', s_number: 1 });
  return { item, a, a1, b, pageA, pageA1, pageRoot };
}

type World = Awaited<ReturnType<typeof world>>;

const batUpdate = (user: TestUser | null, itemId: number, cats: unknown, extra: Record<string, unknown> = {}) =>
  as(t, user, 'catalog/batUpdate', { item_id: itemId, cats: typeof cats === 'string' ? cats : JSON.stringify(cats), ...extra });

/** What the database holds of the world, to show that a refused batch changed nothing. */
async function snapshot(w: World) {
  const catalogs = await catalogsOf(t, w.item.item_id);
  const pages = await Promise.all([w.pageA, w.pageA1, w.pageRoot].map((id) => pageRow(t, id)));
  return { catalogs, pages: pages.map((p) => [p?.cat_id, p?.s_number]) };
}

describe('catalog/batUpdate', () => {
  it('applies the menu tree the browser sends after a drag: pages and catalogs move and reorder', async () => {
    const w = await world();
    // ShowDoc's menu flattens every node: catalogs with cat_id, pages with page_id, parents by cat_id.
    const cats = [
      { cat_id: w.b, cat_name: 'B', page_id: 0, parent_cat_id: 0, page_cat_id: 0, level: 2, s_number: 1 },
      { cat_id: 0, cat_name: 'page at root', page_id: w.pageRoot, parent_cat_id: w.b, page_cat_id: w.b, level: 3, s_number: 1 },
      { cat_id: w.a, cat_name: 'A', page_id: 0, parent_cat_id: 0, page_cat_id: 0, level: 2, s_number: 2 },
      { cat_id: 0, cat_name: 'page in A1', page_id: w.pageA1, parent_cat_id: w.a, page_cat_id: w.a, level: 3, s_number: 1 },
      { cat_id: w.a1, cat_name: 'A1', page_id: 0, parent_cat_id: w.b, page_cat_id: w.b, level: 3, s_number: 2 },
      { cat_id: 0, cat_name: 'page in A', page_id: w.pageA, parent_cat_id: 0, page_cat_id: 0, level: 2, s_number: 3 },
    ];
    const res = await batUpdate(owner, w.item.item_id, cats, { dragged_id: w.pageRoot, dragged_title: 'page at root', dragged_type: 'page' });
    expect(res).toMatchObject({ error_code: 0, data: [] });
    expect(await catalogRow(t, w.b)).toMatchObject({ s_number: 1, parent_cat_id: 0, level: 2 });
    expect(await catalogRow(t, w.a)).toMatchObject({ s_number: 2, parent_cat_id: 0, level: 2 });
    expect(await catalogRow(t, w.a1)).toMatchObject({ s_number: 2, parent_cat_id: w.b, level: 3, cat_name: 'A1' });
    expect(await pageRow(t, w.pageRoot)).toMatchObject({ cat_id: w.b, s_number: 1 });
    expect(await pageRow(t, w.pageA1)).toMatchObject({ cat_id: w.a, s_number: 1 });
    expect(await pageRow(t, w.pageA)).toMatchObject({ cat_id: 0, s_number: 3 });

    const log = await changeLogRows(t, w.item.item_id);
    expect(log.at(-1)).toMatchObject({ op_action_type: 'drag', op_object_type: 'tree', op_object_id: w.pageRoot, op_object_name: 'page at root', remark: 'page', uid: owner.uid });
  });

  it('applies the catalog manager’s tree of catalogs only, renaming where a new name is sent', async () => {
    const w = await world();
    const cats = [
      { cat_id: w.b, cat_name: 'B renamed', parent_cat_id: 0, level: 2, s_number: 1 },
      { cat_id: w.a, cat_name: 'A', parent_cat_id: w.b, level: 3, s_number: 1 },
      { cat_id: w.a1, cat_name: '', parent_cat_id: w.a, level: 4, s_number: 1 },
    ];
    expect((await batUpdate(owner, w.item.item_id, cats)).error_code).toBe(0);
    expect(await catalogRow(t, w.b)).toMatchObject({ cat_name: 'B renamed', level: 2 });
    expect(await catalogRow(t, w.a)).toMatchObject({ parent_cat_id: w.b, level: 3 });
    // A blank name keeps the name; the level comes from the parents, whatever the client says.
    expect(await catalogRow(t, w.a1)).toMatchObject({ cat_name: 'A1', parent_cat_id: w.a, level: 4 });
    expect((await pageRow(t, w.pageA1))?.cat_id).toBe(w.a1);
  });

  it('ignores the level the client sends and re-levels moved sub-catalogs itself', async () => {
    const w = await world();
    const cats = [{ cat_id: w.a, cat_name: 'A', parent_cat_id: w.b, level: 9, s_number: 1 }];
    expect((await batUpdate(owner, w.item.item_id, cats)).error_code).toBe(0);
    expect((await catalogRow(t, w.a))?.level).toBe(3);
    expect((await catalogRow(t, w.a1))?.level).toBe(4);
  });

  it('accepts the HTML-escaped JSON of ShowDoc clients, and ids sent as strings', async () => {
    const w = await world();
    const json = JSON.stringify([{ cat_id: String(w.b), cat_name: 'B & "co"', parent_cat_id: '0', s_number: '5' }]);
    const escaped = json.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    expect((await batUpdate(owner, w.item.item_id, escaped)).error_code).toBe(0);
    expect(await catalogRow(t, w.b)).toMatchObject({ cat_name: 'B & "co"', s_number: 5 });
  });

  it('keeps a name that itself contains &quot; when the JSON is readable as sent', async () => {
    const w = await world();
    expect((await batUpdate(owner, w.item.item_id, [{ cat_id: w.b, cat_name: 'say &quot;hi&quot;', parent_cat_id: 0 }])).error_code).toBe(0);
    expect((await catalogRow(t, w.b))?.cat_name).toBe('say &quot;hi&quot;');
  });

  it('answers an empty tree with success and logs nothing, as ShowDoc', async () => {
    const w = await world();
    const logged = (await changeLogRows(t, w.item.item_id)).length;
    expect(await batUpdate(owner, w.item.item_id, [])).toMatchObject({ error_code: 0, data: [] });
    expect((await changeLogRows(t, w.item.item_id)).length).toBe(logged);
  });

  describe('refuses the whole batch, changing nothing', () => {
    const refusals: [string, (w: World) => unknown, number][] = [
      ['malformed JSON', () => '[{"cat_id": 1,', 10100],
      ['JSON that is not a list', () => '{"cat_id": 1}', 10100],
      ['an entry with an id of the wrong type', (w) => [{ cat_id: [w.a], parent_cat_id: 0 }], 10100],
      ['an entry with a negative parent', (w) => [{ cat_id: w.a, parent_cat_id: -5 }], 10100],
      ['an entry with a huge s_number', (w) => [{ cat_id: w.a, parent_cat_id: 0, s_number: 1e12 }], 10100],
      ['a catalog named twice', (w) => [{ cat_id: w.a, parent_cat_id: 0 }, { cat_id: w.a, parent_cat_id: w.b }], 10100],
      ['a page named twice', (w) => [{ page_id: w.pageA, parent_cat_id: w.a }, { page_id: w.pageA, parent_cat_id: w.b }], 10100],
      ['more entries than any tree has', () => Array.from({ length: 20_001 }, () => ({ cat_id: 0 })), 10100],
      ['a name over 255 characters', (w) => [{ cat_id: w.b, cat_name: 'x'.repeat(256), parent_cat_id: 0 }], 10100],
      ['a catalog that does not exist', (w) => [{ cat_id: w.b, parent_cat_id: 0, s_number: 7 }, { cat_id: 2_000_000_000, parent_cat_id: 0 }], 10101],
      ['a parent that does not exist', (w) => [{ cat_id: w.b, parent_cat_id: 0, s_number: 7 }, { cat_id: w.a, parent_cat_id: 2_000_000_000 }], 10101],
      ['a page that does not exist', (w) => [{ cat_id: w.b, parent_cat_id: 0, s_number: 7 }, { page_id: 2_000_000_000, parent_cat_id: w.a }], 10101],
      ['a page moved under a missing catalog', (w) => [{ page_id: w.pageA, parent_cat_id: 2_000_000_000 }], 10101],
      ['two catalogs under each other', (w) => [{ cat_id: w.a, parent_cat_id: w.b }, { cat_id: w.b, parent_cat_id: w.a }], 10101],
      ['a catalog under its own child', (w) => [{ cat_id: w.a, parent_cat_id: w.a1 }], 10101],
      ['a catalog under itself', (w) => [{ cat_id: w.a, parent_cat_id: w.a }], 10101],
    ];
    for (const [what, cats, code] of refusals) {
      it(`${what} (${code})`, async () => {
        const w = await world();
        const before = await snapshot(w);
        const logged = (await changeLogRows(t, w.item.item_id)).length;
        const res = await batUpdate(owner, w.item.item_id, cats(w));
        expect(res.error_code, res.error_message).toBe(code);
        expect(await snapshot(w)).toEqual(before);
        expect((await changeLogRows(t, w.item.item_id)).length).toBe(logged);
      });
    }

    it('a tree deeper than three levels', async () => {
      const w = await world();
      const c = await saveCatalog(t, owner, { item_id: w.item.item_id, cat_name: 'C', parent_cat_id: w.b });
      const before = await snapshot(w);
      // A (with child A1) under C (level 3): A1 would be level 5.
      const res = await batUpdate(owner, w.item.item_id, [{ cat_id: w.a, cat_name: 'A', parent_cat_id: c }]);
      expect(res.error_code).toBe(10101);
      expect(await snapshot(w)).toEqual(before);
    });

    it('catalogs and pages of another project', async () => {
      const w = await world();
      const theirs = await createItem(t, other);
      const foreignCat = await addCatalog(t, theirs.item_id, 'foreign');
      const foreignPage = await insertPage(t, theirs.item_id, { cat_id: foreignCat.cat_id, title: 'foreign page' });
      const before = await snapshot(w);
      for (const cats of [
        [{ cat_id: foreignCat.cat_id, cat_name: 'hijacked', parent_cat_id: 0 }],
        [{ cat_id: w.a, parent_cat_id: foreignCat.cat_id }],
        [{ page_id: foreignPage, parent_cat_id: w.a }],
        [{ page_id: w.pageA, parent_cat_id: foreignCat.cat_id }],
      ]) {
        expect((await batUpdate(owner, w.item.item_id, cats)).error_code).toBe(10101);
      }
      expect(await snapshot(w)).toEqual(before);
      expect(await catalogRow(t, foreignCat.cat_id)).toMatchObject({ cat_name: 'foreign', item_id: theirs.item_id });
      expect(await pageRow(t, foreignPage)).toMatchObject({ item_id: theirs.item_id, cat_id: foreignCat.cat_id });
    });

    it('a deleted page, or someone else’s draft', async () => {
      const w = await world();
      const gone = await insertPage(t, w.item.item_id, { cat_id: w.a, is_del: 1 });
      const draft = await insertPage(t, w.item.item_id, { cat_id: w.a, is_draft: 1, author_uid: other.uid });
      expect((await batUpdate(owner, w.item.item_id, [{ page_id: gone, parent_cat_id: w.b }])).error_code).toBe(10101);
      expect((await batUpdate(owner, w.item.item_id, [{ page_id: draft, parent_cat_id: w.b }])).error_code).toBe(10101);
      expect((await pageRow(t, draft))?.cat_id).toBe(w.a);
    });
  });

  it('lets a catalog imported deeper than allowed move up', async () => {
    const w = await world();
    const c = await addCatalog(t, w.item.item_id, 'C', { cat_id: w.a1, item_id: w.item.item_id, level: 3 });
    const deep = await addCatalog(t, w.item.item_id, 'too deep', c);
    expect(deep.level).toBe(5);
    expect((await batUpdate(owner, w.item.item_id, [{ cat_id: deep.cat_id, parent_cat_id: w.b }])).error_code).toBe(0);
    expect((await catalogRow(t, deep.cat_id))?.level).toBe(3);
  });

  it('needs a login (10102) and the right to edit (10303)', async () => {
    const w = await world();
    const reader = await registerUser(t);
    await addMember(t, w.item.item_id, reader, 0);
    const cats = [{ cat_id: w.a, parent_cat_id: w.b }];
    expect((await batUpdate(null, w.item.item_id, cats)).error_code).toBe(10102);
    expect((await batUpdate(other, w.item.item_id, cats)).error_code).toBe(10303);
    expect((await batUpdate(reader, w.item.item_id, cats)).error_code).toBe(10303);
    expect((await catalogRow(t, w.a))?.parent_cat_id).toBe(0);
  });

  it('G4 · keeps the tree free of cycles when two moves race (security.md G4)', async () => {
    const w = await world();
    const [first, second] = await Promise.all([
      batUpdate(owner, w.item.item_id, [{ cat_id: w.a, cat_name: 'A', parent_cat_id: w.b }]),
      batUpdate(owner, w.item.item_id, [{ cat_id: w.b, cat_name: 'B', parent_cat_id: w.a }]),
    ]);
    expect([first.error_code, second.error_code].sort()).toEqual([0, 10101]);
    const rows = await catalogsOf(t, w.item.item_id);
    const parent = new Map(rows.map((r) => [r.cat_id, r.parent_cat_id]));
    for (const row of rows) {
      const seen = new Set<number>();
      for (let id = row.cat_id; id !== 0; id = parent.get(id) ?? 0) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
    }
  });
});

describe('a bigger tree', () => {
  let item: TestItem;
  it('saves a menu of a thousand pages in one batch', async () => {
    item = await createItem(t, owner);
    const cat = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'many' });
    const rows = Array.from({ length: 1000 }, (_, i) => ({ item_id: item.item_id, cat_id: 0, page_title: `p${i}`, s_number: 99 }));
    for (let i = 0; i < rows.length; i += 200) await t.database.db.insertInto('page').values(rows.slice(i, i + 200)).execute();
    const pages = await t.database.db.selectFrom('page').select('page_id').where('item_id', '=', item.item_id).orderBy('page_id').execute();
    const cats = [{ cat_id: cat, cat_name: 'many', parent_cat_id: 0, s_number: 1 }, ...pages.map((p, i) => ({ cat_id: 0, page_id: p.page_id, parent_cat_id: cat, s_number: i + 1 }))];
    expect((await batUpdate(owner, item.item_id, cats)).error_code).toBe(0);
    const moved = await t.database.db.selectFrom('page').select(['cat_id', 's_number']).where('item_id', '=', item.item_id).orderBy('page_id').execute();
    expect(moved.every((p, i) => p.cat_id === cat && p.s_number === i + 1)).toBe(true);
  });
});
