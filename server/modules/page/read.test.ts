import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../http/time.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, createItem, type TestCatalog, type TestItem } from '../../test/item-factories.js';
import { createPage, historyRows, pageRow, updatePage } from '../../test/page-factories.js';
import { forgetCachedOptions } from '../common/options.js';

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let item: TestItem;
let guides: TestCatalog;
let install: TestCatalog;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t, { username: 'showdoc' });
  editor = await registerUser(t, { username: 'editor' });
  item = await createItem(t, owner);
  await addMember(t, item.item_id, editor, 1);
  guides = await addCatalog(t, item.item_id, 'Guides');
  install = await addCatalog(t, item.item_id, 'Install', guides);
});
afterAll(() => t?.close());

const fmt = (unix: number) => formatTime(unix, t.config.timeZone);
/** PHP's base64_encode(gzcompress($text, 9)), as the old ShowDoc server stored some bodies. */
const gzcompressed = (text: string) => zlib.deflateSync(Buffer.from(text), { level: 9 }).toString('base64');

describe('page/info', () => {
  it('answers the page in ShowDoc’s shape, body as stored, times formatted (transcript 23)', async () => {
    const page = await createPage(t, owner, item.item_id, { cat_id: guides.cat_id, title: 'Getting started', content: '# Getting started\n\nHello **ShowDoc** & co' });
    const row = await pageRow(t, page.page_id);
    const info = await t.call('page/info', { page_id: page.page_id }, { token: owner.token });
    expect(info.error_code).toBe(0);
    expect(info.data).toEqual({
      page_id: page.page_id,
      author_uid: owner.uid,
      author_username: 'showdoc',
      item_id: item.item_id,
      cat_id: guides.cat_id,
      page_title: 'Getting started',
      page_content: '# Getting started\n\nHello **ShowDoc** & co',
      s_number: 99,
      addtime: fmt(row.addtime),
      page_comments: '',
      is_del: 0,
      page_addtime: fmt(row.addtime),
      ext_info: '',
      is_draft: 0,
      version: 1,
      attachment_count: 0,
      unique_key: '',
    });
    expect(fmt(row.addtime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('shows the creation time as page_addtime, or the last save time where it is unknown', async () => {
    const page = await createPage(t, owner, item.item_id);
    const created = await pageRow(t, page.page_id);
    t.clock.advance(3600);
    await updatePage(t, owner, page, item.item_id);
    const info = (await t.call('page/info', { page_id: page.page_id }, { token: owner.token })).data as { addtime: string; page_addtime: string };
    expect(info).toMatchObject({ addtime: fmt(t.clock.now()), page_addtime: fmt(created.addtime) });
    await t.database.db.updateTable('page').set({ page_addtime: 0 }).where('page_id', '=', page.page_id).execute();
    const legacy = (await t.call('page/info', { page_id: page.page_id }, { token: owner.token })).data as { page_addtime: string };
    expect(legacy.page_addtime).toBe(fmt(t.clock.now()));
  });

  it('adds the catalog path with with_path (transcript 24), and none for a root page', async () => {
    const page = await createPage(t, owner, item.item_id, { cat_id: install.cat_id, title: 'Install on Linux' });
    const info = await t.call('page/info', { page_id: page.page_id, with_path: 1 }, { token: owner.token });
    expect((info.data as { full_path: unknown }).full_path).toEqual([
      { cat_id: guides.cat_id, cat_name: 'Guides' },
      { cat_id: install.cat_id, cat_name: 'Install' },
      { page_id: page.page_id, page_title: 'Install on Linux' },
    ]);
    const root = await createPage(t, owner, item.item_id);
    expect(Object.keys((await t.call('page/info', { page_id: root.page_id, with_path: 1 }, { token: owner.token })).data as object)).not.toContain('full_path');
  });

  it('counts the attachments bound to the page', async () => {
    const page = await createPage(t, owner, item.item_id);
    for (const name of ['a.png', 'b.pdf']) {
      const file = await t.database.db.insertInto('upload_file').values({ sign: name, display_name: name, uid: owner.uid }).returning('file_id').executeTakeFirstOrThrow();
      await t.database.db.insertInto('file_page').values({ file_id: file.file_id, page_id: page.page_id, item_id: item.item_id }).execute();
    }
    expect((await t.call('page/info', { page_id: page.page_id })).data).toMatchObject({ attachment_count: 2 });
  });

  it('answers GET queries, bearer tokens and JSON bodies alike (transcripts 44–46)', async () => {
    const page = await createPage(t, owner, item.item_id);
    for (const options of [{ method: 'GET' as const }, { via: 'bearer' as const }, { json: true }]) {
      const res = await t.call('page/info', { page_id: page.page_id }, { token: owner.token, ...options });
      expect(res.data, JSON.stringify(options)).toMatchObject({ page_id: page.page_id });
    }
  });

  it('refuses unknown and deleted pages with 10101 (transcript 43), and bad ids with 10100', async () => {
    expect(await t.call('page/info', { page_id: 99999999 }, { token: owner.token })).toMatchObject({ error_code: 10101, error_message: 'This page does not exist or has been deleted' });
    const page = await createPage(t, owner, item.item_id);
    await t.call('page/delete', { page_id: page.page_id }, { token: owner.token });
    expect((await t.call('page/info', { page_id: page.page_id }, { token: owner.token })).error_code).toBe(10101);
    for (const page_id of ['abc', -1, 0, '1e3', '99999999999999999999', [1, 2]]) {
      expect((await t.call('page/info', { page_id }, { token: owner.token, json: true })).error_code, JSON.stringify(page_id)).toBe(10100);
    }
    expect((await t.call('page/info', {})).error_code).toBe(10100);
  });

  it('shows a draft to its author only; to everyone else it does not exist', async () => {
    const draft = await createPage(t, editor, item.item_id, { content: 'secret draft' });
    await t.database.db.updateTable('page').set({ is_draft: 1 }).where('page_id', '=', draft.page_id).execute();
    expect((await t.call('page/info', { page_id: draft.page_id }, { token: editor.token })).error_code).toBe(0);
    for (const token of [owner.token, undefined]) {
      const res = await t.call('page/info', { page_id: draft.page_id }, { token });
      expect(res.error_code).toBe(10101);
      expect(res.response.body).not.toContain('secret draft');
      expect((await t.call('page/history', { page_id: draft.page_id }, { token })).error_code).toBe(10101);
    }
  });

  it('asks guests to log in (10312) when the site forces logins, even on a public project', async () => {
    const page = await createPage(t, owner, item.item_id);
    await t.database.db.insertInto('options').values({ option_name: 'force_login', option_value: '1' }).execute();
    forgetCachedOptions(t.database.db);
    try {
      for (const path of ['page/info', 'page/history', 'page/isLock']) expect((await t.call(path, { page_id: page.page_id })).error_code, path).toBe(10312);
      expect((await t.call('page/info', { page_id: page.page_id }, { token: editor.token })).error_code).toBe(0);
    } finally {
      await t.database.db.deleteFrom('options').where('option_name', '=', 'force_login').execute();
      forgetCachedOptions(t.database.db);
    }
  });

  it('reads bodies the old ShowDoc server stored compressed', async () => {
    const page = await createPage(t, owner, item.item_id);
    await t.database.db.updateTable('page').set({ page_content: gzcompressed('# 旧内容 &lt;old&gt;') }).where('page_id', '=', page.page_id).execute();
    expect((await t.call('page/info', { page_id: page.page_id })).data).toMatchObject({ page_content: '# 旧内容 &lt;old&gt;' });
    // Text that only looks like base64 stays as it is.
    await t.database.db.updateTable('page').set({ page_content: 'eJzLSM3JyVcozy_KSQEAGgQEXQ==' }).where('page_id', '=', page.page_id).execute();
    expect((await t.call('page/info', { page_id: page.page_id })).data).toMatchObject({ page_content: 'eJzLSM3JyVcozy_KSQEAGgQEXQ==' });
  });
});

describe('page/history', () => {
  it('lists earlier versions newest first, in ShowDoc’s shape (transcript 25)', async () => {
    const page = await createPage(t, owner, item.item_id, { cat_id: guides.cat_id, title: 'Doc', content: 'one' });
    const first = await pageRow(t, page.page_id);
    t.clock.advance(10);
    await updatePage(t, editor, page, item.item_id, { page_content: 'two', page_comments: 'second' });
    t.clock.advance(10);
    await updatePage(t, owner, page, item.item_id, { page_content: 'three' });
    const history = await t.call('page/history', { page_id: page.page_id });
    expect(history.error_code).toBe(0);
    const rows = history.data as Record<string, unknown>[];
    expect(rows.map((r) => r.page_content)).toEqual(['two', 'one']);
    expect(rows[1]).toEqual({
      page_history_id: expect.any(Number),
      page_id: page.page_id,
      author_uid: owner.uid,
      author_username: 'showdoc',
      item_id: item.item_id,
      cat_id: guides.cat_id,
      page_title: 'Doc',
      page_content: 'one',
      s_number: 99,
      addtime: fmt(first.addtime),
      page_comments: '',
      ext_info: '',
    });
    expect(rows[0]).toMatchObject({ author_username: 'editor', page_comments: 'second' });
  });

  it('lists bodies as written, and old compressed rows readable', async () => {
    const page = await createPage(t, owner, item.item_id, { content: `a < b & "c" 'd'` });
    await updatePage(t, owner, page, item.item_id);
    const [row] = await historyRows(t, page.page_id);
    await t.database.db.insertInto('page_history').values({ page_id: page.page_id, page_content: gzcompressed('legacy &amp; old'), addtime: 1 }).execute();
    const rows = (await t.call('page/history', { page_id: page.page_id })).data as { page_history_id: number; page_content: string }[];
    expect(rows.map((r) => r.page_content)).toEqual([`a < b & "c" 'd'`, 'legacy &amp; old']);
    expect(rows[0]?.page_history_id).toBe(row?.page_history_id);
  });

  it('is empty for a page never saved twice, and refuses unknown pages', async () => {
    const page = await createPage(t, owner, item.item_id);
    expect((await t.call('page/history', { page_id: page.page_id })).data).toEqual([]);
    expect((await t.call('page/history', { page_id: 99999999 })).error_code).toBe(10101);
  });
});

describe('page/diff', () => {
  it('answers the page and the chosen version with raw times (transcript 26)', async () => {
    const page = await createPage(t, owner, item.item_id, { content: 'before' });
    const before = await pageRow(t, page.page_id);
    t.clock.advance(5);
    await updatePage(t, owner, page, item.item_id, { page_content: 'after', page_comments: 'second revision' });
    const [version] = await historyRows(t, page.page_id);
    const diff = await t.call('page/diff', { page_id: page.page_id, page_history_id: version?.page_history_id });
    expect(diff.error_code).toBe(0);
    const data = diff.data as { page: Record<string, unknown>; history_page: Record<string, unknown> };
    expect(data.page).toMatchObject({ page_id: page.page_id, page_content: 'after', page_comments: 'second revision', addtime: t.clock.now(), version: 2 });
    expect(data.history_page).toMatchObject({ page_history_id: version?.page_history_id, page_id: page.page_id, page_content: 'before', addtime: before.addtime });
  });

  it('B6 · refuses a version of another page, even of a page the caller may read', async () => {
    const mine = await createPage(t, owner, item.item_id);
    const other = await createPage(t, owner, item.item_id);
    await updatePage(t, owner, other, item.item_id);
    const [otherVersion] = await historyRows(t, other.page_id);
    const res = await t.call('page/diff', { page_id: mine.page_id, page_history_id: otherVersion?.page_history_id });
    expect(res).toMatchObject({ error_code: 10101, error_message: 'This version of the page does not exist' });
    expect((await t.call('page/diff', { page_id: mine.page_id, page_history_id: 99999999 })).error_code).toBe(10101);
    expect((await t.call('page/diff', { page_id: mine.page_id, page_history_id: 'x' })).error_code).toBe(10100);
  });
});

describe('page/updateHistoryComments', () => {
  it('sets the note of one earlier version', async () => {
    const page = await createPage(t, owner, item.item_id);
    await updatePage(t, owner, page, item.item_id);
    const [version] = await historyRows(t, page.page_id);
    const res = await t.call('page/updateHistoryComments', { page_id: page.page_id, page_history_id: version?.page_history_id, page_comments: 'reviewed ✅' }, { token: editor.token });
    expect(res).toMatchObject({ error_code: 0, data: { success: true } });
    expect((await historyRows(t, page.page_id))[0]?.page_comments).toBe('reviewed ✅');
  });

  it('refuses a version of a page in another project, and leaves it alone (ShowDoc edited any row by id)', async () => {
    const foreignItem = await createItem(t, editor);
    const foreign = await createPage(t, editor, foreignItem.item_id);
    await updatePage(t, editor, foreign, foreignItem.item_id);
    const [foreignVersion] = await historyRows(t, foreign.page_id);
    const mine = await createPage(t, owner, item.item_id);
    const res = await t.call('page/updateHistoryComments', { page_id: mine.page_id, page_history_id: foreignVersion?.page_history_id, page_comments: 'hijacked' }, { token: owner.token });
    expect(res.error_code).toBe(10101);
    expect((await historyRows(t, foreign.page_id))[0]?.page_comments).toBe('');
  });

  it('needs a login and a comment of sane length', async () => {
    const page = await createPage(t, owner, item.item_id);
    expect((await t.call('page/updateHistoryComments', { page_id: page.page_id, page_history_id: 1, page_comments: 'x' })).error_code).toBe(10102);
    const tooLong = await t.call('page/updateHistoryComments', { page_id: page.page_id, page_history_id: 1, page_comments: 'x'.repeat(2001) }, { token: owner.token });
    expect(tooLong.error_code).toBe(10100);
  });
});
