import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addPage, createItem, projectWithRoles, type ProjectWithRoles } from '../../test/item-factories.js';
import { claimExportSlot, claimWordBuild } from './one-at-a-time.js';
import { unzip } from '../../test/unzip.js';

let t: TestApp;
let p: ProjectWithRoles;
let openPage: { page_id: number; page_title: string };
let closedPage: { page_id: number; page_title: string };
let rootPage: { page_id: number; page_title: string };

beforeAll(async () => {
  t = await startTestApp();
  p = await projectWithRoles(t, { password: 'secret-visit' });
  rootPage = await addPage(t, p.item.item_id, { title: 'Root page', content: '# root' });
  openPage = await addPage(t, p.item.item_id, { cat_id: p.open.cat_id, title: 'Open page', content: 'open body' });
  closedPage = await addPage(t, p.item.item_id, { cat_id: p.closed.cat_id, title: 'Closed page', content: 'closed body' });
});
afterAll(() => t?.close());

const raw = (path: string, params: Record<string, unknown>, user?: TestUser, method: 'GET' | 'POST' = 'POST') =>
  t.call(path, params, user ? { token: user.token, method } : { method });
const body = (res: Awaited<ReturnType<TestApp['call']>>) => Buffer.from(res.response.rawPayload);
const names = async (res: Awaited<ReturnType<TestApp['call']>>) => (await unzip(body(res))).map((e) => e.name).sort();

describe('who may export', () => {
  it('refuses a caller with no login (10102), on GET and POST', async () => {
    for (const path of ['export/word', 'export/markdown', 'export/checkMarkdownLimit']) {
      expect((await raw(path, { item_id: p.item.item_id })).error_code).toBe(10102);
      expect((await raw(path, { item_id: p.item.item_id }, undefined, 'GET')).error_code).toBe(10102);
    }
  });

  it('B12 · refuses a stranger to a private project (10307) and a read-only member (10303)', async () => {
    for (const path of ['export/word', 'export/markdown']) {
      expect((await raw(path, { item_id: p.item.item_id }, p.stranger)).error_code).toBe(10307);
      expect((await raw(path, { item_id: p.item.item_id }, p.reader)).error_code).toBe(10303);
    }
  });

  it('refuses a stranger to a public project too: exports are for editors (10303)', async () => {
    const owner = await registerUser(t);
    const open = await createItem(t, owner);
    expect((await raw('export/markdown', { item_id: open.item_id }, p.stranger)).error_code).toBe(10303);
  });

  it('downloads with the login cookie on a plain GET link, as the browser app does', async () => {
    const res = await t.call('export/markdown', { item_id: p.item.item_id }, { token: p.owner.token, via: 'cookie', method: 'GET' });
    expect(res.response.statusCode).toBe(200);
    expect(res.response.headers['content-type']).toBe('application/zip');
    expect(res.response.headers['content-disposition']).toBe(`attachment; filename="showdoc.zip"; filename*=UTF-8''showdoc.zip`);
    expect(await names(res)).toContain('info.json');
  });

  it('rejects bad input with 10100', async () => {
    for (const params of [{ item_id: 'abc' }, { item_id: -1 }, { item_id: '1e9999' }, { item_id: '１' }, { item_id: [1, 2] }, { item_id: p.item.item_id, cat_id: 'x' }, { item_id: p.item.item_id, page_id: -3 }]) {
      expect((await raw('export/word', params, p.owner)).error_code).toBe(10100);
    }
    expect((await raw('export/checkMarkdownLimit', { export_format: 'x'.repeat(500) }, p.owner)).error_code).toBe(10100);
  });

  it('answers 10101 for a project that does not exist', async () => {
    expect((await raw('export/word', { item_id: 999_999 }, p.owner)).error_code).toBe(10101);
  });

  it('checkMarkdownLimit always succeeds without a project, as in ShowDoc', async () => {
    expect(await raw('export/checkMarkdownLimit', { export_format: 'markdown' }, p.reader)).toMatchObject({ error_code: 0 });
  });

  it('checkMarkdownLimit with a project answers what the export would answer, and writes nothing', async () => {
    const check = (user: TestUser, params: Record<string, unknown>) => raw('export/checkMarkdownLimit', { item_id: p.item.item_id, ...params }, user);
    const before = await t.database.db.selectFrom('item_change_log').select('id').where('item_id', '=', p.item.item_id).execute();
    expect((await check(p.owner, { export_format: 'word' })).error_code).toBe(0);
    expect((await check(p.owner, { export_format: 'markdown' })).error_code).toBe(0);
    expect((await check(p.reader, { export_format: 'word' })).error_code).toBe(10303);
    expect((await check(p.stranger, { export_format: 'markdown' })).error_code).toBe(10307);
    expect((await check(p.limited, { export_format: 'word', cat_id: p.closed.cat_id })).error_code).toBe(10103);
    expect((await check(p.limited, { export_format: 'word', page_id: openPage.page_id })).error_code).toBe(0);
    const release = claimExportSlot(p.owner.uid);
    expect((await check(p.owner, { export_format: 'word' })).error_code).toBe(10429);
    release();
    const after = await t.database.db.selectFrom('item_change_log').select('id').where('item_id', '=', p.item.item_id).execute();
    expect(after.length).toBe(before.length);
  });
});

