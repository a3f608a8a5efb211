import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem, type TestItem } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';

let t: TestApp;
let owner: TestUser;
let item: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  await registerUser(t); // the site's administrator
  owner = await registerUser(t);
  item = await createItem(t, owner);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** A mock on a new page of `project`; its key. */
async function mock(template: string, path: string, project: TestItem = item, who: TestUser = owner): Promise<{ key: string; pageId: number }> {
  const page = await createPage(t, who, project.item_id);
  const res = await t.call('mock/add', { page_id: page.page_id, template, path }, { token: who.token });
  if (res.error_code !== 0) throw new Error(`mock/add failed: ${res.error_code} ${res.error_message}`);
  return { key: (res.data as { unique_key: string }).unique_key, pageId: page.page_id };
}

const hit = (url: string, options: { method?: Method; ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: options.method ?? 'GET', url, remoteAddress: options.ip ?? '10.9.0.1', headers: options.headers });
const byPath = (itemId: number, path: string) => `/server/mock-path/${itemId}?path=${encodeURIComponent(path)}`;
const viewTimes = async (key: string) => (await t.database.db.selectFrom('mock').select('view_times').where('unique_key', '=', key).executeTakeFirstOrThrow()).view_times;

describe('the mock URLs', () => {
  it('answer every method the same way, HEAD without a body', async () => {
    const { key } = await mock('{"method":"any"}', '/any-method');
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [`/server/mock-data/${key}`, byPath(item.item_id, '/any-method'), `/server/index.php?s=mock-path/${item.item_id}&path=/any-method`]) {
        const res = await hit(url, { method, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${method} ${url} with an empty JSON body`).toBe(200);
        const odd = await t.app.inject({ method, url, remoteAddress: '10.9.0.1', headers: { 'content-type': 'application/xml' }, payload: '{not json' });
        expect(odd.statusCode, `${method} ${url} with an odd body`).toBe(200);
        expect(odd.json()).toEqual({ method: 'any' });
      }
    }
    const head = await hit(`/server/mock-data/${key}`, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const preflight = await hit(byPath(item.item_id, '/any-method'), { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'PUT' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
  });

  it('I3 · never act as the caller: a login cookie or token is not read, and no credentials are allowed cross-origin', async () => {
    const { key } = await mock('{"who":"nobody"}', '/no-credentials');
    for (const url of [`/server/mock-data/${key}`, `/server/index.php?s=/api/mock/infoByKey&unique_key=${key}`, byPath(item.item_id, '/no-credentials')]) {
      const res = await hit(url, { method: 'POST', headers: { cookie: `folio_token=${owner.token}`, 'x-api-token': owner.token, origin: 'https://evil.example' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('D9 · escape <>&\' so a browser opening the answer reads no markup', async () => {
    const { key } = await mock(`{"html":"</script><script>alert('x&y')</script>","list|2":["<b>"]}`, '/xss');
    for (const url of [`/server/mock-data/${key}`, byPath(item.item_id, '/xss'), `/server/index.php?s=/api/mock/infoByPath&item_id=${item.item_id}&path=/xss`]) {
      const res = await hit(url);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).not.toMatch(/[<>&']/);
      expect(res.body).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(\\u0027x\\u0026y\\u0027)');
      expect(res.json()).toEqual({ html: "</script><script>alert('x&y')</script>", list: ['<b>', '<b>'] });
    }
  });

  it('E6 · run nothing in a template, and answer 400 in plain text when a template is over the limits', async () => {
    const { key: evil } = await mock('{"a":"@string(globalThis.pwnedByMock=1)","b":"@eval(process.exit())","__proto__":{"x":1}}', '/evil');
    const res = await hit(`/server/mock-data/${evil}`);
    expect(res.statusCode).toBe(200);
    expect((globalThis as Record<string, unknown>).pwnedByMock).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    // Repeat counts are lowered to the engine's cap…
    const { key: capped } = await mock('{"list|1000000000":[1]}', '/capped');
    expect((await hit(`/server/mock-data/${capped}`)).json<{ list: number[] }>().list).toHaveLength(1000);
    // …and a template whose output or work would pass the limits is refused, quickly, without counting a view.
    for (const template of ['{"a|1000":[{"b|1000":[{"c|1000":["@paragraph"]}]}]}', '{"s|1000":"@string(10000)"}']) {
      const { key } = await mock(template, `/huge-${template.length}`);
      const started = Date.now();
      const answer = await hit(`/server/mock-data/${key}`);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(answer.statusCode, template).toBe(400);
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.body.length).toBeLessThan(200);
      expect(await viewTimes(key)).toBe(0);
    }
  });

  it('count each answer in view_times', async () => {
    const { key } = await mock('{"n":1}', '/counted');
    await hit(`/server/mock-data/${key}`);
    await hit(byPath(item.item_id, '/counted'), { method: 'POST' });
    await hit(`/server/index.php?s=mock-data/${key}`);
    await hit(byPath(item.item_id, '/not-this-one'));
    expect(await viewTimes(key)).toBe(3);
    expect((await t.call('mock/infoByPageId', { page_id: (await t.database.db.selectFrom('mock').select('page_id').where('unique_key', '=', key).executeTakeFirstOrThrow()).page_id }, { token: owner.token })).data).toMatchObject({ view_times: 3 });
  });
});

describe('matching paths', () => {
  it('matches unicode paths, keeps each project to its own mocks, and takes a path without its leading /', async () => {
    await mock('{"who":"用户"}', '/用户/1');
    const other = await createItem(t, owner);
    expect((await hit(byPath(item.item_id, '/用户/1'))).json()).toEqual({ who: '用户' });
    expect((await hit(`/server/mock-path/${item.item_id}?path=${encodeURIComponent('用户/1')}`)).json()).toEqual({ who: '用户' });
    expect((await hit(byPath(other.item_id, '/用户/1'))).statusCode).toBe(404);
  });

  it('tries regex rules in the order they were made, as partial matches', async () => {
    const project = await createItem(t, owner);
    await mock('{"rule":1}', '~/orders/\\d+', project);
    await mock('{"rule":2}', '~^/orders/', project);
    expect((await hit(byPath(project.item_id, '/api/orders/12/items'))).json()).toEqual({ rule: 1 });
    expect((await hit(byPath(project.item_id, '/orders/new'))).json()).toEqual({ rule: 2 });
    expect((await hit(byPath(project.item_id, '/ORDERS/1'))).statusCode).toBe(404);
  });

  it('answers in linear time even for a catastrophic rule that skipped the checks (imported from ShowDoc, E7)', async () => {
    const project = await createItem(t, owner);
    const { pageId } = await mock('{"rule":"safe"}', '/safe', project);
    // Written straight to the table, as an import would: mock/add refuses these.
    await t.database.db.updateTable('mock').set({ path: '~(a+)+$' }).where('page_id', '=', pageId).execute();
    const bad = await mock('{"rule":"broken"}', '/broken', project);
    await t.database.db.updateTable('mock').set({ path: '~([' }).where('page_id', '=', bad.pageId).execute();
    const started = Date.now();
    const res = await hit(byPath(project.item_id, '/' + 'a'.repeat(2000) + '!'));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(404);
    expect((await hit(byPath(project.item_id, '/aaaa'))).json()).toEqual({ rule: 'safe' });
  });

  it('says no such key or path for anything odd, and refuses paths over 2,048 characters', async () => {
    for (const url of ['/server/mock-data/zz', `/server/mock-data/${'f'.repeat(33)}`, '/server/index.php?s=/api/mock/infoByKey&unique_key[]=1', '/server/index.php?s=/api/mock/infoByKey']) {
      const res = await hit(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe('no such key');
    }
    for (const url of ['/server/mock-path/abc?path=/x', '/server/mock-path/99999999999999?path=/x', '/server/index.php?s=/api/mock/infoByPath&item_id=abc&path=/x']) {
      const res = await hit(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe('no such path');
    }
    const long = await hit(byPath(item.item_id, '/' + 'a'.repeat(2048)));
    expect(long.statusCode).toBe(400);
    expect(long.body).toBe('path too long');
    expect((await hit(byPath(item.item_id, '/' + 'é'.repeat(2047)))).statusCode).toBe(404);
  });
});

describe('when a mock goes quiet', () => {
  it('a page in the recycle bin stops answering, and answers again once recovered', async () => {
    const { key, pageId } = await mock('{"a":1}', '/recycled');
    await t.call('page/delete', { page_id: pageId }, { token: owner.token });
    expect((await hit(`/server/mock-data/${key}`)).statusCode).toBe(404);
    expect((await hit(byPath(item.item_id, '/recycled'))).statusCode).toBe(404);
    const recovered = await t.call('recycle/recover', { item_id: item.item_id, page_id: pageId }, { token: owner.token });
    expect(recovered.error_code).toBe(0);
    expect((await hit(`/server/mock-data/${key}`)).statusCode).toBe(200);
  });

  it('a deleted page with the same path does not hide a live one', async () => {
    const project = await createItem(t, owner);
    const first = await mock('{"which":"first"}', '/same', project);
    await mock('{"which":"second"}', '/same', project);
    expect((await hit(byPath(project.item_id, '/same'))).json()).toEqual({ which: 'first' });
    await t.call('page/delete', { page_id: first.pageId }, { token: owner.token });
    expect((await hit(byPath(project.item_id, '/same'))).json()).toEqual({ which: 'second' });
  });

  it('a deleted project stops answering; an archived one, read-only, keeps answering', async () => {
    const deleted = await createItem(t, owner);
    const gone = await mock('{"a":1}', '/in-deleted', deleted);
    const archived = await createItem(t, owner);
    const kept = await mock('{"a":2}', '/in-archived', archived);
    await t.database.db.updateTable('item').set({ is_del: 1 }).where('item_id', '=', deleted.item_id).execute();
    await t.database.db.updateTable('item').set({ is_archived: 1 }).where('item_id', '=', archived.item_id).execute();
    expect((await hit(`/server/mock-data/${gone.key}`)).statusCode).toBe(404);
    expect((await hit(byPath(deleted.item_id, '/in-deleted'))).statusCode).toBe(404);
    expect((await hit(`/server/mock-data/${kept.key}`)).json()).toEqual({ a: 2 });
    expect((await hit(byPath(archived.item_id, '/in-archived'))).json()).toEqual({ a: 2 });
  });

  it('B16 · a project with a visit password still serves its mocks: the key and path are the capability, as in ShowDoc', async () => {
    const locked = await createItem(t, owner, { password: 'visit-pass-1' });
    const { key } = await mock('{"locked":false}', '/locked', locked);
    expect((await hit(`/server/mock-data/${key}`)).json()).toEqual({ locked: false });
    expect((await hit(byPath(locked.item_id, '/locked'))).json()).toEqual({ locked: false });
  });
});

describe('throttling', () => {
  it('one address gets 600 answers a minute, then 429; others are not affected', async () => {
    const { key } = await mock('{"a":1}', '/busy');
    const url = `/server/mock-data/${key}`;
    for (let i = 0; i < 600; i += 1) expect((await hit(url, { ip: '10.77.0.1' })).statusCode).toBe(200);
    const refused = await hit(url, { ip: '10.77.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect((await hit(url, { ip: '10.77.0.2' })).statusCode).toBe(200);
  });
});
