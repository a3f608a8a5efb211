import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem } from '../../test/item-factories.js';
import { formatTime } from '../../http/time.js';
import { as, changeLogRows, insertPage, pageRow, recycleRows, saveCatalog } from '../../test/catalog-helpers.js';

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let editor: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  await registerUser(t, { username: 'site_admin' });
  [owner, manager, editor, other] = await Promise.all([registerUser(t), registerUser(t), registerUser(t), registerUser(t)]);
});
afterAll(() => t?.close());

/** A project with catalogs A > A1 and pages in both; the owner deletes catalog A1 (its page goes to the bin). */
async function projectWithBin() {
  const item = await createItem(t, owner);
  await addMember(t, item.item_id, manager, 2);
  await addMember(t, item.item_id, editor, 1);
  const a = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A' });
  const a1 = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'A1', parent_cat_id: a });
  const inA = await insertPage(t, item.item_id, { cat_id: a, title: 'in A' });
  const inA1 = await insertPage(t, item.item_id, { cat_id: a1, title: 'in A1' });
  return { item, a, a1, inA, inA1 };
}

/** Soft-deletes a page as page/delete does: the page flag and its recycle row. */
async function binPage(pageId: number, itemId: number, by: TestUser, title: string) {
  await t.database.db.updateTable('page').set({ is_del: 1 }).where('page_id', '=', pageId).execute();
  await t.database.db
    .insertInto('recycle')
    .values({ item_id: itemId, page_id: pageId, page_title: title, del_by_uid: by.uid, del_by_username: by.username, del_time: t.clock.now() })
    .execute();
}

describe('recycle/getList', () => {
  it('lists the deleted pages of the project, newest first, in ShowDoc’s shape (transcript 49)', async () => {
    const p = await projectWithBin();
    await binPage(p.inA, p.item.item_id, manager, 'in A');
    const firstTime = t.clock.now();
    t.clock.advance(10);
    expect((await as(t, owner, 'catalog/delete', { cat_id: p.a1 })).error_code).toBe(0);
    const res = await as(t, manager, 'recycle/getList', { item_id: p.item.item_id });
    const rows = await recycleRows(t, p.item.item_id);
    const idOf = (pageId: number) => rows.find((r) => r.page_id === pageId)?.id;
    expect(res.data).toEqual([
      {
        id: idOf(p.inA1),
        item_id: p.item.item_id,
        page_id: p.inA1,
        page_title: 'in A1',
        del_by_uid: owner.uid,
        del_by_username: owner.username,
        del_time: formatTime(t.clock.now(), t.config.timeZone),
      },
      {
        id: idOf(p.inA),
        item_id: p.item.item_id,
        page_id: p.inA,
        page_title: 'in A',
        del_by_uid: manager.uid,
        del_by_username: manager.username,
        del_time: formatTime(firstTime, t.config.timeZone),
      },
    ]);
  });

  it('does not list rows whose page is live again, nor another project’s deleted pages', async () => {
    const p = await projectWithBin();
    const q = await projectWithBin();
    await binPage(p.inA, p.item.item_id, owner, 'in A');
    await binPage(q.inA, q.item.item_id, owner, 'in A of q');
    // A stale row: the page was brought back by some other path.
    await t.database.db.updateTable('page').set({ is_del: 0 }).where('page_id', '=', p.inA).execute();
    expect((await as(t, owner, 'recycle/getList', { item_id: p.item.item_id })).data).toEqual([]);
  });

  it('refuses guests (10102), editors (10303), strangers (10303) and bad ids (10100); no project is an empty bin, as in ShowDoc', async () => {
    const p = await projectWithBin();
    expect((await as(t, null, 'recycle/getList', { item_id: p.item.item_id })).error_code).toBe(10102);
    expect((await as(t, editor, 'recycle/getList', { item_id: p.item.item_id })).error_code).toBe(10303);
    expect((await as(t, other, 'recycle/getList', { item_id: p.item.item_id })).error_code).toBe(10303);
    expect((await as(t, owner, 'recycle/getList', { item_id: 'abc' })).error_code).toBe(10100);
    expect(await as(t, owner, 'recycle/getList', {})).toMatchObject({ error_code: 0, data: [] });
  });
});

