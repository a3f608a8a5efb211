import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { projectWithRoles, type TestItem } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let reader: TestUser;
let limited: TestUser;
let item: TestItem;
let pageId: number;
let hiddenPageId: number;

beforeAll(async () => {
  t = await startTestApp();
  const project = await projectWithRoles(t);
  ({ owner, editor, reader, limited, item } = project);
  pageId = (await createPage(t, owner, item.item_id, { cat_id: project.open.cat_id })).page_id;
  hiddenPageId = (await createPage(t, owner, item.item_id, { cat_id: project.closed.cat_id })).page_id;
});
afterAll(() => t?.close());

const add = (user: TestUser | undefined, params: Record<string, unknown>) => t.call('mock/add', params, { token: user?.token });
const get = (url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS' = 'GET') => t.app.inject({ method, url, headers: { cookie: `folio_token=${owner.token}` } });

describe('mock/add and mock/infoByPageId', () => {
  it('defines one mock per page for its editors, keeping its key when changed', async () => {
    const first = await add(editor, { page_id: pageId, template: '{"code":0,"data":{"id|1-9":1}}', path: 'users/1' });
    expect(first.data).toEqual({ page_id: pageId, path: '/users/1', unique_key: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const again = await add(owner, { page_id: pageId, template: '{"ok":true}', path: '/users/2' });
    expect((again.data as { unique_key: string }).unique_key).toBe((first.data as { unique_key: string }).unique_key);
    const info = await t.call('mock/infoByPageId', { page_id: pageId }, { token: reader.token });
    expect(info.data).toMatchObject({ page_id: pageId, item_id: item.item_id, path: '/users/2', template: '{"ok":true}', addtime: expect.stringMatching(/^\d{4}-/) });
  });

  it('answers [] for a page without a mock, and refuses readers, strangers, guests and catalog limits', async () => {
    const bare = await createPage(t, owner, item.item_id);
    expect((await t.call('mock/infoByPageId', { page_id: bare.page_id }, { token: owner.token })).data).toEqual([]);
    expect((await add(reader, { page_id: pageId, template: '{}' })).error_code).toBe(10303);
    const stranger = await registerUser(t);
    expect((await add(stranger, { page_id: pageId, template: '{}' })).error_code).toBe(10303);
    expect((await add(undefined, { page_id: pageId, template: '{}' })).error_code).toBe(10102);
    expect((await add(limited, { page_id: hiddenPageId, template: '{}' })).error_code).toBe(10103);
    expect((await t.call('mock/infoByPageId', { page_id: hiddenPageId }, { token: limited.token })).error_code).toBe(10103);
  });

  it('refuses what is not JSON, bad paths and regexes that could hang the server', async () => {
    expect((await add(owner, { page_id: pageId, template: '{oops' })).error_code).toBe(10101);
    expect((await add(owner, { page_id: pageId, template: '{}', path: '/' + 'a'.repeat(2048) })).error_code).toBe(10101);
    for (const path of ['~(a+)+$', '~(x|x)*y', '~[', `~${'a'.repeat(501)}`, '~a{1,2}b{1,2}c{1,2}d{1,2}']) {
      const res = await add(owner, { page_id: pageId, template: '{}', path });
      expect(res.error_code, path).toBe(10101);
    }
    expect((await add(owner, { page_id: pageId, template: 'x'.repeat(300 * 1024) })).error_code).toBe(10100);
    expect((await add(owner, { page_id: 'x', template: '{}' })).error_code).toBe(10100);
  });

  it('takes a template imported from ShowDoc in its escaped form', async () => {
    const page = await createPage(t, owner, item.item_id);
    const res = await add(owner, { page_id: page.page_id, template: '{&quot;name&quot;:&quot;@cname&quot;}', path: '/escaped' });
    expect(res.error_code).toBe(0);
    const served = await get(`/server/mock-path/${item.item_id}?path=/escaped`);
    expect(served.statusCode).toBe(200);
    expect(Object.keys(served.json<Record<string, unknown>>())).toEqual(['name']);
  });
});

describe('serving mocks', () => {
  it('answers by key and by path at every ShowDoc address and method, as safe JSON', async () => {
    const page = await createPage(t, owner, item.item_id);
    const { unique_key } = (await add(owner, { page_id: page.page_id, template: '{"list|3":[{"id|+1":1}],"html":"</script><script>alert(1)</script>"}', path: '/orders' })).data as { unique_key: string };
    for (const url of [
      `/server/mock-data/${unique_key}`,
      `/server/index.php?s=mock-data/${unique_key}`,
      `/server/index.php?s=/api/mock/infoByKey&unique_key=${unique_key}`,
      `/server/mock-path/${item.item_id}?path=/orders`,
      `/server/index.php?s=mock-path/${item.item_id}&path=/orders`,
    ]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await get(url, method);
        expect(res.statusCode, `${method} ${url}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.body).not.toMatch(/[<>]/);
        expect(res.json()).toEqual({ list: [{ id: 1 }, { id: 2 }, { id: 3 }], html: '</script><script>alert(1)</script>' });
      }
    }
    const row = await t.database.db.selectFrom('mock').select('view_times').where('unique_key', '=', unique_key).executeTakeFirstOrThrow();
    expect(row.view_times).toBe(15);
    expect((await get(`/server/mock-data/${unique_key}`, 'OPTIONS')).statusCode).toBe(204);
  });

  it('matches exact paths before regex paths, in the order they were made', async () => {
    const a = await createPage(t, owner, item.item_id);
    const b = await createPage(t, owner, item.item_id);
    await add(owner, { page_id: a.page_id, template: '{"which":"regex"}', path: '~^/goods/\\d+$' });
    await add(owner, { page_id: b.page_id, template: '{"which":"exact"}', path: '/goods/7' });
    expect((await get(`/server/mock-path/${item.item_id}?path=/goods/7`)).json()).toEqual({ which: 'exact' });
    expect((await get(`/server/mock-path/${item.item_id}?path=/goods/42`)).json()).toEqual({ which: 'regex' });
    expect((await get(`/server/mock-path/${item.item_id}?path=/goods/x`)).statusCode).toBe(404);
  });

  it('says no such key or path, refuses huge paths, and goes quiet when the page is deleted', async () => {
    expect((await get('/server/mock-data/' + '0'.repeat(32))).statusCode).toBe(404);
    expect((await get('/server/mock-data/not-a-key')).body).toBe('no such key');
    expect((await get(`/server/mock-path/${item.item_id}?path=/nothing`)).body).toBe('no such path');
    expect((await get(`/server/mock-path/${item.item_id}?path=/${'a'.repeat(3000)}`)).statusCode).toBe(400);
    const page = await createPage(t, owner, item.item_id);
    const { unique_key } = (await add(owner, { page_id: page.page_id, template: '{"a":1}', path: '/soon-gone' })).data as { unique_key: string };
    await t.call('page/delete', { page_id: page.page_id }, { token: owner.token });
    expect((await get(`/server/mock-data/${unique_key}`)).statusCode).toBe(404);
    expect((await get(`/server/mock-path/${item.item_id}?path=/soon-gone`)).statusCode).toBe(404);
  });

  it('answers a template that would be too costly with 400, not a hang', async () => {
    const page = await createPage(t, owner, item.item_id);
    const { unique_key } = (await add(owner, { page_id: page.page_id, template: '{"a|1000":[{"b|1000":[{"c|1000":["@paragraph"]}]}]}', path: '/heavy' })).data as { unique_key: string };
    const res = await get(`/server/mock-data/${unique_key}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});
