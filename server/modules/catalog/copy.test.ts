import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, createItem } from '../../test/item-factories.js';
import { formatTime } from '../../http/time.js';
import { as, catalogRow, catalogsOf, changeLogRows, insertPage, pageRow, recycleRows, saveCatalog } from '../../test/catalog-helpers.js';

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

/** Catalog A (s_number 5) with sub-catalogs A1 (2) and A2 (1), A1 with A1x; pages in A and A1x. */
async function source() {
  const item = await createItem(t, owner);
  const a = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A', s_number: 5 });
  const a1 = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A1', parent_cat_id: a, s_number: 2 });
  const a2 = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A2', parent_cat_id: a, s_number: 1 });
  const a1x = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A1x', parent_cat_id: a1 });
  const b = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'B' });
  const pages = {
    second: await insertPage(t, item.item_id, { cat_id: a, title: 'second', content: 'two', s_number: 2 }),
    first: await insertPage(t, item.item_id, { cat_id: a, title: 'first', content: 'one', s_number: 1 }),
    deep: await insertPage(t, item.item_id, { cat_id: a1x, title: 'deep', content: '# deep' }),
    gone: await insertPage(t, item.item_id, { cat_id: a, title: 'gone', is_del: 1 }),
    theirDraft: await insertPage(t, item.item_id, { cat_id: a1, title: 'their draft', is_draft: 1, author_uid: other.uid }),
    myDraft: await insertPage(t, item.item_id, { cat_id: a2, title: 'my draft', is_draft: 1, author_uid: owner.uid }),
  };
  return { item, a, a1, a2, a1x, b, pages };
}

interface Node {
  name: string;
  level: number;
  s_number: number;
  pages: string[];
  sub: Node[];
}

/** The shape of the subtree under `catId`: names, levels, order and page titles (in page order). */
async function shapeOf(catId: number): Promise<Node> {
  const db = t.database.db;
  const row = await db.selectFrom('catalog').selectAll().where('cat_id', '=', catId).executeTakeFirstOrThrow();
  const pages = await db.selectFrom('page').select('page_title').where('cat_id', '=', catId).where('is_del', '=', 0).orderBy('s_number').orderBy('page_id').execute();
  const children = await db.selectFrom('catalog').select('cat_id').where('parent_cat_id', '=', catId).orderBy('s_number').orderBy('cat_id').execute();
  return { name: row.cat_name, level: row.level, s_number: row.s_number, pages: pages.map((p) => p.page_title), sub: await Promise.all(children.map((c) => shapeOf(c.cat_id))) };
}

const copy = (user: TestUser | null, params: Record<string, unknown>) => as(t, user, 'catalog/copy', params);

