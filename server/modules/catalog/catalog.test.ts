import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, createItem, uniqueName, type TestItem } from '../../test/item-factories.js';
import { formatTime } from '../../http/time.js';
import { as, catalogRow, catalogsOf, changeLogRows, insertPage, pageRow, recycleRows, saveCatalog } from '../../test/catalog-helpers.js';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  // The first account of a site becomes its administrator; the people below are ordinary users.
  await registerUser(t, { username: 'site_admin' });
  owner = await registerUser(t);
  other = await registerUser(t);
});
afterAll(() => t?.close());

const fmt = (unix: number) => formatTime(unix, t.config.timeZone);

describe('catalog/save', () => {
  let item: TestItem;
  beforeAll(async () => {
    item = await createItem(t, owner);
  });

  it('creates a top-level catalog and answers the bare integer cat_id, as ShowDoc (transcript 13)', async () => {
    const res = await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_name: 'Guides', s_number: 1 });
    expect(res.error_code).toBe(0);
    expect(typeof res.data).toBe('number');
    expect(JSON.parse(res.response.body)).toEqual({ error_code: 0, data: res.data });
    expect(await catalogRow(t, res.data as number)).toMatchObject({ cat_name: 'Guides', item_id: item.item_id, parent_cat_id: 0, level: 2, s_number: 1, addtime: t.clock.now() });
  });

  it('creates children down to the third level (levels 2, 3, 4) and refuses a fourth', async () => {
    const a = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A' });
    const b = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'B', parent_cat_id: a });
    const c = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'C', parent_cat_id: b });
    expect((await catalogRow(t, b))?.level).toBe(3);
    expect((await catalogRow(t, c))?.level).toBe(4);
    const before = (await catalogsOf(t, item.item_id)).length;
    const tooDeep = await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_name: 'D', parent_cat_id: c });
    expect(tooDeep.error_code).toBe(10101);
    expect(tooDeep.error_message).toMatch(/3 levels/);
    expect((await catalogsOf(t, item.item_id)).length).toBe(before);
  });

  it('gives s_number 99 unless a positive one is sent', async () => {
    const plain = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'plain' });
    const zero = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'zero', s_number: 0 });
    expect((await catalogRow(t, plain))?.s_number).toBe(99);
    expect((await catalogRow(t, zero))?.s_number).toBe(99);
  });

  it('renames without moving when parent_cat_id is left out, and keeps s_number when none is sent', async () => {
    const a = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'parent' });
    const b = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'child', parent_cat_id: a, s_number: 7 });
    const res = await as(t, owner, 'catalog/save', { cat_id: b, cat_name: 'renamed child' });
    expect(res.data).toBe(b);
    expect(await catalogRow(t, b)).toMatchObject({ cat_name: 'renamed child', parent_cat_id: a, level: 3, s_number: 7 });
  });

  it('moves a catalog with its children and re-levels them', async () => {
    const a = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'top' });
    const b = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'middle', parent_cat_id: a });
    const c = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'bottom', parent_cat_id: b });
    await saveCatalog(t, owner, { item_id: item.item_id, cat_id: b, cat_name: 'middle', parent_cat_id: 0 });
    expect(await catalogRow(t, b)).toMatchObject({ parent_cat_id: 0, level: 2 });
    expect(await catalogRow(t, c)).toMatchObject({ parent_cat_id: b, level: 3 });
    // And back under a sibling: every level follows.
    const d = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'new home' });
    await saveCatalog(t, owner, { item_id: item.item_id, cat_id: b, cat_name: 'middle', parent_cat_id: d });
    expect((await catalogRow(t, b))?.level).toBe(3);
    expect((await catalogRow(t, c))?.level).toBe(4);
  });

  it('refuses a move that would push a sub-catalog below the third level, changing nothing', async () => {
    const a = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'deep A' });
    const b = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'deep B', parent_cat_id: a });
    await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'deep C', parent_cat_id: b });
    const target = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'target' });
    const res = await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_id: a, cat_name: 'moved', parent_cat_id: target });
    expect(res.error_code).toBe(10101);
    expect(await catalogRow(t, a)).toMatchObject({ cat_name: 'deep A', parent_cat_id: 0, level: 2 });
  });

  it('G4 · refuses a catalog under itself or under one of its descendants', async () => {
    const a = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'cycle A' });
    const b = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'cycle B', parent_cat_id: a });
    const self = await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_id: a, cat_name: 'cycle A', parent_cat_id: a });
    expect(self.error_code).toBe(10101);
    const descendant = await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_id: a, cat_name: 'cycle A', parent_cat_id: b });
    expect(descendant.error_code).toBe(10101);
    expect(descendant.error_message).toMatch(/inside itself/);
    expect((await catalogRow(t, a))?.parent_cat_id).toBe(0);
  });

  it('refuses a parent from another project, and a catalog of another project named with this one', async () => {
    const theirs = await createItem(t, other);
    const foreign = await addCatalog(t, theirs.item_id, 'foreign');
    const asParent = await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_name: 'x', parent_cat_id: foreign.cat_id });
    expect(asParent.error_code).toBe(10101);
    expect(asParent.error_message).toMatch(/parent catalog/);
    const renamed = await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_id: foreign.cat_id, cat_name: 'hijacked' });
    expect(renamed.error_code).toBe(10101);
    // Without item_id the catalog's own project decides: the owner may not edit it.
    const direct = await as(t, owner, 'catalog/save', { cat_id: foreign.cat_id, cat_name: 'hijacked' });
    expect(direct.error_code).toBe(10303);
    expect((await catalogRow(t, foreign.cat_id))?.cat_name).toBe('foreign');
  });

  it('refuses a missing catalog id', async () => {
    expect((await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_id: 2_000_000_000, cat_name: 'x' })).error_code).toBe(10101);
  });

  it('refuses blank names (10101) and names over 255 characters (10100)', async () => {
    for (const cat_name of ['', '   ', '\n\t']) {
      expect((await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_name })).error_code, JSON.stringify(cat_name)).toBe(10101);
    }
    expect((await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_name: 'x'.repeat(256) })).error_code).toBe(10100);
    expect((await as(t, owner, 'catalog/save', { item_id: item.item_id, cat_name: 'x'.repeat(5000) })).error_code).toBe(10100);
  });

  it('stores unicode names byte for byte and counts characters as people see them', async () => {
    const names = ['用户相关', 'مرحبا بالعالم', 'שלום', 'e\u0301te\u0301', 'a\u200db', '👩‍💻'.repeat(255), ' spaced ', '<img src=x onerror=alert(1)>', 'a/b & "c"'];
    const ids: number[] = [];
    for (const cat_name of names) ids.push(await saveCatalog(t, owner, { item_id: item.item_id, cat_name }));
    const listed = (await as(t, owner, 'catalog/catList', { item_id: item.item_id })).data as { cat_id: number; cat_name: string }[];
    for (const [i, id] of ids.entries()) expect(listed.find((c) => c.cat_id === id)?.cat_name).toBe(names[i]);
  });

  it('refuses ids and numbers of the wrong type or size', async () => {
    const cases: Record<string, unknown>[] = [
      { item_id: [item.item_id], cat_name: 'x' },
      { item_id: { $gt: 0 }, cat_name: 'x' },
      { item_id: 'abc', cat_name: 'x' },
      { item_id: item.item_id, cat_name: 'x', parent_cat_id: -1 },
      { item_id: item.item_id, cat_name: 'x', cat_id: 1.5 },
      { item_id: item.item_id, cat_name: 'x', s_number: 99_999_999_999 },
      { item_id: 1e20, cat_name: 'x' },
      { item_id: item.item_id, cat_name: ['x'] },
    ];
    for (const params of cases) {
      expect((await as(t, owner, 'catalog/save', params, { json: true })).error_code, JSON.stringify(params)).toBe(10100);
    }
  });

  it('needs an item_id to create a catalog', async () => {
    expect((await as(t, owner, 'catalog/save', { cat_name: 'x' })).error_code).toBe(10100);
  });

  it('refuses the 1501st catalog of a project (10100)', async () => {
    const crowded = await createItem(t, owner);
    const rows = Array.from({ length: 1499 }, (_, i) => ({ item_id: crowded.item_id, cat_name: `c${i}`, addtime: 0 }));
    for (let i = 0; i < rows.length; i += 200) await t.database.db.insertInto('catalog').values(rows.slice(i, i + 200)).execute();
    expect((await as(t, owner, 'catalog/save', { item_id: crowded.item_id, cat_name: 'the 1500th' })).error_code).toBe(0);
    const refused = await as(t, owner, 'catalog/save', { item_id: crowded.item_id, cat_name: 'the 1501st' });
    expect(refused.error_code).toBe(10100);
    expect((await catalogsOf(t, crowded.item_id)).length).toBe(1500);
  });

  it('writes a change-log row for each create and update', async () => {
    const fresh = await createItem(t, owner);
    const id = await saveCatalog(t, owner, { item_id: fresh.item_id, cat_name: 'logged' });
    await saveCatalog(t, owner, { cat_id: id, cat_name: 'logged again' });
    const log = await changeLogRows(t, fresh.item_id);
    expect(log.map((r) => [r.op_action_type, r.op_object_type, r.op_object_id, r.op_object_name, r.uid])).toEqual([
      ['create', 'catalog', id, 'logged', owner.uid],
      ['update', 'catalog', id, 'logged again', owner.uid],
    ]);
  });

  it('needs a login (10102)', async () => {
    expect((await as(t, null, 'catalog/save', { item_id: item.item_id, cat_name: 'x' })).error_code).toBe(10102);
  });
});