describe('catalog limits (security.md B3, B12)', () => {
  it('B3, B12 · a member limited to catalog Open exports only Open, without root pages', async () => {
    const zip = await unzip(body(await raw('export/markdown', { item_id: p.item.item_id }, p.limited)));
    expect(zip.map((e) => e.name).sort()).toEqual(['Open/Open page.md', 'info.json']);
    const info = JSON.parse(zip.find((e) => e.name === 'info.json')?.data.toString() ?? '{}') as { pages: { pages: unknown[]; catalogs: { cat_name: string }[] } };
    expect(info.pages.pages).toEqual([]);
    expect(info.pages.catalogs.map((c) => c.cat_name)).toEqual(['Open']);
    expect(JSON.stringify(info)).not.toContain('closed body');
  });

  it('B3, B12 · a page or catalog outside the limit is refused by id (10103)', async () => {
    expect((await raw('export/word', { item_id: p.item.item_id, page_id: closedPage.page_id }, p.limited)).error_code).toBe(10103);
    expect((await raw('export/word', { item_id: p.item.item_id, page_id: rootPage.page_id }, p.limited)).error_code).toBe(10103);
    expect((await raw('export/word', { item_id: p.item.item_id, cat_id: p.closed.cat_id }, p.limited)).error_code).toBe(10103);
    const allowed = await raw('export/word', { item_id: p.item.item_id, page_id: openPage.page_id }, p.limited);
    expect(allowed.response.statusCode).toBe(200);
    expect(allowed.response.headers['content-type']).toContain('wordprocessingml');
  });

  it('a catalog or page of another project is refused (10103), even for its owner', async () => {
    const other = await createItem(t, p.owner);
    const otherCat = await addCatalog(t, other.item_id, 'Elsewhere');
    const otherPage = await addPage(t, other.item_id, { cat_id: otherCat.cat_id });
    expect((await raw('export/word', { item_id: p.item.item_id, cat_id: otherCat.cat_id }, p.owner)).error_code).toBe(10103);
    expect((await raw('export/word', { item_id: p.item.item_id, page_id: otherPage.page_id }, p.owner)).error_code).toBe(10103);
    expect((await raw('export/word', { item_id: p.item.item_id, cat_id: 2_000_000_000 }, p.owner)).error_code).toBe(10103);
  });
});

