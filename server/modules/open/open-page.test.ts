import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addCatalog, addPage } from '../../test/item-factories.js';
import { historyRows, lockPage, pageRow, savePage } from '../../test/page-factories.js';
import { livePages, openCall, openProject, type OpenProject } from '../../test/open-helpers.js';

let t: TestApp;
let project: OpenProject;
let other: OpenProject;

beforeAll(async () => {
  t = await startTestApp();
  project = await openProject(t);
  other = await openProject(t);
});
afterAll(() => t?.close());

const push = (params: Record<string, unknown>, target: OpenProject = project) => openCall(t, 'open/updatePage', target.key, params);

async function catalogChain(itemId: number) {
  return t.database.db.selectFrom('catalog').selectAll().where('item_id', '=', itemId).orderBy('cat_id').execute();
}

describe('open/updatePage', () => {
  it('replays transcripts 37–39: cat_name + cat_name_sub, then cat_name "a/b", update the same page; s_number falls back to 99', async () => {
    const first = await openCall(t, 'item/updateByApi', project.key, { cat_name: 'OpenAPI', cat_name_sub: 'v1', page_title: 'Created by API', page_content: 'made via **updateByApi**', s_number: 5 });
    const again = await openCall(t, 'item/updateByApi', project.key, { cat_name: 'OpenAPI/v1', page_title: 'Created by API', page_content: 'made via **updateByApi**, v2' });
    // ShowDoc's URL: the row's numbers are strings, as in the transcripts.
    const page = first.data as { page_id: string; cat_id: string };
    expect(again.data).toMatchObject({ page_id: page.page_id, cat_id: page.cat_id, page_content: 'made via **updateByApi**, v2', s_number: '99' });
    const newer = await openCall(t, 'open/updatePage', project.key, { cat_name: 'OpenAPI', page_title: 'Via open/updatePage', page_content: 'x' });
    expect(newer.data).toMatchObject({ page_title: 'Via open/updatePage', s_number: '99', author_username: 'API' });
    const catalogs = await catalogChain(project.item.item_id);
    expect(catalogs.map((c) => [c.cat_name, c.level])).toEqual([
      ['OpenAPI', 2],
      ['v1', 3],
    ]);
    expect((newer.data as { cat_id: string }).cat_id).toBe(String(catalogs[0]?.cat_id));
    // The project's menu shows them as ShowDoc's does (transcript 41).
    const info = await t.call('item/info', { item_id: project.item.item_id }, { token: project.owner.token });
    const menu = (info.data as { menu: { catalogs: { cat_name: string; pages: { page_title: string }[]; catalogs: { pages: { page_title: string }[] }[] }[] } }).menu;
    expect(menu.catalogs[0]?.pages.map((p) => p.page_title)).toEqual(['Via open/updatePage']);
    expect(menu.catalogs[0]?.catalogs[0]?.pages.map((p) => p.page_title)).toEqual(['Created by API']);
  });

  it('updates one page when the same title comes twice, keeping the old text as one history version by API, and logs both writes', async () => {
    const a = await push({ cat_name: 'Twice', page_title: 'Same', page_content: 'one' });
    const b = await push({ cat_name: 'Twice', page_title: 'Same', page_content: 'two' });
    const pageId = Number((a.data as { page_id: string }).page_id);
    expect(Number((b.data as { page_id: string }).page_id)).toBe(pageId);
    const history = await historyRows(t, pageId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ page_content: 'one', author_uid: 0, author_username: 'API' });
    const log = await t.database.db.selectFrom('item_change_log').selectAll().where('op_object_id', '=', pageId).where('op_object_type', '=', 'page').orderBy('id').execute();
    expect(log.map((l) => [l.op_action_type, l.uid, l.op_object_name])).toEqual([
      ['create', 0, 'Same'],
      ['update', 0, 'Same'],
    ]);
    const version = await t.database.db.selectFrom('page').select('version').where('page_id', '=', pageId).executeTakeFirstOrThrow();
    expect(version.version).toBe(2);
  });

  it('makes one page when a CI pushes the same new title several times at once', async () => {
    const own = await openProject(t);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => push({ cat_name: 'Race/Deep', page_title: 'Parallel', page_content: `v${i}` }, own)));
    expect(results.every((r) => r.error_code === 0)).toBe(true);
    const pages = (await livePages(t, own.item.item_id)).filter((p) => p.page_title === 'Parallel');
    expect(pages).toHaveLength(1);
    expect(await historyRows(t, pages[0]?.page_id ?? 0)).toHaveLength(4);
    expect(await catalogChain(own.item.item_id)).toHaveLength(2);
  });

  it('does not duplicate titles with & < > " \' (ShowDoc did, on every call), and stores title and body raw', async () => {
    const title = `R&D <b>"quoted"</b> it's`;
    const first = await push({ page_title: title, page_content: '<script>alert(1)</script> & more' });
    const second = await push({ page_title: title, page_content: 'second & <i>' });
    expect((second.data as { page_id: string }).page_id).toBe((first.data as { page_id: string }).page_id);
    const rows = (await livePages(t, project.item.item_id)).filter((p) => p.page_title === title);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.page_content).toBe('second & <i>');
    // Bodies go out HTML-escaped on ShowDoc's URLs, as ShowDoc stores them; titles as stored.
    expect(second.data).toMatchObject({ page_title: title, page_content: 'second &amp; &lt;i&gt;' });
    const folio = await openCall(t, 'open/getPage', project.key, { page_title: title }, { url: '/api/open/getPage' });
    expect(folio.data).toMatchObject({ page_title: title, page_content: 'second & <i>' });
  });

  it('creates three catalog levels from "a/b/c" (leading / tolerated) and folds a fourth level into the third', async () => {
    const own = await openProject(t);
    const three = await push({ cat_name: '/一级/二级/三级', page_title: 'Deep', page_content: 'x' }, own);
    const catalogs = await catalogChain(own.item.item_id);
    expect(catalogs.map((c) => [c.cat_name, c.level])).toEqual([
      ['一级', 2],
      ['二级', 3],
      ['三级', 4],
    ]);
    expect((three.data as { cat_id: string }).cat_id).toBe(String(catalogs[2]?.cat_id));
    const four = await push({ cat_name: '一级/二级/三级/四级', page_title: 'Deeper', page_content: 'x' }, own);
    expect(four.error_code).toBe(0);
    const after = await catalogChain(own.item.item_id);
    expect(Math.max(...after.map((c) => c.level))).toBe(4);
    expect(after.find((c) => c.cat_id === Number((four.data as { cat_id: string }).cat_id))?.cat_name).toBe('三级 / 四级');
    // Blank levels and an empty cat_name mean the root.
    const root = await push({ cat_name: '//', page_title: 'Root page', page_content: 'x' }, own);
    expect((root.data as { cat_id: string }).cat_id).toBe('0');
  });

  it('answers 10101 for an empty title and writes nothing', async () => {
    const before = (await livePages(t, project.item.item_id)).length;
    expect((await push({ page_title: '', page_content: 'x' })).error_code).toBe(10101);
    expect((await push({ page_title: '   ', page_content: 'x' })).error_code).toBe(10101);
    expect((await push({ page_content: 'x' })).error_code).toBe(10101);
    expect((await livePages(t, project.item.item_id)).length).toBe(before);
  });

  it('decodes page_content when is_urlencode is set, and accepts unicode and emoji titles', async () => {
    const res = await push({ page_title: '接口 🚀 é', page_content: encodeURIComponent('a+b & c 中文'), is_urlencode: 1 });
    expect(res.data).toMatchObject({ page_title: '接口 🚀 é', page_content: 'a+b &amp; c 中文' });
  });

  it('refuses NUL bytes, over-long titles, huge content and wrong types (10100); lone surrogates become U+FFFD', async () => {
    expect((await push({ page_title: 'nul', page_content: 'a\u0000b' })).error_code).toBe(10100);
    expect((await push({ page_title: 'n\u0000ul', page_content: 'ab' })).error_code).toBe(10100);
    expect((await push({ page_title: 'x'.repeat(256), page_content: 'ab' })).error_code).toBe(10100);
    expect((await push({ page_title: 'big', page_content: 'x'.repeat(2_000_001) })).error_code).toBe(10100);
    expect((await openCall(t, 'open/updatePage', project.key, { page_title: { a: 1 }, page_content: ['x'] }, { json: true })).error_code).toBe(10100);
    expect((await push({ page_title: 'order', page_content: 'x', s_number: '1e99' })).error_code).toBe(10100);
    const lone = await openCall(t, 'open/updatePage', project.key, { page_title: 'surrogate', page_content: 'a\uD800b' }, { json: true });
    expect(lone.error_code).toBe(0);
    expect((lone.data as { page_content: string }).page_content).toBe('a\uFFFDb');
  });

  it('refuses a body over the router limit before reading it, without a server error', async () => {
    const res = await push({ page_title: 'huge', page_content: 'x'.repeat(9 * 1024 * 1024) });
    expect(res.response.statusCode).toBe(413);
    expect(res.error_code).toBe(10100);
  });

  it('refuses writes once the project holds the page cap (ShowDoc: 5,000; Folio: 20,000)', async () => {
    const capped = await openProject(t);
    await push({ page_title: 'Existing', page_content: 'x' }, capped);
    const { MAX_API_PAGES } = await import('./pages.js');
    const rows = Array.from({ length: MAX_API_PAGES }, (_, i) => ({ item_id: capped.item.item_id, cat_id: 0, page_title: `p${i}`, page_content: '', addtime: 1, page_addtime: 1 }));
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insertInto('page').values(rows.slice(i, i + 500)).execute();
    expect((await push({ page_title: 'One more', page_content: 'x' }, capped)).error_code).toBe(10100);
  });
});