describe('the catalog lists', () => {
  let item: TestItem;
  let guides: number;
  let install: number;
  let openapi: number;
  let v1: number;

  beforeAll(async () => {
    item = await createItem(t, owner);
    guides = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'Guides', s_number: 1 });
    install = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'Install', parent_cat_id: guides, s_number: 2 });
    openapi = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'OpenAPI' });
    v1 = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'v1', parent_cat_id: openapi });
  });

  const row = (cat_id: number, cat_name: string, s_number: number, parent_cat_id: number, level: number) => ({
    cat_id,
    cat_name,
    item_id: item.item_id,
    s_number,
    addtime: fmt(t.clock.now()),
    parent_cat_id,
    level,
  });

  it('catList answers the flat rows in s_number, cat_id order (transcript 72)', async () => {
    const res = await as(t, owner, 'catalog/catList', { item_id: item.item_id });
    expect(res.data).toEqual([row(guides, 'Guides', 1, 0, 2), row(install, 'Install', 2, guides, 3), row(openapi, 'OpenAPI', 99, 0, 2), row(v1, 'v1', 99, openapi, 3)]);
  });

  it('catListGroup nests sub-catalogs under `sub` (transcript 15)', async () => {
    const res = await as(t, owner, 'catalog/catListGroup', { item_id: item.item_id });
    expect(res.data).toEqual([
      { ...row(guides, 'Guides', 1, 0, 2), sub: [{ ...row(install, 'Install', 2, guides, 3), sub: [] }] },
      { ...row(openapi, 'OpenAPI', 99, 0, 2), sub: [{ ...row(v1, 'v1', 99, openapi, 3), sub: [] }] },
    ]);
  });

  it('catListName flattens the tree with full paths (transcript 66)', async () => {
    const res = await as(t, owner, 'catalog/catListName', { item_id: item.item_id });
    expect(res.data).toEqual([row(guides, 'Guides', 1, 0, 2), row(install, 'Guides/Install', 2, guides, 3), row(openapi, 'OpenAPI', 99, 0, 2), row(v1, 'OpenAPI/v1', 99, openapi, 3)]);
  });

  it('orders siblings by s_number, then cat_id, at every depth', async () => {
    const fresh = await createItem(t, owner);
    const late = await saveCatalog(t, owner, { item_id: fresh.item_id, cat_name: 'late', s_number: 5 });
    const early = await saveCatalog(t, owner, { item_id: fresh.item_id, cat_name: 'early', s_number: 2 });
    const tieA = await saveCatalog(t, owner, { item_id: fresh.item_id, cat_name: 'tie a', parent_cat_id: early, s_number: 3 });
    const tieB = await saveCatalog(t, owner, { item_id: fresh.item_id, cat_name: 'tie b', parent_cat_id: early, s_number: 3 });
    const first = await saveCatalog(t, owner, { item_id: fresh.item_id, cat_name: 'first', parent_cat_id: early, s_number: 1 });
    const names = (await as(t, owner, 'catalog/catListName', { item_id: fresh.item_id })).data as { cat_id: number }[];
    expect(names.map((c) => c.cat_id)).toEqual([early, first, tieA, tieB, late]);
  });

  it('is open to guests on a public project and answers [] for item_id 0, as ShowDoc', async () => {
    expect((await as(t, null, 'catalog/catList', { item_id: item.item_id })).data).toHaveLength(4);
    expect(await as(t, null, 'catalog/catListGroup', { item_id: 0 })).toMatchObject({ error_code: 0, data: [] });
    expect(await as(t, owner, 'catalog/catListName', {})).toMatchObject({ error_code: 0, data: [] });
  });

  it('sends strangers of a private project to the password screen (10307), telling nothing', async () => {
    const secret = uniqueName('secret');
    const priv = await createItem(t, owner, { password: 'pw-123456' });
    await saveCatalog(t, owner, { item_id: priv.item_id, cat_name: secret });
    for (const path of ['catalog/catList', 'catalog/catListGroup', 'catalog/catListName']) {
      for (const caller of [other, null]) {
        const res = await as(t, caller, path, { item_id: priv.item_id });
        expect(res.error_code).toBe(10307);
        expect(res.response.body).not.toContain(secret);
      }
    }
  });

  it('answers 10101 for a project that does not exist', async () => {
    expect((await as(t, owner, 'catalog/catList', { item_id: 2_000_000_000 })).error_code).toBe(10101);
  });

  it('shows a limited member only their catalogs and what is below them', async () => {
    const reader = await registerUser(t);
    await addMember(t, item.item_id, reader, 0, [openapi]);
    expect(((await as(t, reader, 'catalog/catList', { item_id: item.item_id })).data as { cat_id: number }[]).map((c) => c.cat_id)).toEqual([openapi, v1]);
    const group = (await as(t, reader, 'catalog/catListGroup', { item_id: item.item_id })).data as { cat_id: number; sub: { cat_id: number }[] }[];
    expect(group.map((c) => [c.cat_id, c.sub.map((s) => s.cat_id)])).toEqual([[openapi, [v1]]]);
    const named = (await as(t, reader, 'catalog/catListName', { item_id: item.item_id })).data as { cat_name: string }[];
    expect(named.map((c) => c.cat_name)).toEqual(['OpenAPI', 'OpenAPI/v1']);
  });

  it('a limit naming a sub-catalog shows that sub-catalog as a tree of its own, without its parent’s name', async () => {
    const reader = await registerUser(t);
    await addMember(t, item.item_id, reader, 1, [install]);
    const named = (await as(t, reader, 'catalog/catListName', { item_id: item.item_id })).data as { cat_id: number; cat_name: string }[];
    expect(named).toEqual([expect.objectContaining({ cat_id: install, cat_name: 'Install' })]);
  });
});

