import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addCatalog, addPage } from '../../test/item-factories.js';
import { openCall, openProject, type OpenProject } from '../../test/open-helpers.js';

let t: TestApp;
let project: OpenProject;
let other: OpenProject;

beforeAll(async () => {
  t = await startTestApp();
  project = await openProject(t);
  other = await openProject(t);
});
afterAll(() => t?.close());

/** A catalog row as ShowDoc's URL answers it: the row's numbers are strings. */
interface CatalogRow {
  cat_id: string;
  cat_name: string;
  item_id: string;
  s_number: string;
  parent_cat_id: string;
  level: string;
  addtime: string;
}

const create = async (params: Record<string, unknown>, target = project) => openCall(t, 'open/createCatalog', target.key, params);
const catalogRow = (catId: number | string) => t.database.db.selectFrom('catalog').selectAll().where('cat_id', '=', Number(catId)).executeTakeFirst();

describe('open/createCatalog', () => {
  it('creates top-level and nested catalogs (s_number 99 unless given) and answers the row', async () => {
    const top = await create({ cat_name: 'Guides <&>' });
    expect(top.error_code).toBe(0);
    expect(top.data).toMatchObject({ cat_name: 'Guides <&>', item_id: String(project.item.item_id), s_number: '99', parent_cat_id: '0', level: '2', addtime: expect.stringMatching(/^\d{4}-/) });
    const child = await create({ cat_name: 'Install', parent_cat_id: (top.data as CatalogRow).cat_id, s_number: 3 });
    expect(child.data).toMatchObject({ level: '3', s_number: '3', parent_cat_id: (top.data as CatalogRow).cat_id });
    const log = await t.database.db.selectFrom('item_change_log').selectAll().where('op_object_id', '=', Number((child.data as CatalogRow).cat_id)).where('op_object_type', '=', 'catalog').execute();
    expect(log).toMatchObject([{ op_action_type: 'create', uid: 0 }]);
  });

  it('refuses a fourth level, a blank name, a too-long name and a parent of another project', async () => {
    const a = (await create({ cat_name: 'A' })).data as CatalogRow;
    const b = (await create({ cat_name: 'B', parent_cat_id: a.cat_id })).data as CatalogRow;
    const c = (await create({ cat_name: 'C', parent_cat_id: b.cat_id })).data as CatalogRow;
    expect(c.level).toBe('4');
    expect((await create({ cat_name: 'D', parent_cat_id: c.cat_id })).error_code).toBe(10101);
    expect((await create({ cat_name: '' })).error_code).toBe(10101);
    expect((await create({ cat_name: 'x'.repeat(256) })).error_code).toBe(10100);
    const foreign = await addCatalog(t, other.item.item_id, 'Theirs');
    expect((await create({ cat_name: 'Sneaky', parent_cat_id: foreign.cat_id })).error_code).toBe(10101);
    const inForeign = await t.database.db.selectFrom('catalog').select('cat_id').where('parent_cat_id', '=', foreign.cat_id).execute();
    expect(inForeign).toEqual([]);
    expect((await create({ cat_name: 'n', parent_cat_id: -1 })).error_code).toBe(10100);
  });
});

describe('open/updateCatalog', () => {
  it('renames, reorders and moves a catalog of the project', async () => {
    const a = (await create({ cat_name: 'Old name' })).data as CatalogRow;
    const parent = (await create({ cat_name: 'Parent' })).data as CatalogRow;
    const res = await openCall(t, 'open/updateCatalog', project.key, { cat_id: a.cat_id, cat_name: 'New name', s_number: 7 });
    expect(res.data).toMatchObject({ cat_id: a.cat_id, cat_name: 'New name', s_number: '7', level: '2' });
    // Leaving the name out keeps it; leaving s_number out keeps it (ShowDoc wrote 0).
    const moved = await openCall(t, 'open/updateCatalog', project.key, { cat_id: a.cat_id, parent_cat_id: parent.cat_id });
    expect(moved.data).toMatchObject({ cat_name: 'New name', s_number: '7', parent_cat_id: parent.cat_id, level: '3' });
    expect((await catalogRow(a.cat_id))?.level).toBe(3);
    expect((await openCall(t, 'open/updateCatalog', project.key, { cat_id: parent.cat_id, parent_cat_id: a.cat_id })).error_code).toBe(10101);
  });

  it('refuses a catalog of another project (B15) and changes nothing there', async () => {
    const foreign = await addCatalog(t, other.item.item_id, 'Untouchable');
    const res = await openCall(t, 'open/updateCatalog', project.key, { cat_id: foreign.cat_id, cat_name: 'Pwned' });
    expect(res.error_code).toBe(10101);
    expect((await catalogRow(foreign.cat_id))?.cat_name).toBe('Untouchable');
    expect((await openCall(t, 'open/updateCatalog', project.key, { cat_id: 999_999, cat_name: 'x' })).error_code).toBe(10101);
    expect((await openCall(t, 'open/updateCatalog', project.key, { cat_id: 'x' })).error_code).toBe(10100);
  });
});