describe('open/updatePage and edit locks', () => {
  it('writes through an open editor’s lock (a CI push never waits or fails); the holder’s save from the old version is refused, and no text is lost', async () => {
    const own = await openProject(t);
    const first = await push({ cat_name: 'Locked', page_title: 'Held', page_content: 'v1' }, own);
    const pageId = Number((first.data as { page_id: string }).page_id);
    await lockPage(t, pageId, own.owner);

    const pushed = await push({ cat_name: 'Locked', page_title: 'Held', page_content: 'v2 from CI' }, own);
    expect(pushed.error_code).toBe(0);
    expect(await pageRow(t, pageId)).toMatchObject({ page_content: 'v2 from CI', version: 2, author_username: 'API' });
    // The push neither took nor broke the lock: the editor still holds the page.
    const held = await t.call('page/isLock', { page_id: pageId, item_id: own.item.item_id }, { token: own.owner.token });
    expect(held.data).toMatchObject({ lock: 1, lock_username: own.owner.username, is_cur_user: 1 });

    // The editor opened version 1: its save does not overwrite the push, and the push's text stays.
    const stale = await savePage(t, own.owner, { item_id: own.item.item_id, page_id: pageId, page_title: 'Held', page_content: 'from the editor', version: 1 });
    expect(stale.error_code).toBe(10101);
    expect((await pageRow(t, pageId)).page_content).toBe('v2 from CI');
    expect((await historyRows(t, pageId)).map((h) => h.page_content)).toEqual(['v1']);
  });
});