describe('recycle/recover', () => {
  it('puts a page back into its catalog when the catalog still exists', async () => {
    const p = await projectWithBin();
    await binPage(p.inA1, p.item.item_id, owner, 'in A1');
    t.clock.advance(5);
    const res = await as(t, manager, 'recycle/recover', { item_id: p.item.item_id, page_id: p.inA1 });
    expect(res).toMatchObject({ error_code: 0, data: [] });
    expect(await pageRow(t, p.inA1)).toMatchObject({ is_del: 0, cat_id: p.a1 });
    expect(await recycleRows(t, p.item.item_id)).toEqual([]);
    expect((await as(t, owner, 'catalog/getPagesBycat', { item_id: p.item.item_id, cat_id: p.a1 })).data).toEqual([{ page_id: p.inA1, page_title: 'in A1', s_number: 99 }]);
    expect((await changeLogRows(t, p.item.item_id)).at(-1)).toMatchObject({ op_action_type: 'recover', op_object_type: 'page', op_object_id: p.inA1, op_object_name: 'in A1', uid: manager.uid });
    const item = await t.database.db.selectFrom('item').select('last_update_time').where('item_id', '=', p.item.item_id).executeTakeFirstOrThrow();
    expect(item.last_update_time).toBe(t.clock.now());
  });

  it('puts a page at the root when its catalog was deleted, however deep it was', async () => {
    const p = await projectWithBin();
    expect((await as(t, owner, 'catalog/delete', { cat_id: p.a })).error_code).toBe(0);
    for (const pageId of [p.inA, p.inA1]) {
      expect((await as(t, owner, 'recycle/recover', { item_id: p.item.item_id, page_id: pageId })).error_code).toBe(0);
      expect(await pageRow(t, pageId)).toMatchObject({ is_del: 0, cat_id: 0 });
    }
    expect(((await as(t, owner, 'catalog/getPagesBycat', { item_id: p.item.item_id, cat_id: 0 })).data as unknown[]).length).toBe(2);
  });

  it('puts a page at the root when its catalog now belongs to another project', async () => {
    const p = await projectWithBin();
    const dest = await createItem(t, owner);
    await binPage(p.inA1, p.item.item_id, owner, 'in A1');
    // A catalog id can only reach another project through a move; make the case directly.
    await t.database.db.updateTable('catalog').set({ item_id: dest.item_id }).where('cat_id', '=', p.a1).execute();
    expect((await as(t, owner, 'recycle/recover', { item_id: p.item.item_id, page_id: p.inA1 })).error_code).toBe(0);
    expect((await pageRow(t, p.inA1))?.cat_id).toBe(0);
  });

  it('refuses pages that are not in this project’s bin (10101), changing nothing', async () => {
    const p = await projectWithBin();
    const q = await projectWithBin();
    await binPage(q.inA, q.item.item_id, owner, 'in A of q');
    expect((await as(t, owner, 'recycle/recover', { item_id: p.item.item_id, page_id: q.inA })).error_code).toBe(10101);
    expect((await as(t, owner, 'recycle/recover', { item_id: p.item.item_id, page_id: p.inA })).error_code).toBe(10101);
    expect((await as(t, owner, 'recycle/recover', { item_id: p.item.item_id, page_id: 2_000_000_000 })).error_code).toBe(10101);
    expect((await pageRow(t, q.inA))?.is_del).toBe(1);
  });

  it('refuses guests (10102), editors (10303), strangers (10303) and bad input (10100)', async () => {
    const p = await projectWithBin();
    await binPage(p.inA, p.item.item_id, owner, 'in A');
    const params = { item_id: p.item.item_id, page_id: p.inA };
    expect((await as(t, null, 'recycle/recover', params)).error_code).toBe(10102);
    expect((await as(t, editor, 'recycle/recover', params)).error_code).toBe(10303);
    expect((await as(t, other, 'recycle/recover', params)).error_code).toBe(10303);
    expect((await as(t, owner, 'recycle/recover', { item_id: p.item.item_id, page_id: [p.inA] }, { json: true })).error_code).toBe(10100);
    expect((await as(t, owner, 'recycle/recover', { item_id: p.item.item_id })).error_code).toBe(10100);
    expect((await pageRow(t, p.inA))?.is_del).toBe(1);
  });

  it('a stranger to a private project is sent to the password screen (10307)', async () => {
    const item = await createItem(t, owner, { password: 'pw-123456' });
    expect((await as(t, other, 'recycle/recover', { item_id: item.item_id, page_id: 1 })).error_code).toBe(10307);
    expect((await as(t, other, 'recycle/getList', { item_id: item.item_id })).error_code).toBe(10307);
  });
});