describe('open/deleteCatalog', () => {
  it('removes the catalog and what is below it; its pages go to the recycle bin', async () => {
    const top = (await create({ cat_name: 'To delete' })).data as CatalogRow;
    const child = (await create({ cat_name: 'Child', parent_cat_id: top.cat_id })).data as CatalogRow;
    const page = await addPage(t, project.item.item_id, { cat_id: Number(child.cat_id), title: 'Inside' });
    const res = await openCall(t, 'open/deleteCatalog', project.key, { cat_id: top.cat_id });
    // The id ShowDoc read from the request: a PHP int.
    expect(res).toMatchObject({ error_code: 0, data: { cat_id: Number(top.cat_id) } });
    expect(await catalogRow(top.cat_id)).toBeUndefined();
    expect(await catalogRow(child.cat_id)).toBeUndefined();
    const bin = await t.database.db.selectFrom('recycle').selectAll().where('page_id', '=', page.page_id).executeTakeFirstOrThrow();
    expect(bin).toMatchObject({ del_by_username: 'API', item_id: project.item.item_id });
  });

  it('refuses a catalog of another project (B15) and leaves its pages alone', async () => {
    const foreign = await addCatalog(t, other.item.item_id, 'Keep me');
    const page = await addPage(t, other.item.item_id, { cat_id: foreign.cat_id });
    expect((await openCall(t, 'open/deleteCatalog', project.key, { cat_id: foreign.cat_id })).error_code).toBe(10101);
    expect(await catalogRow(foreign.cat_id)).toBeDefined();
    const row = await t.database.db.selectFrom('page').select('is_del').where('page_id', '=', page.page_id).executeTakeFirstOrThrow();
    expect(row.is_del).toBe(0);
  });
});

describe('open/getCatalogTree', () => {
  it('answers the menu tree with every page body, drafts left out', async () => {
    const own = await openProject(t);
    await openCall(t, 'open/updatePage', own.key, { page_title: 'Root page', page_content: 'root body' });
    await openCall(t, 'open/updatePage', own.key, { cat_name: 'Top/Sub', page_title: 'Nested', page_content: 'nested body' });
    const draft = await addPage(t, own.item.item_id, { title: 'Secret draft', content: 'draft body' });
    await t.database.db.updateTable('page').set({ is_draft: 1 }).where('page_id', '=', draft.page_id).execute();
    const res = await openCall(t, 'open/getCatalogTree', own.key);
    expect(res.error_code).toBe(0);
    const tree = res.data as { pages: { page_title: string; page_content: string }[]; catalogs: { cat_name: string; pages: unknown[]; catalogs: { cat_name: string; pages: { page_title: string; page_content: string }[] }[] }[] };
    expect(tree.pages).toEqual([expect.objectContaining({ page_title: 'Root page', page_content: 'root body' })]);
    expect(tree.catalogs[0]?.cat_name).toBe('Top');
    expect(tree.catalogs[0]?.catalogs[0]?.pages).toEqual([expect.objectContaining({ page_title: 'Nested', page_content: 'nested body' })]);
    expect(res.response.body).not.toContain('draft body');
    expect(tree.catalogs.every((c) => (c as unknown as CatalogRow).item_id === String(own.item.item_id))).toBe(true);
  });
});