describe('catalog/copy inside one project', () => {
  it('copies the catalog with its sub-catalogs and live pages, in order, and answers the new catalog', async () => {
    const s = await source();
    const res = await copy(owner, { cat_id: s.a, new_p_cat_id: 0 });
    expect(res.error_code, res.error_message).toBe(0);
    const created = res.data as { cat_id: number };
    expect(created).toEqual({
      cat_id: created.cat_id,
      cat_name: 'A',
      item_id: s.item.item_id,
      s_number: 5,
      addtime: formatTime(t.clock.now(), t.config.timeZone),
      parent_cat_id: 0,
      level: 2,
    });
    expect(created.cat_id).not.toBe(s.a);
    expect(await shapeOf(created.cat_id)).toEqual({
      name: 'A',
      level: 2,
      s_number: 5,
      pages: ['first', 'second'],
      sub: [
        { name: 'A2', level: 3, s_number: 1, pages: ['my draft'], sub: [] },
        { name: 'A1', level: 3, s_number: 2, pages: [], sub: [{ name: 'A1x', level: 4, s_number: 99, pages: ['deep'], sub: [] }] },
      ],
    } satisfies Node);
  });

  it('copies under another catalog, one level down', async () => {
    const s = await source();
    const res = await copy(owner, { cat_id: s.a1, new_p_cat_id: s.b });
    expect(res.data).toMatchObject({ cat_name: 'A1', parent_cat_id: s.b, level: 3 });
    expect(await shapeOf((res.data as { cat_id: number }).cat_id)).toMatchObject({ level: 3, sub: [{ name: 'A1x', level: 4, pages: ['deep'] }] });
  });

  it('leaves the original alone and logs the new catalog', async () => {
    const s = await source();
    const before = await shapeOf(s.a);
    const res = await copy(owner, { cat_id: s.a, new_p_cat_id: 0 });
    expect(await shapeOf(s.a)).toEqual(before);
    const created = res.data as { cat_id: number };
    expect((await changeLogRows(t, s.item.item_id)).at(-1)).toMatchObject({ op_action_type: 'create', op_object_type: 'catalog', op_object_id: created.cat_id, op_object_name: 'A' });
  });

  it('copies pages as the caller’s, with content as stored; the caller’s own drafts stay drafts; others’ drafts stay behind', async () => {
    const s = await source();
    const created = (await copy(owner, { cat_id: s.a, new_p_cat_id: 0 })).data as { cat_id: number };
    const copies = await t.database.db.selectFrom('page').selectAll().where('item_id', '=', s.item.item_id).where('page_id', '>', s.pages.myDraft).orderBy('page_id').execute();
    expect(copies.map((p) => p.page_title).sort()).toEqual(['deep', 'first', 'my draft', 'second']);
    for (const p of copies) expect(p).toMatchObject({ author_uid: owner.uid, author_username: owner.username, is_del: 0 });
    expect(copies.find((p) => p.page_title === 'deep')?.page_content).toBe('# deep');
    expect(copies.find((p) => p.page_title === 'my draft')?.is_draft).toBe(1);
    expect(copies.some((p) => p.page_title === 'their draft')).toBe(false);
    expect(created.cat_id).toBeGreaterThan(0);
  });

  it('copies a catalog into itself once, when the depth allows', async () => {
    const item = await createItem(t, owner);
    const a = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A' });
    const a1 = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A1', parent_cat_id: a });
    expect((await copy(owner, { cat_id: a, new_p_cat_id: a })).error_code).toBe(0);
    expect(await shapeOf(a)).toMatchObject({ sub: [{ name: 'A1' }, { name: 'A', level: 3, sub: [{ name: 'A1', level: 4, sub: [] }] }] });
    expect((await shapeOf(a1)).sub).toEqual([]);
  });

  it('refuses a copy deeper than three levels, writing nothing', async () => {
    const s = await source();
    const count = (await catalogsOf(t, s.item.item_id)).length;
    const res = await copy(owner, { cat_id: s.a, new_p_cat_id: s.a2 });
    expect(res.error_code).toBe(10101);
    expect((await catalogsOf(t, s.item.item_id)).length).toBe(count);
  });

  it('refuses a parent of another project, and a missing catalog', async () => {
    const s = await source();
    const theirs = await createItem(t, other);
    const foreign = await addCatalog(t, theirs.item_id, 'foreign');
    expect((await copy(owner, { cat_id: s.a, new_p_cat_id: foreign.cat_id })).error_code).toBe(10101);
    expect((await copy(owner, { cat_id: 2_000_000_000 })).error_code).toBe(10101);
    expect((await catalogsOf(t, theirs.item_id)).length).toBe(1);
  });

  it('refuses a copy that would pass 1500 catalogs', async () => {
    const s = await source();
    const rows = Array.from({ length: 1500 - 5 - 3 }, (_, i) => ({ item_id: s.item.item_id, cat_name: `c${i}` }));
    for (let i = 0; i < rows.length; i += 200) await t.database.db.insertInto('catalog').values(rows.slice(i, i + 200)).execute();
    // A has 4 catalogs: 1497 + 4 > 1500.
    expect((await copy(owner, { cat_id: s.a })).error_code).toBe(10100);
    expect((await copy(owner, { cat_id: s.a2 })).error_code).toBe(0);
  });
});

describe('catalog/copy with is_del=1 (move) inside one project', () => {
  it('re-hangs the same catalog: ids, pages and their history stay; levels follow', async () => {
    const s = await source();
    await t.database.db.insertInto('page_history').values({ page_id: s.pages.deep, item_id: s.item.item_id, page_title: 'deep v1' }).execute();
    const res = await copy(owner, { cat_id: s.a1, new_p_cat_id: s.b, is_del: 1 });
    expect(res.data).toMatchObject({ cat_id: s.a1, parent_cat_id: s.b, level: 3 });
    expect(await catalogRow(t, s.a1x)).toMatchObject({ parent_cat_id: s.a1, level: 4 });
    expect(await pageRow(t, s.pages.deep)).toMatchObject({ cat_id: s.a1x, is_del: 0 });
    expect(await t.database.db.selectFrom('page_history').select('page_title').where('page_id', '=', s.pages.deep).execute()).toEqual([{ page_title: 'deep v1' }]);
    expect((await changeLogRows(t, s.item.item_id)).at(-1)).toMatchObject({ op_action_type: 'update', op_object_id: s.a1 });
    expect(await recycleRows(t, s.item.item_id)).toEqual([]);
  });

  it('refuses a move under itself or its own sub-catalog, and one too deep', async () => {
    const s = await source();
    expect((await copy(owner, { cat_id: s.a, new_p_cat_id: s.a, is_del: 1 })).error_code).toBe(10101);
    expect((await copy(owner, { cat_id: s.a, new_p_cat_id: s.a1x, is_del: 1 })).error_code).toBe(10101);
    const c = await saveCatalog(t, owner, { item_id: s.item.item_id, cat_name: 'C', parent_cat_id: s.b });
    expect((await copy(owner, { cat_id: s.a1, new_p_cat_id: c, is_del: 1 })).error_code).toBe(10101);
    expect(await catalogRow(t, s.a)).toMatchObject({ parent_cat_id: 0, level: 2 });
    expect(await catalogRow(t, s.a1)).toMatchObject({ parent_cat_id: s.a, level: 3 });
  });
});

