import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { livePages, openCall, openProject, showdocUrl, type OpenProject } from '../../test/open-helpers.js';

let t: TestApp;
let project: OpenProject;

beforeAll(async () => {
  t = await startTestApp();
  project = await openProject(t);
});
afterAll(() => t?.close());

const zh = { headers: { 'accept-language': 'zh-CN' } };

describe('open API credentials', () => {
  it('replays ShowDoc transcript 37: item/updateByApi at /server/index.php?s= creates the page and answers its row', async () => {
    const res = await openCall(t, 'item/updateByApi', project.key, {
      cat_name: 'OpenAPI',
      cat_name_sub: 'v1',
      page_title: 'Created by API',
      page_content: 'made via **updateByApi**',
      s_number: '5',
    });
    expect(res.response.statusCode).toBe(200);
    expect(res.response.headers['content-type']).toMatch(/application\/json/);
    expect(res.error_code).toBe(0);
    expect(Object.keys(res.data as object)).toEqual(
      expect.arrayContaining(['page_id', 'author_uid', 'author_username', 'item_id', 'cat_id', 'page_title', 'page_content', 's_number', 'addtime', 'page_comments', 'is_del', 'page_addtime', 'ext_info', 'is_draft']),
    );
    // ShowDoc's types: the row's numbers as strings, the formatted addtime, no Folio extras.
    expect(res.data).toMatchObject({
      author_uid: '0',
      author_username: 'API',
      item_id: String(project.item.item_id),
      page_title: 'Created by API',
      page_content: 'made via **updateByApi**',
      s_number: '5',
      addtime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      page_comments: '',
      is_del: '0',
      ext_info: '',
      is_draft: '0',
    });
    expect(res.data).not.toHaveProperty('version');
  });

  it('answers 10306 with ShowDoc’s text for a wrong token (transcript 40), an unknown key and no credentials', async () => {
    const wrongToken = await openCall(t, 'item/updateByApi', { ...project.key, api_token: 'wrong' }, { page_title: 'x', page_content: 'y' }, zh);
    expect(wrongToken).toMatchObject({ error_code: 10306, error_message: 'api_key或者api_token不匹配' });
    expect(wrongToken.data).toBeUndefined();
    const unknownKey = await openCall(t, 'open/updatePage', { api_key: 'f'.repeat(32), api_token: project.key.api_token }, { page_title: 'x', page_content: 'y' });
    expect(unknownKey.error_code).toBe(10306);
    const none = await t.call('open/updatePage', { page_title: 'x', page_content: 'y' }, { url: showdocUrl('open/updatePage') });
    expect(none.error_code).toBe(10306);
    // The other project's token with this project's key is just as wrong.
    const other = await openProject(t);
    expect((await openCall(t, 'open/updatePage', { api_key: project.key.api_key, api_token: other.key.api_token }, { page_title: 'x' })).error_code).toBe(10306);
    expect((await livePages(t, project.item.item_id)).some((p) => p.page_title === 'x')).toBe(false);
  });

  it('does not take a login instead of the key: the owner’s user_token alone is 10306', async () => {
    const res = await t.call('open/updatePage', { page_title: 'by login', page_content: 'x' }, { token: project.owner.token, url: showdocUrl('open/updatePage') });
    expect(res.error_code).toBe(10306);
  });

  it('is reachable at every URL shape ShowDoc clients use, with the key in the query string or a JSON body', async () => {
    const shapes = ['/server/?s=/api/open/getPage', '/server/index.php?s=api/open/getPage', '/server/api/open/getPage', '/api/open/getPage', '/server/index.php?s=/Api/Open/getpage'];
    for (const url of shapes) {
      const res = await t.call('open/getPage', { ...project.key, page_title: 'Created by API' }, { url, method: 'GET' });
      expect(res.error_code, url).toBe(0);
    }
    const json = await t.call('open/getPage', { ...project.key, page_title: 'Created by API' }, { url: showdocUrl('open/getPage'), json: true });
    expect(json.error_code).toBe(0);
  });

  it('records when the key was last used', async () => {
    t.clock.advance(100);
    await openCall(t, 'open/getPage', project.key, { page_title: 'Created by API' });
    const row = await t.database.db.selectFrom('item_token').select('last_check_time').where('item_id', '=', project.item.item_id).executeTakeFirstOrThrow();
    expect(row.last_check_time).toBe(t.clock.now());
  });

  it('keeps working after the token is reset only with the new token', async () => {
    const own = await openProject(t);
    const reset = await t.call('item/resetKey', { item_id: own.item.item_id }, { token: own.owner.token });
    const fresh = reset.data as { api_key: string; api_token: string };
    expect(fresh.api_key).toBe(own.key.api_key);
    expect((await openCall(t, 'open/getCatalogTree', own.key)).error_code).toBe(10306);
    expect((await openCall(t, 'open/getCatalogTree', { api_key: fresh.api_key, api_token: fresh.api_token })).error_code).toBe(0);
  });

  it('answers 10306 for the key of a deleted project', async () => {
    const doomed = await openProject(t);
    await t.database.db.updateTable('item').set({ is_del: 1 }).where('item_id', '=', doomed.item.item_id).execute();
    expect((await openCall(t, 'open/updatePage', doomed.key, { page_title: 'x', page_content: 'y' })).error_code).toBe(10306);
    expect((await openCall(t, 'open/getCatalogTree', doomed.key)).error_code).toBe(10306);
  });

  it('lets an archived project be read but not changed', async () => {
    const archived = await openProject(t);
    await openCall(t, 'open/updatePage', archived.key, { page_title: 'Kept', page_content: 'old' });
    await t.database.db.updateTable('item').set({ is_archived: 1 }).where('item_id', '=', archived.item.item_id).execute();
    expect((await openCall(t, 'open/getPage', archived.key, { page_title: 'Kept' })).error_code).toBe(0);
    expect((await openCall(t, 'open/getCatalogTree', archived.key)).error_code).toBe(0);
    const write = await openCall(t, 'open/updatePage', archived.key, { page_title: 'Kept', page_content: 'new' });
    expect(write.error_code).toBe(10101);
    expect((await openCall(t, 'open/createCatalog', archived.key, { cat_name: 'c' })).error_code).toBe(10101);
    expect((await livePages(t, archived.item.item_id))[0]?.page_content).toBe('old');
  });

  it('H2 · throttles wrong tokens per key and address: after a few failures even the right token waits (10204)', async () => {
    const target = await openProject(t);
    const from = { remoteAddress: '10.9.9.9' };
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await openCall(t, 'open/getCatalogTree', { ...target.key, api_token: `guess-${i}` }, {}, from)).error_code);
    expect(codes.slice(0, 5)).toEqual([10306, 10306, 10306, 10306, 10306]);
    expect(codes.slice(5)).toContain(10204);
    expect((await openCall(t, 'open/getCatalogTree', target.key, {}, from)).error_code).toBe(10204);
    // Another address with the right token is not locked out by these guesses.
    expect((await openCall(t, 'open/getCatalogTree', target.key, {}, { remoteAddress: '10.9.9.10' })).error_code).toBe(0);
    // The lock runs out.
    t.clock.advance(3600 * 2);
    expect((await openCall(t, 'open/getCatalogTree', target.key, {}, from)).error_code).toBe(0);
  });

  it('throttles guesses of unknown keys per address too', async () => {
    const from = { remoteAddress: '10.8.8.8' };
    const codes: number[] = [];
    for (let i = 0; i < 35; i++) codes.push((await openCall(t, 'open/getCatalogTree', { api_key: `k${i}`, api_token: 't' }, {}, from)).error_code);
    expect(codes).toContain(10204);
    expect(codes.every((c) => c === 10306 || c === 10204)).toBe(true);
  });

  it('refuses credentials of the wrong type or size as invalid input, never as a server error', async () => {
    for (const params of [{ api_key: 'k'.repeat(201), api_token: 't' }, { api_key: 'k\u0000', api_token: 't' }]) {
      const res = await t.call('open/getCatalogTree', params, { url: showdocUrl('open/getCatalogTree') });
      expect(res.error_code).toBe(10100);
    }
    const array = await t.call('open/getCatalogTree', { api_key: ['a'], api_token: { x: 1 } }, { url: showdocUrl('open/getCatalogTree'), json: true });
    expect(array.error_code).toBe(10100);
  });
});