describe('catalog/getPagesBycat', () => {
  let item: TestItem;
  let cat: number;
  let pages: Record<string, number>;

  beforeAll(async () => {
    item = await createItem(t, owner);
    cat = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'pages here' });
    pages = {
      second: await insertPage(t, item.item_id, { cat_id: cat, title: 'second', s_number: 2 }),
      first: await insertPage(t, item.item_id, { cat_id: cat, title: 'first', s_number: 1 }),
      tie: await insertPage(t, item.item_id, { cat_id: cat, title: 'tie', s_number: 2 }),
      deleted: await insertPage(t, item.item_id, { cat_id: cat, title: 'deleted', is_del: 1 }),
      theirDraft: await insertPage(t, item.item_id, { cat_id: cat, title: 'their draft', is_draft: 1, author_uid: other.uid }),
      myDraft: await insertPage(t, item.item_id, { cat_id: cat, title: 'my draft', is_draft: 1, author_uid: owner.uid, s_number: 3 }),
      root: await insertPage(t, item.item_id, { title: 'at the root' }),
    };
  });

  it('lists the live pages of a catalog in s_number, page_id order, with only the caller’s own drafts', async () => {
    const res = await as(t, owner, 'catalog/getPagesBycat', { item_id: item.item_id, cat_id: cat });
    expect(res.data).toEqual([
      { page_id: pages.first, page_title: 'first', s_number: 1 },
      { page_id: pages.second, page_title: 'second', s_number: 2 },
      { page_id: pages.tie, page_title: 'tie', s_number: 2 },
      { page_id: pages.myDraft, page_title: 'my draft', s_number: 3 },
    ]);
  });

  it('lists the pages at the project root for cat_id 0', async () => {
    const res = await as(t, owner, 'catalog/getPagesBycat', { item_id: item.item_id, cat_id: 0 });
    expect(res.data).toEqual([{ page_id: pages.root, page_title: 'at the root', s_number: 99 }]);
  });

  it('refuses a catalog of another project (10101), guests (10102), and readers who cannot edit (10303)', async () => {
    const theirs = await createItem(t, other);
    const foreign = await addCatalog(t, theirs.item_id, 'foreign');
    expect((await as(t, owner, 'catalog/getPagesBycat', { item_id: item.item_id, cat_id: foreign.cat_id })).error_code).toBe(10101);
    expect((await as(t, null, 'catalog/getPagesBycat', { item_id: item.item_id, cat_id: cat })).error_code).toBe(10102);
    expect((await as(t, other, 'catalog/getPagesBycat', { item_id: item.item_id, cat_id: cat })).error_code).toBe(10303);
  });
});

