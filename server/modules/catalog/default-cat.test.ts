import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, createItem, type TestCatalog, type TestItem } from '../../test/item-factories.js';
import { createPage, updatePage } from '../../test/page-factories.js';

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let limited: TestUser;
let item: TestItem;
let guides: TestCatalog;
let api: TestCatalog;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  editor = await registerUser(t);
  limited = await registerUser(t);
  item = await createItem(t, owner);
  guides = await addCatalog(t, item.item_id, 'Guides');
  api = await addCatalog(t, item.item_id, 'API');
  await addMember(t, item.item_id, editor, 1);
  await addMember(t, item.item_id, limited, 1, [guides.cat_id]);
});
afterAll(() => t?.close());

const defaultCat = (user: TestUser | undefined, params: Record<string, unknown>) => t.call('catalog/getDefaultCat', { item_id: item.item_id, ...params }, { token: user?.token });

describe('catalog/getDefaultCat', () => {
  it("answers the page's catalog, a version's catalog, and a copied page's catalog", async () => {
    const page = await createPage(t, owner, item.item_id, { cat_id: api.cat_id });
    expect((await defaultCat(owner, { page_id: page.page_id })).data).toEqual({ default_cat_id: api.cat_id });
    await updatePage(t, owner, page, item.item_id, { cat_id: guides.cat_id });
    const version = await t.database.db.selectFrom('page_history').select('page_history_id').where('page_id', '=', page.page_id).executeTakeFirstOrThrow();
    expect((await defaultCat(owner, { page_id: page.page_id, page_history_id: version.page_history_id })).data).toEqual({ default_cat_id: api.cat_id });
    expect((await defaultCat(owner, { copy_page_id: page.page_id })).data).toEqual({ default_cat_id: guides.cat_id });
  });

  it("falls back to the catalog of the caller's latest page, then to the root", async () => {
    const fresh = await registerUser(t);
    const own = await createItem(t, fresh);
    expect((await t.call('catalog/getDefaultCat', { item_id: own.item_id }, { token: fresh.token })).data).toEqual({ default_cat_id: 0 });
    t.clock.advance(10);
    await createPage(t, editor, item.item_id, { cat_id: guides.cat_id });
    expect((await defaultCat(editor, {})).data).toEqual({ default_cat_id: guides.cat_id });
  });

  it('never offers a catalog the caller may not read, nor one of another project', async () => {
    const inApi = await createPage(t, owner, item.item_id, { cat_id: api.cat_id });
    expect((await defaultCat(limited, { copy_page_id: inApi.page_id })).error_code).toBe(10103);
    const other = await createItem(t, owner);
    const otherCat = await addCatalog(t, other.item_id, 'Elsewhere');
    const elsewhere = await createPage(t, owner, other.item_id, { cat_id: otherCat.cat_id });
    expect((await defaultCat(owner, { copy_page_id: elsewhere.page_id })).data).toEqual({ default_cat_id: 0 });
  });

  it('refuses callers who cannot edit the project, guests and bad input', async () => {
    const page = await createPage(t, owner, item.item_id);
    const stranger = await registerUser(t);
    expect((await defaultCat(stranger, { page_id: page.page_id })).error_code).toBe(10303);
    expect((await defaultCat(undefined, {})).error_code).toBe(10102);
    expect((await defaultCat(owner, { page_id: 'abc' })).error_code).toBe(10100);
    expect((await t.call('catalog/getDefaultCat', {}, { token: owner.token })).error_code).toBe(10100);
    const other = await createItem(t, owner);
    expect((await t.call('catalog/getDefaultCat', { item_id: other.item_id, page_id: page.page_id }, { token: owner.token })).error_code).toBe(10101);
  });
});