describe('what an export records and allows', () => {
  it('writes an export row to the change log and the export log', async () => {
    const before = await t.database.db.selectFrom('item_change_log').selectAll().where('item_id', '=', p.item.item_id).where('op_action_type', '=', 'export').execute();
    await raw('export/word', { item_id: p.item.item_id }, p.editor);
    const after = await t.database.db.selectFrom('item_change_log').selectAll().where('item_id', '=', p.item.item_id).where('op_action_type', '=', 'export').execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ uid: p.editor.uid, op_object_type: 'item', op_object_id: p.item.item_id, remark: 'word' });
    const logged = await t.database.db.selectFrom('export_log').selectAll().where('item_id', '=', p.item.item_id).where('uid', '=', p.editor.uid).execute();
    expect(logged.map((r) => r.export_type)).toContain('word');
  });

  it('an archived project still exports', async () => {
    const owner = await registerUser(t);
    const archived = await createItem(t, owner, { item_name: 'Old project' });
    await addPage(t, archived.item_id, { title: 'Kept', content: 'kept' });
    await t.database.db.updateTable('item').set({ is_archived: 1 }).where('item_id', '=', archived.item_id).execute();
    const zip = await raw('export/markdown', { item_id: archived.item_id }, owner);
    expect(await names(zip)).toEqual(['Kept.md', 'info.json']);
    const word = await raw('export/word', { item_id: archived.item_id }, owner);
    expect(word.response.statusCode).toBe(200);
    expect(word.response.headers['content-disposition']).toContain("filename*=UTF-8''Old%20project.docx");
  });

  it('one export per person at a time: a second one while the first runs answers 10429', async () => {
    const release = claimExportSlot(p.owner.uid);
    try {
      expect((await raw('export/word', { item_id: p.item.item_id }, p.owner)).error_code).toBe(10429);
      expect((await raw('export/markdown', { item_id: p.item.item_id }, p.owner)).error_code).toBe(10429);
      // Others are not held up.
      expect((await raw('export/word', { item_id: p.item.item_id }, p.editor)).response.statusCode).toBe(200);
    } finally {
      release();
    }
    expect((await raw('export/word', { item_id: p.item.item_id }, p.owner)).response.statusCode).toBe(200);
    // The slot is free again after a streamed download and after a refusal.
    await raw('export/markdown', { item_id: p.item.item_id }, p.owner);
    await raw('export/word', { item_id: p.item.item_id, cat_id: 2_000_000_000 }, p.owner);
    expect(() => claimExportSlot(p.owner.uid)()).not.toThrow();
  });

  it('F8 · only two Word files are built at once on the server; markdown streams on', async () => {
    const builds = [claimWordBuild(), claimWordBuild()];
    try {
      const busy = await t.call('export/word', { item_id: p.item.item_id }, { token: p.editor.token, headers: { 'accept-language': 'en' } });
      expect(busy).toMatchObject({ error_code: 10429, error_message: expect.stringMatching(/other Word files/) });
      expect((await raw('export/markdown', { item_id: p.item.item_id }, p.editor)).response.statusCode).toBe(200);
    } finally {
      builds.forEach((release) => release());
    }
    expect((await raw('export/word', { item_id: p.item.item_id }, p.editor)).response.statusCode).toBe(200);
  });

  it('F8 · a Word export over the size cap answers 10101 suggesting a catalog export', async () => {
    const owner = await registerUser(t);
    const big = await createItem(t, owner);
    const rows = Array.from({ length: 3001 }, (_, i) => ({ item_id: big.item_id, cat_id: 0, page_title: `p${i}`, page_content: 'x', addtime: 1, page_addtime: 1 }));
    for (let i = 0; i < rows.length; i += 400) await t.database.db.insertInto('page').values(rows.slice(i, i + 400)).execute();
    const res = await t.call('export/word', { item_id: big.item_id }, { token: owner.token, headers: { 'accept-language': 'en' } });
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toMatch(/3001 pages.*catalog/);
    expect((await t.call('export/checkMarkdownLimit', { export_format: 'word', item_id: big.item_id }, { token: owner.token })).error_code).toBe(10101);
    expect((await t.call('export/checkMarkdownLimit', { export_format: 'markdown', item_id: big.item_id }, { token: owner.token })).error_code).toBe(0);
  });
});