describe('open/getPage', () => {
  it('finds a page by id or by exact title, with formatted times', async () => {
    const created = (await push({ page_title: 'Lookup me', page_content: 'body' })).data as { page_id: string };
    const byId = await openCall(t, 'open/getPage', project.key, { page_id: created.page_id });
    expect(byId.data).toMatchObject({ page_id: created.page_id, page_title: 'Lookup me', page_content: 'body', addtime: expect.stringMatching(/^\d{4}-/) });
    const byTitle = await openCall(t, 'open/getPage', project.key, { page_title: 'Lookup me' });
    expect((byTitle.data as { page_id: string }).page_id).toBe(created.page_id);
  });

  it('answers 10101 for a missing page, no page named, a deleted page, a draft, or a page of another project', async () => {
    expect((await openCall(t, 'open/getPage', project.key, { page_title: 'nope' })).error_code).toBe(10101);
    expect((await openCall(t, 'open/getPage', project.key, {})).error_code).toBe(10101);
    const foreign = (await push({ page_title: 'Foreign', page_content: 'secret of other' }, other)).data as { page_id: string };
    const res = await openCall(t, 'open/getPage', project.key, { page_id: foreign.page_id });
    expect(res.error_code).toBe(10101);
    expect(res.response.body).not.toContain('secret of other');
    const draft = await addPage(t, project.item.item_id, { title: 'Draft', content: 'x' });
    await t.database.db.updateTable('page').set({ is_draft: 1 }).where('page_id', '=', draft.page_id).execute();
    expect((await openCall(t, 'open/getPage', project.key, { page_id: draft.page_id })).error_code).toBe(10101);
    expect((await openCall(t, 'open/getPage', project.key, { page_id: 'abc' })).error_code).toBe(10100);
  });
});

