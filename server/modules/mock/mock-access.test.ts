import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem, projectWithRoles, type ProjectWithRoles } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';

let t: TestApp;
let p: ProjectWithRoles;
let openPage: number;
let closedPage: number;
let privateOwner: TestUser;
let privatePage: number;

beforeAll(async () => {
  t = await startTestApp();
  // The first account of a site is its administrator, who may do everything; the roles below are people.
  await registerUser(t);
  p = await projectWithRoles(t);
  openPage = (await createPage(t, p.owner, p.item.item_id, { cat_id: p.open.cat_id })).page_id;
  closedPage = (await createPage(t, p.owner, p.item.item_id, { cat_id: p.closed.cat_id })).page_id;
  privateOwner = await registerUser(t);
  const privateItem = await createItem(t, privateOwner, { password: 'secret-visit-1' });
  privatePage = (await createPage(t, privateOwner, privateItem.item_id)).page_id;
});
afterAll(() => t?.close());

const add = (user: TestUser | undefined, params: Record<string, unknown>) => t.call('mock/add', params, { token: user?.token });
const info = (user: TestUser | undefined, pageId: unknown) => t.call('mock/infoByPageId', { page_id: pageId }, { token: user?.token });
const TEMPLATE = '{"ok":true}';

describe('who may define a mock (mock/add)', () => {
  it('the owner, an editor member and a member limited to the page’s catalog may', async () => {
    for (const who of [p.owner, p.editor, p.limited]) {
      const res = await add(who, { page_id: openPage, template: TEMPLATE, path: '/who' });
      expect(res.error_code, who.username).toBe(0);
    }
    const row = await t.database.db.selectFrom('mock').select(['uid']).where('page_id', '=', openPage).execute();
    expect(row).toEqual([{ uid: p.limited.uid }]);
  });

  it('a read-only member, a stranger, a guest, a member outside the catalog and another project’s owner may not', async () => {
    expect((await add(p.reader, { page_id: openPage, template: TEMPLATE })).error_code).toBe(10303);
    expect((await add(p.stranger, { page_id: openPage, template: TEMPLATE })).error_code).toBe(10303);
    expect((await add(undefined, { page_id: openPage, template: TEMPLATE })).error_code).toBe(10102);
    expect((await add(p.limited, { page_id: closedPage, template: TEMPLATE })).error_code).toBe(10103);
    // A project with a visit password answers strangers 10307 (enter the password), as ShowDoc.
    expect((await add(p.owner, { page_id: privatePage, template: TEMPLATE })).error_code).toBe(10307);
    expect((await add(privateOwner, { page_id: openPage, template: TEMPLATE })).error_code).toBe(10303);
    expect(await t.database.db.selectFrom('mock').select('id').where('page_id', 'in', [closedPage, privatePage]).execute()).toEqual([]);
  });

  it('a page in the recycle bin, an unknown page and an archived project take no mock', async () => {
    const gone = await createPage(t, p.owner, p.item.item_id);
    await t.call('page/delete', { page_id: gone.page_id }, { token: p.owner.token });
    expect((await add(p.owner, { page_id: gone.page_id, template: TEMPLATE })).error_code).toBe(10101);
    expect((await add(p.owner, { page_id: 987654, template: TEMPLATE })).error_code).toBe(10101);
    const owner = await registerUser(t);
    const archived = await createItem(t, owner);
    const page = await createPage(t, owner, archived.item_id);
    await t.database.db.updateTable('item').set({ is_archived: 1 }).where('item_id', '=', archived.item_id).execute();
    expect((await add(owner, { page_id: page.page_id, template: TEMPLATE })).error_code).toBe(10101);
  });
});

describe('who may read a page’s mock (mock/infoByPageId)', () => {
  it('every reader of the page, guests of a public project included', async () => {
    const page = await createPage(t, p.owner, p.item.item_id, { cat_id: p.open.cat_id });
    await add(p.editor, { page_id: page.page_id, template: '{"名字":"@cname"}', path: '/读者' });
    for (const who of [p.owner, p.editor, p.reader, p.limited, p.stranger, undefined]) {
      const res = await info(who, page.page_id);
      expect(res.error_code, who?.username ?? 'guest').toBe(0);
      expect(res.data).toMatchObject({ page_id: page.page_id, item_id: p.item.item_id, uid: p.editor.uid, template: '{"名字":"@cname"}', path: '/读者', view_times: 0 });
    }
  });

  it('B16 · not outside the caller’s catalogs, nor in a project with a visit password', async () => {
    await add(p.owner, { page_id: closedPage, template: TEMPLATE, path: '/closed' });
    expect((await info(p.limited, closedPage)).error_code).toBe(10103);
    await add(privateOwner, { page_id: privatePage, template: TEMPLATE, path: '/private' });
    expect((await info(privateOwner, privatePage)).error_code).toBe(0);
    const guest = await info(undefined, privatePage);
    expect(guest.error_code).not.toBe(0);
    expect(guest.data).toBeUndefined();
    expect((await info(p.owner, privatePage)).error_code).not.toBe(0);
  });

  it('refuses ids that are not positive integers', async () => {
    for (const bad of ['abc', 0, -1, '1e3', 99_999_999_999, '']) {
      expect((await info(p.owner, bad)).error_code, String(bad)).toBe(10100);
    }
    expect((await t.call('mock/infoByPageId', { 'page_id[]': 1 }, { token: p.owner.token })).error_code).toBe(10100);
  });
});