describe('catalog/delete', () => {
  it('removes the catalog and its sub-catalogs, and puts their live pages in the recycle bin', async () => {
    const item = await createItem(t, owner);
    const a = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'to delete' });
    const b = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'child', parent_cat_id: a });
    const c = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'grandchild', parent_cat_id: b });
    const kept = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'kept' });
    const inA = await insertPage(t, item.item_id, { cat_id: a, title: 'in A' });
    const inC = await insertPage(t, item.item_id, { cat_id: c, title: 'in C' });
    const draft = await insertPage(t, item.item_id, { cat_id: b, title: 'someone’s draft', is_draft: 1, author_uid: other.uid });
    const inKept = await insertPage(t, item.item_id, { cat_id: kept, title: 'in kept' });
    const earlier = await insertPage(t, item.item_id, { cat_id: b, title: 'deleted earlier', is_del: 1 });
    await t.database.db.insertInto('recycle').values({ item_id: item.item_id, page_id: earlier, page_title: 'deleted earlier', del_by_uid: other.uid, del_by_username: other.username, del_time: 1000 }).execute();

    t.clock.advance(60);
    const res = await as(t, owner, 'catalog/delete', { item_id: item.item_id, cat_id: a });
    expect(res).toMatchObject({ error_code: 0, data: { success: true } });

    expect((await catalogsOf(t, item.item_id)).map((r) => r.cat_id)).toEqual([kept]);
    for (const id of [inA, inC, draft]) expect(await pageRow(t, id)).toMatchObject({ is_del: 1 });
    // Pages keep their catalog id, so a restore can tell where they were.
    expect((await pageRow(t, inC))?.cat_id).toBe(c);
    expect((await pageRow(t, inKept))?.is_del).toBe(0);
    const bin = await recycleRows(t, item.item_id);
    expect(bin.map((r) => [r.page_id, r.page_title, r.del_by_uid, r.del_by_username, r.del_time]).sort()).toEqual(
      [
        [earlier, 'deleted earlier', other.uid, other.username, 1000],
        [inA, 'in A', owner.uid, owner.username, t.clock.now()],
        [inC, 'in C', owner.uid, owner.username, t.clock.now()],
        [draft, 'someone’s draft', owner.uid, owner.username, t.clock.now()],
      ].sort(),
    );
    const log = await changeLogRows(t, item.item_id);
    expect(log.at(-1)).toMatchObject({ op_action_type: 'delete', op_object_type: 'catalog', op_object_id: a, op_object_name: 'to delete' });
    expect((await t.database.db.selectFrom('item').select('last_update_time').where('item_id', '=', item.item_id).executeTakeFirstOrThrow()).last_update_time).toBe(
      t.clock.now(),
    );
  });

  it('refuses a catalog that does not exist, or that belongs to another project than item_id names', async () => {
    const item = await createItem(t, owner);
    const mine = await createItem(t, owner);
    const cat = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'x' });
    expect((await as(t, owner, 'catalog/delete', { item_id: mine.item_id, cat_id: cat })).error_code).toBe(10101);
    expect((await as(t, owner, 'catalog/delete', { cat_id: 2_000_000_000 })).error_code).toBe(10101);
    expect((await as(t, owner, 'catalog/delete', { cat_id: 0 })).error_code).toBe(10100);
    expect(await catalogRow(t, cat)).toBeDefined();
  });

  it('refuses guests (10102), strangers (10303) and read-only members (10303), deleting nothing', async () => {
    const item = await createItem(t, owner);
    const cat = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'x' });
    const reader = await registerUser(t);
    await addMember(t, item.item_id, reader, 0);
    expect((await as(t, null, 'catalog/delete', { cat_id: cat })).error_code).toBe(10102);
    expect((await as(t, other, 'catalog/delete', { cat_id: cat })).error_code).toBe(10303);
    expect((await as(t, reader, 'catalog/delete', { cat_id: cat })).error_code).toBe(10303);
    expect(await catalogRow(t, cat)).toBeDefined();
  });
});