describe('open/deletePage', () => {
  it('moves the page to the recycle bin by API, with a change-log row', async () => {
    const page = (await push({ page_title: 'Doomed', page_content: 'x' })).data as { page_id: string };
    const pageId = Number(page.page_id);
    const res = await openCall(t, 'open/deletePage', project.key, { page_id: page.page_id });
    // The id ShowDoc read from the request: a PHP int.
    expect(res).toMatchObject({ error_code: 0, data: { page_id: pageId } });
    const row = await t.database.db.selectFrom('page').select('is_del').where('page_id', '=', pageId).executeTakeFirstOrThrow();
    expect(row.is_del).toBe(1);
    const bin = await t.database.db.selectFrom('recycle').selectAll().where('page_id', '=', pageId).executeTakeFirstOrThrow();
    expect(bin).toMatchObject({ item_id: project.item.item_id, del_by_uid: 0, del_by_username: 'API', page_title: 'Doomed' });
    const recycle = await t.call('recycle/getList', { item_id: project.item.item_id }, { token: project.owner.token });
    expect(JSON.stringify(recycle.data)).toContain('Doomed');
    expect((await openCall(t, 'open/deletePage', project.key, { page_id: page.page_id })).error_code).toBe(10101);
  });

  it('refuses a page of another project (B15) and leaves it alone', async () => {
    const foreign = (await push({ page_title: 'Not yours', page_content: 'x' }, other)).data as { page_id: string };
    expect((await openCall(t, 'open/deletePage', project.key, { page_id: foreign.page_id })).error_code).toBe(10101);
    const row = await t.database.db.selectFrom('page').select('is_del').where('page_id', '=', Number(foreign.page_id)).executeTakeFirstOrThrow();
    expect(row.is_del).toBe(0);
    expect((await openCall(t, 'open/deletePage', project.key, { page_id: 0 })).error_code).toBe(10100);
  });

  it('B15 · ignores page_id, cat_id and item_id of another project sent to updatePage: item C stays as it was', async () => {
    const foreignCat = await addCatalog(t, other.item.item_id, 'C catalog');
    const foreign = await addPage(t, other.item.item_id, { cat_id: foreignCat.cat_id, title: 'C page', content: 'original' });
    const res = await push({ page_id: foreign.page_id, cat_id: foreignCat.cat_id, item_id: other.item.item_id, page_title: 'C page', page_content: 'overwritten?' });
    expect(res.error_code).toBe(0);
    expect(res.data).toMatchObject({ item_id: String(project.item.item_id), cat_id: '0' });
    expect(Number((res.data as { page_id: string }).page_id)).not.toBe(foreign.page_id);
    const row = await t.database.db.selectFrom('page').selectAll().where('page_id', '=', foreign.page_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ page_content: 'original', item_id: other.item.item_id, cat_id: foreignCat.cat_id, version: 1 });
  });

  it('never writes into another project’s catalog: a catalog name of item C makes a catalog in item A', async () => {
    const foreignCat = await addCatalog(t, other.item.item_id, 'Shared name');
    const res = await push({ cat_name: 'Shared name', page_title: 'Mine', page_content: 'x' });
    expect(Number((res.data as { cat_id: string }).cat_id)).not.toBe(foreignCat.cat_id);
    expect((res.data as { item_id: string }).item_id).toBe(String(project.item.item_id));
  });
});
