import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, createItem, uniqueName, type TestItem } from '../../test/item-factories.js';
import { createPage, pageRow, updatePage } from '../../test/page-factories.js';
import { MAX_SORTED_PAGES } from './sort.js';

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let editor: TestUser;
let item: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t, { username: 'owner' });
  manager = await registerUser(t, { username: 'manager' });
  editor = await registerUser(t, { username: 'editor' });
  item = await createItem(t, owner);
  await addMember(t, item.item_id, manager, 2);
  await addMember(t, item.item_id, editor, 1);
});
afterAll(() => t?.close());

const del = (user: TestUser, pageId: number, extra: Record<string, unknown> = {}) => t.call('page/delete', { page_id: pageId, ...extra }, { token: user.token });
const recycleRows = (pageId: number) => t.database.db.selectFrom('recycle').selectAll().where('page_id', '=', pageId).execute();

describe('page/delete', () => {
  it('moves the page to the recycle bin and logs it (transcript 48)', async () => {
    const page = await createPage(t, editor, item.item_id, { title: 'Old notes' });
    t.clock.advance(30);
    const res = await del(owner, page.page_id);
    expect(res).toMatchObject({ error_code: 0, data: [] });
    expect((await pageRow(t, page.page_id)).is_del).toBe(1);
    expect(await recycleRows(page.page_id)).toMatchObject([
      { item_id: item.item_id, page_title: 'Old notes', del_by_uid: owner.uid, del_by_username: 'owner', del_time: t.clock.now() },
    ]);
    const log = await t.database.db.selectFrom('item_change_log').selectAll().where('item_id', '=', item.item_id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ op_action_type: 'delete', op_object_type: 'page', op_object_id: page.page_id, op_object_name: 'Old notes' });
    expect((await t.call('recycle/getList', { item_id: item.item_id }, { token: owner.token })).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ page_id: page.page_id })]),
    );
    expect((await del(owner, page.page_id)).error_code).toBe(10101);
  });

  it('keeps one recycle row per page when a restored page is deleted again', async () => {
    const page = await createPage(t, owner, item.item_id);
    await del(owner, page.page_id);
    expect((await t.call('recycle/recover', { item_id: item.item_id, page_id: page.page_id }, { token: owner.token })).error_code).toBe(0);
    t.clock.advance(5);
    expect((await del(manager, page.page_id)).error_code).toBe(0);
    expect(await recycleRows(page.page_id)).toMatchObject([{ del_by_username: 'manager', del_time: t.clock.now() }]);
  });

  it('lets managers delete any page, editors only the pages they last saved', async () => {
    const byOwner = await createPage(t, owner, item.item_id);
    expect(await del(editor, byOwner.page_id)).toMatchObject({ error_code: 10303, error_message: 'Only the project managers and the last author of a page can delete it' });
    expect((await pageRow(t, byOwner.page_id)).is_del).toBe(0);
    await updatePage(t, editor, byOwner, item.item_id);
    expect((await del(editor, byOwner.page_id)).error_code).toBe(0);
    const another = await createPage(t, editor, item.item_id);
    expect((await del(manager, another.page_id)).error_code).toBe(0);
  });

  it('refuses an author who is no longer an editor, a page of another project named by item_id, and guests', async () => {
    const demoted = await registerUser(t);
    await addMember(t, item.item_id, demoted, 1);
    const page = await createPage(t, demoted, item.item_id);
    await t.database.db.updateTable('item_member').set({ member_group_id: 0 }).where('uid', '=', demoted.uid).execute();
    expect((await del(demoted, page.page_id)).error_code).toBe(10303);
    const mine = await createItem(t, manager);
    expect((await del(manager, page.page_id, { item_id: mine.item_id })).error_code).toBe(10101);
    expect((await t.call('page/delete', { page_id: page.page_id })).error_code).toBe(10102);
    expect((await pageRow(t, page.page_id)).is_del).toBe(0);
  });

  it('is refused in an archived project', async () => {
    const archived = await createItem(t, owner);
    const page = await createPage(t, owner, archived.item_id);
    await t.database.db.updateTable('item').set({ is_archived: 1 }).where('item_id', '=', archived.item_id).execute();
    expect((await del(owner, page.page_id)).error_code).toBe(10101);
    expect((await pageRow(t, page.page_id)).is_del).toBe(0);
  });
});