describe('catalog/copy to another project', () => {
  it('copies into a project the caller can edit, keeping the shape', async () => {
    const s = await source();
    const dest = await createItem(t, other);
    await addMember(t, dest.item_id, owner, 1);
    const res = await copy(owner, { cat_id: s.a, to_item_id: dest.item_id, new_p_cat_id: 0 });
    expect(res.error_code, res.error_message).toBe(0);
    const created = res.data as { cat_id: number; item_id: number; level: number };
    expect(created).toMatchObject({ item_id: dest.item_id, level: 2 });
    expect(await shapeOf(created.cat_id)).toMatchObject({ name: 'A', pages: ['first', 'second'], sub: [{ name: 'A2' }, { name: 'A1', sub: [{ name: 'A1x', pages: ['deep'] }] }] });
    expect((await changeLogRows(t, dest.item_id)).at(-1)).toMatchObject({ op_action_type: 'create', op_object_id: created.cat_id });
    expect(await catalogRow(t, s.a)).toBeDefined();
  });

  it('moves: the copy lands in the destination and the original’s pages wait in the source’s recycle bin', async () => {
    const s = await source();
    const dest = await createItem(t, owner);
    const res = await copy(owner, { cat_id: s.a, to_item_id: dest.item_id, is_del: 1 });
    expect(res.error_code).toBe(0);
    expect(await catalogRow(t, s.a)).toBeUndefined();
    expect(await catalogRow(t, s.a1x)).toBeUndefined();
    const bin = await recycleRows(t, s.item.item_id);
    expect(bin.map((r) => r.page_title).sort()).toEqual(['deep', 'first', 'my draft', 'second', 'their draft']);
    expect((await changeLogRows(t, s.item.item_id)).at(-1)).toMatchObject({ op_action_type: 'delete', op_object_type: 'catalog', op_object_id: s.a });
    expect((await catalogsOf(t, dest.item_id)).map((c) => c.cat_name).sort()).toEqual(['A', 'A1', 'A1x', 'A2']);
  });

  it('needs the right to edit both projects', async () => {
    const s = await source();
    const readOnlyDest = await createItem(t, other);
    await addMember(t, readOnlyDest.item_id, owner, 0);
    const strangersDest = await createItem(t, other, { password: 'pw-123456' });
    expect((await copy(owner, { cat_id: s.a, to_item_id: readOnlyDest.item_id })).error_code).toBe(10303);
    expect((await copy(owner, { cat_id: s.a, to_item_id: strangersDest.item_id, is_del: 1 })).error_code).toBe(10307);
    expect((await catalogsOf(t, readOnlyDest.item_id)).length).toBe(0);
    expect(await catalogRow(t, s.a)).toBeDefined();

    // Out of a project the caller only reads, into one of theirs: refused too.
    const theirs = await createItem(t, other);
    const theirCat = await addCatalog(t, theirs.item_id, 'theirs');
    await addMember(t, theirs.item_id, owner, 0);
    expect((await copy(owner, { cat_id: theirCat.cat_id, to_item_id: s.item.item_id })).error_code).toBe(10303);
    expect((await copy(owner, { cat_id: theirCat.cat_id, to_item_id: s.item.item_id, is_del: 1 })).error_code).toBe(10303);
    expect(await catalogRow(t, theirCat.cat_id)).toBeDefined();
  });

  it('refuses a destination project that does not exist', async () => {
    const s = await source();
    expect((await copy(owner, { cat_id: s.a, to_item_id: 2_000_000_000 })).error_code).toBe(10101);
  });

  it('refuses guests (10102) and bad input (10100)', async () => {
    const s = await source();
    expect((await copy(null, { cat_id: s.a })).error_code).toBe(10102);
    expect((await copy(owner, { cat_id: 'x' })).error_code).toBe(10100);
    expect((await copy(owner, { cat_id: s.a, to_item_id: -1 })).error_code).toBe(10100);
    expect((await copy(owner, {})).error_code).toBe(10100);
  });
});