describe('what a mock may hold', () => {
  let page: number;
  beforeAll(async () => {
    page = (await createPage(t, p.owner, p.item.item_id)).page_id;
  });
  const save = (params: Record<string, unknown>) => add(p.owner, { page_id: page, template: TEMPLATE, ...params });

  it('prefixes paths with /, trims them, and takes unicode and the longest allowed path', async () => {
    expect((await save({ path: 'orders/1' })).data).toMatchObject({ path: '/orders/1' });
    expect((await save({ path: '  /spaced  ' })).data).toMatchObject({ path: '/spaced' });
    expect((await save({ path: '' })).data).toMatchObject({ path: '/' });
    expect((await save({})).data).toMatchObject({ path: '/' });
    expect((await save({ path: '/用户/列表 ✓' })).data).toMatchObject({ path: '/用户/列表 ✓' });
    expect((await save({ path: '/' + 'a'.repeat(2047) })).error_code).toBe(0);
    const tooLong = await save({ path: '/' + 'a'.repeat(2048) });
    expect(tooLong).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('too long') });
  });

  it('takes regex paths RE2 compiles, up to 500 characters', async () => {
    expect((await save({ path: '~^/orders/\\d+$' })).data).toMatchObject({ path: '~^/orders/\\d+$' });
    expect((await save({ path: '~^\\/用户\\/\\d+$' })).error_code).toBe(0);
    expect((await save({ path: `~${'a'.repeat(500)}` })).error_code).toBe(0);
    expect((await save({ path: `~${'a'.repeat(501)}` })).error_code).toBe(10101);
    expect((await save({ path: '~' })).error_code).toBe(10101);
  });

  it('E7 · refuses regexes that do not compile, and those ShowDoc calls catastrophic', async () => {
    for (const path of ['~[', '~(a', '~a{2,1}', '~(?=lookahead)x', '~(a)\\1', '~a{1001}']) {
      const res = await save({ path });
      expect(res, path).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('does not compile') });
    }
    for (const path of ['~(a+)+$', '~^(a*)*b', '~(x|x)*y', '~(ab|ab)+', '~a{1,2}b{1,2}c{1,2}d{1,2}']) {
      const res = await save({ path });
      expect(res, path).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('too long to match') });
    }
  });

  it('takes any JSON value as a template, refuses text that is not JSON, and caps the size', async () => {
    for (const template of ['[]', '{"a":[1,2,{"b":null}]}', '"just a string"', '{"emoji":"😀","中文":"@cname"}']) {
      expect((await save({ template })).error_code, template).toBe(0);
    }
    for (const template of ['', '{oops', "{'a':1}", '{"a":1,}']) {
      const res = await save({ template });
      expect(res, template).toMatchObject({ error_code: 10101, error_message: 'The mock template must be valid JSON' });
    }
    expect((await save({ template: JSON.stringify({ a: 'x'.repeat(199 * 1024) }) })).error_code).toBe(0);
    expect((await save({ template: JSON.stringify({ a: 'x'.repeat(201 * 1024) }) })).error_code).toBe(10100);
  });

  it('refuses wrong types at the edge', async () => {
    expect((await add(p.owner, { page_id: 'x', template: TEMPLATE })).error_code).toBe(10100);
    expect((await add(p.owner, { template: TEMPLATE })).error_code).toBe(10100);
    expect((await t.call('mock/add', { page_id: page, template: { a: 1 } }, { token: p.owner.token, json: true })).error_code).toBe(10100);
    expect((await t.call('mock/add', { page_id: page, template: TEMPLATE, path: ['/a'] }, { token: p.owner.token, json: true })).error_code).toBe(10100);
  });

  it('keeps one row and one key per page across updates, with a fresh 32-hex key for each page', async () => {
    const other = (await createPage(t, p.owner, p.item.item_id)).page_id;
    const first = (await save({ path: '/one' })).data as { unique_key: string };
    const second = (await save({ path: '/two' })).data as { unique_key: string };
    const third = (await add(p.owner, { page_id: other, template: TEMPLATE })).data as { unique_key: string };
    expect(second.unique_key).toBe(first.unique_key);
    expect(third.unique_key).toMatch(/^[0-9a-f]{32}$/);
    expect(third.unique_key).not.toBe(first.unique_key);
    expect(await t.database.db.selectFrom('mock').select('path').where('page_id', '=', page).execute()).toEqual([{ path: '/two' }]);
  });
});