describe('search follows saves, deletes and restores', () => {
  const titlesFound = async (keyword: string) => {
    const res = await t.call('item/search', { item_id: item.item_id, keyword }, { token: owner.token });
    expect(res.error_code).toBe(0);
    return (res.data as { pages: { page_title: string }[] }).pages.map((p) => p.page_title);
  };

  it('finds a page by its new words only, loses it when deleted and finds it again when restored', async () => {
    const before = uniqueName('pineapple');
    const after = uniqueName('mango');
    const page = await createPage(t, owner, item.item_id, { title: 'Fruit', content: `we sell ${before}` });
    expect(await titlesFound(before)).toEqual(['Fruit']);
    await updatePage(t, owner, page, item.item_id, { page_content: `we sell ${after}` });
    expect(await titlesFound(before)).toEqual([]);
    expect(await titlesFound(after)).toEqual(['Fruit']);

    await del(owner, page.page_id);
    expect(await titlesFound(after)).toEqual([]);
    await t.call('recycle/recover', { item_id: item.item_id, page_id: page.page_id }, { token: owner.token });
    expect(await titlesFound(after)).toEqual(['Fruit']);

    if (t.database.dialect === 'sqlite') {
      // The full-text index agrees with the page table row for row.
      await sql`insert into page_fts (page_fts) values ('integrity-check')`.execute(t.database.db);
    }
  });
});

describe('page/sort', () => {
  const sort = (user: TestUser, pages: unknown, itemId = item.item_id) =>
    t.call('page/sort', { item_id: itemId, pages: typeof pages === 'string' ? pages : JSON.stringify(pages) }, { token: user.token });

  it('sets the order of the pages given (ShowDoc’s {"page_id": s_number})', async () => {
    const [a, b] = [await createPage(t, owner, item.item_id), await createPage(t, owner, item.item_id)];
    expect(await sort(editor, { [a.page_id]: 2, [b.page_id]: '1' })).toMatchObject({ error_code: 0, data: [] });
    expect((await pageRow(t, a.page_id)).s_number).toBe(2);
    expect((await pageRow(t, b.page_id)).s_number).toBe(1);
    // Old clients send the JSON entity-escaped.
    expect((await sort(editor, `{&quot;${a.page_id}&quot;:5}`)).error_code).toBe(0);
    expect((await pageRow(t, a.page_id)).s_number).toBe(5);
    expect((await sort(editor, {})).error_code).toBe(0);
  });

  it('moves nothing when one page is of another project or unknown', async () => {
    const mine = await createPage(t, owner, item.item_id);
    const other = await createItem(t, owner);
    const foreign = await createPage(t, owner, other.item_id);
    const res = await sort(owner, { [mine.page_id]: 7, [foreign.page_id]: 8 });
    expect(res).toMatchObject({ error_code: 10101, error_message: 'This page does not belong to this project' });
    expect((await pageRow(t, mine.page_id)).s_number).toBe(99);
    expect((await pageRow(t, foreign.page_id)).s_number).toBe(99);
    expect((await sort(owner, { [mine.page_id]: 7, 99999999: 1 })).error_code).toBe(10101);
    expect((await pageRow(t, mine.page_id)).s_number).toBe(99);
  });

  it('refuses what it cannot read as an order', async () => {
    const page = await createPage(t, owner, item.item_id);
    for (const pages of ['not json', '[1,2]', '"x"', 'null', JSON.stringify({ abc: 1 }), JSON.stringify({ [page.page_id]: 'high' }), JSON.stringify({ [page.page_id]: 1e12 })]) {
      expect(await sort(owner, pages), pages).toMatchObject({ error_code: 10101, error_message: 'The new page order could not be read' });
    }
    const tooMany = Object.fromEntries(Array.from({ length: MAX_SORTED_PAGES + 1 }, (_, i) => [i + 1, i]));
    expect((await sort(owner, tooMany)).error_code).toBe(10101);
  });

  it('is for editors: read-only members get 10303, guests 10102', async () => {
    const readonly = await registerUser(t);
    await addMember(t, item.item_id, readonly, 0);
    const page = await createPage(t, owner, item.item_id);
    expect((await sort(readonly, { [page.page_id]: 1 })).error_code).toBe(10303);
    expect((await t.call('page/sort', { item_id: item.item_id, pages: '{}' })).error_code).toBe(10102);
  });

  it('sorts pages inside catalogs too', async () => {
    const catalog = await addCatalog(t, item.item_id, 'Sorted');
    const page = await createPage(t, owner, item.item_id, { cat_id: catalog.cat_id });
    expect((await sort(owner, { [page.page_id]: 4 })).error_code).toBe(0);
    expect((await pageRow(t, page.page_id)).s_number).toBe(4);
  });
});
