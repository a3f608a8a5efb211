import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, createItem, type TestCatalog, type TestItem } from '../../test/item-factories.js';
import { createPage, historyRows, lockPage, pageRow, savePage, setSiteOption, updatePage } from '../../test/page-factories.js';
import { MAX_CONTENT_CHARS } from './content.js';

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let item: TestItem;
let guides: TestCatalog;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t, { username: 'owner' });
  editor = await registerUser(t, { username: 'editor' });
  item = await createItem(t, owner);
  await addMember(t, item.item_id, editor, 1);
  guides = await addCatalog(t, item.item_id, 'Guides');
});
afterAll(() => t?.close());

const changeLog = (itemId: number) => t.database.db.selectFrom('item_change_log').selectAll().where('item_id', '=', itemId).orderBy('id', 'desc').execute();

describe('creating a page', () => {
  it('stores it in the catalog as the caller wrote it, and answers its id and first version (transcript 16)', async () => {
    t.clock.advance(10);
    const res = await savePage(t, owner, { item_id: item.item_id, page_id: 0, cat_id: guides.cat_id, page_title: 'Getting started', page_content: '# Getting started\n\nHello', s_number: 1 });
    expect(res.error_code).toBe(0);
    const { page_id, version } = res.data as { page_id: number; version: number };
    expect(typeof page_id).toBe('number');
    expect(version).toBe(1);
    const row = await pageRow(t, page_id);
    expect(row).toMatchObject({
      item_id: item.item_id,
      cat_id: guides.cat_id,
      page_title: 'Getting started',
      page_content: '# Getting started\n\nHello',
      s_number: 1,
      author_uid: owner.uid,
      author_username: 'owner',
      addtime: t.clock.now(),
      page_addtime: t.clock.now(),
      is_del: 0,
      is_draft: 0,
      version: 1,
    });
    expect((await changeLog(item.item_id))[0]).toMatchObject({ op_action_type: 'create', op_object_type: 'page', op_object_id: page_id, op_object_name: 'Getting started', uid: owner.uid });
    const itemRow = await t.database.db.selectFrom('item').select('last_update_time').where('item_id', '=', item.item_id).executeTakeFirstOrThrow();
    expect(itemRow.last_update_time).toBe(t.clock.now());
    const subscription = await t.database.db.selectFrom('subscription').selectAll().where('object_id', '=', page_id).execute();
    expect(subscription).toMatchObject([{ uid: owner.uid, object_type: 'page', action_type: 'update' }]);
  });

  it('puts it at the root with ShowDoc’s defaults when no catalog, order or title is given', async () => {
    const res = await savePage(t, editor, { item_id: item.item_id, page_content: 'root page' });
    const row = await pageRow(t, (res.data as { page_id: number }).page_id);
    expect(row).toMatchObject({ cat_id: 0, s_number: 99, page_title: 'Untitled', author_uid: editor.uid });
    const zh = await t.call('page/save', { item_id: item.item_id, page_title: '   ', page_content: 'x' }, { token: owner.token, headers: { 'accept-language': 'zh-CN' } });
    expect((await pageRow(t, (zh.data as { page_id: number }).page_id)).page_title).toBe('默认标题');
  });

  it('stores body and title exactly as written, markup and entities included (unlike ShowDoc, transcripts 51 and 52)', async () => {
    const content = `Escaping test: a < b && c > d, "quoted" 'single' <b>bold</b> & &amp;`;
    const page = await createPage(t, owner, item.item_id, { title: 'Esc <t> & "q"', content });
    const stored = await pageRow(t, page.page_id);
    expect(stored.page_title).toBe('Esc <t> & "q"');
    expect(stored.page_content).toBe(content);
    const info = await t.call('page/info', { page_id: page.page_id }, { token: owner.token });
    expect(info.data).toMatchObject({ page_title: 'Esc <t> & "q"', page_content: stored.page_content });
  });

  it('URL-decodes the body first when is_urlencode is set, as ShowDoc’s editor sends it', async () => {
    const markdown = '# 标题 100% + more\n\n<a href="x">&</a> 👩‍💻';
    const res = await savePage(t, owner, { item_id: item.item_id, page_title: 'encoded', page_content: encodeURIComponent(markdown), is_urlencode: 1 });
    expect((await pageRow(t, (res.data as { page_id: number }).page_id)).page_content).toBe(markdown);
    // PHP's urldecode turns + into a space.
    const plus = await savePage(t, owner, { item_id: item.item_id, page_title: 'plus', page_content: 'a+b%2Bc', is_urlencode: 'true' });
    expect((await pageRow(t, (plus.data as { page_id: number }).page_id)).page_content).toBe('a b+c');
  });

  it('E9 · refuses broken URL-encoding, empty bodies and over-long ones with a clear error', async () => {
    const broken = await savePage(t, owner, { item_id: item.item_id, page_title: 'bad', page_content: '%E0%A4%A', is_urlencode: 1 });
    expect(broken).toMatchObject({ error_code: 10100, error_message: 'The page content is not valid URL encoding' });
    const empty = await savePage(t, owner, { item_id: item.item_id, page_title: 'empty', page_content: '' });
    expect(empty).toMatchObject({ error_code: 10101, error_message: 'An empty page cannot be saved. Write something first' });
    expect((await savePage(t, owner, { item_id: item.item_id, page_title: 'none' })).error_code).toBe(10101);
    const long = await savePage(t, owner, { item_id: item.item_id, page_title: 'long', page_content: 'x'.repeat(MAX_CONTENT_CHARS + 1) });
    expect(long.error_code).toBe(10100);
    expect((await savePage(t, owner, { item_id: item.item_id, page_title: 'long', page_content: 'x'.repeat(MAX_CONTENT_CHARS) })).error_code).toBe(0);
  });

  it('F2 · refuses a body larger than the request limit before reading it', async () => {
    const res = await savePage(t, owner, { item_id: item.item_id, page_title: 'huge', page_content: 'x'.repeat(9 * 1024 * 1024) });
    expect(res.response.statusCode).toBe(413);
    expect(res.error_code).toBe(10100);
  });

  it('keeps titles of emoji, CJK, right-to-left text and joiners byte for byte, up to 255 characters', async () => {
    for (const title of ['👩‍💻 文档 مرحبا שלום', 'e\u0301\u200dz\u202Efdp.exe', '🇨🇳'.repeat(255)]) {
      const page = await createPage(t, owner, item.item_id, { title });
      expect((await pageRow(t, page.page_id)).page_title).toBe(title);
    }
    const tooLong = await savePage(t, owner, { item_id: item.item_id, page_title: '🙂'.repeat(256), page_content: 'x' });
    expect(tooLong).toMatchObject({ error_code: 10100, error_message: 'A page title has at most 255 characters' });
  });

  it('refuses NUL characters and mends half surrogate pairs instead of failing in the database', async () => {
    expect((await savePage(t, owner, { item_id: item.item_id, page_title: 'nul', page_content: 'a\u0000b' })).error_code).toBe(10100);
    expect((await savePage(t, owner, { item_id: item.item_id, page_title: 'a\u0000', page_content: 'x' })).error_code).toBe(10100);
    const res = await t.call('page/save', { item_id: item.item_id, page_title: 'half \uD800 pair', page_content: 'x \uDC00 y' }, { token: owner.token, json: true });
    expect(res.error_code).toBe(0);
    const row = await pageRow(t, (res.data as { page_id: number }).page_id);
    expect([row.page_title, row.page_content]).toEqual(['half \uFFFD pair', 'x \uFFFD y']);
  });

  it('refuses ids of the wrong type or size', async () => {
    const base = { page_title: 'x', page_content: 'x' };
    for (const params of [
      { ...base, item_id: 'abc' },
      { ...base, item_id: -1 },
      { ...base, item_id: '99999999999999999999' },
      { ...base, item_id: [item.item_id] },
      { ...base, item_id: { $gt: 0 } },
      { ...base, item_id: item.item_id, page_id: '1 OR 1=1' },
      { ...base, item_id: item.item_id, page_id: -5 },
      { ...base, item_id: item.item_id, s_number: 1e12 },
      { ...base, item_id: item.item_id, is_draft: 7 },
      { ...base, item_id: item.item_id, version: 0 },
      { ...base },
    ]) {
      const res = await t.call('page/save', params, { token: owner.token, json: true });
      expect(res.error_code, JSON.stringify(params)).toBe(10100);
    }
  });

  it('B5 · sets the author and times itself, whatever the request says', async () => {
    const res = await savePage(t, editor, { item_id: item.item_id, page_title: 'mine', page_content: 'x', author_uid: owner.uid, author_username: 'owner', addtime: 5, uid: owner.uid });
    expect(await pageRow(t, (res.data as { page_id: number }).page_id)).toMatchObject({ author_uid: editor.uid, author_username: 'editor', addtime: t.clock.now() });
  });

  it('refuses a catalog of another project, and an unknown one', async () => {
    const other = await createItem(t, owner);
    const foreign = await addCatalog(t, other.item_id, 'Elsewhere');
    const res = await savePage(t, owner, { item_id: item.item_id, cat_id: foreign.cat_id, page_title: 'x', page_content: 'x' });
    expect(res).toMatchObject({ error_code: 10101, error_message: 'This catalog does not exist in this project' });
    expect((await savePage(t, owner, { item_id: item.item_id, cat_id: 987654321, page_title: 'x', page_content: 'x' })).error_code).toBe(10101);
  });

  it('needs a login (10102), and is refused in archived projects (10101)', async () => {
    expect((await savePage(t, undefined, { item_id: item.item_id, page_title: 'x', page_content: 'x' })).error_code).toBe(10102);
    const archived = await createItem(t, owner);
    await t.database.db.updateTable('item').set({ is_archived: 1 }).where('item_id', '=', archived.item_id).execute();
    const res = await savePage(t, owner, { item_id: archived.item_id, page_title: 'x', page_content: 'x' });
    expect(res).toMatchObject({ error_code: 10101, error_message: 'This project is archived and can no longer be changed' });
  });
});

describe('saving a new version', () => {
  it('puts the previous version into history, overwrites the page and bumps its version, in ShowDoc’s shape (transcript 17)', async () => {
    const page = await createPage(t, owner, item.item_id, { cat_id: guides.cat_id, title: 'Versioned', content: 'first' });
    const created = await pageRow(t, page.page_id);
    t.clock.advance(60);
    const res = await savePage(t, editor, {
      item_id: item.item_id,
      page_id: page.page_id,
      cat_id: guides.cat_id,
      page_title: 'Versioned 2',
      page_content: 'second <b>',
      page_comments: 'second revision',
    });
    expect(res.error_code).toBe(0);
    expect(Object.keys(res.data as object)).toEqual([
      'page_id',
      'author_uid',
      'author_username',
      'item_id',
      'cat_id',
      'page_title',
      'page_content',
      's_number',
      'addtime',
      'page_comments',
      'is_del',
      'page_addtime',
      'ext_info',
      'is_draft',
      'version',
    ]);
    expect(res.data).toMatchObject({
      page_id: page.page_id,
      author_uid: editor.uid,
      author_username: 'editor',
      page_title: 'Versioned 2',
      page_content: 'second <b>',
      addtime: t.clock.now(),
      page_comments: 'second revision',
      page_addtime: created.page_addtime,
      version: 2,
    });
    const history = await historyRows(t, page.page_id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      page_id: page.page_id,
      item_id: item.item_id,
      cat_id: guides.cat_id,
      page_title: 'Versioned',
      page_content: 'first',
      author_uid: owner.uid,
      author_username: 'owner',
      addtime: created.addtime,
      page_comments: '',
      s_number: created.s_number,
    });
    expect((await changeLog(item.item_id))[0]).toMatchObject({ op_action_type: 'update', op_object_type: 'page', op_object_id: page.page_id, op_object_name: 'Versioned 2', uid: editor.uid });
  });

  it('keeps order, ext_info and draft state unless they are sent', async () => {
    const page = await createPage(t, owner, item.item_id);
    await t.database.db.updateTable('page').set({ s_number: 7, ext_info: '{"page_type":"api"}', is_draft: 0 }).where('page_id', '=', page.page_id).execute();
    await updatePage(t, owner, page, item.item_id, { s_number: 0 });
    expect(await pageRow(t, page.page_id)).toMatchObject({ s_number: 7, ext_info: '{"page_type":"api"}', is_draft: 0 });
    await updatePage(t, owner, page, item.item_id, { s_number: 3, ext_info: '', is_draft: 1 });
    expect(await pageRow(t, page.page_id)).toMatchObject({ s_number: 3, ext_info: '', is_draft: 1 });
  });

  it('moves the page to another catalog of the project', async () => {
    const page = await createPage(t, owner, item.item_id);
    await updatePage(t, owner, page, item.item_id, { cat_id: guides.cat_id });
    expect((await pageRow(t, page.page_id)).cat_id).toBe(guides.cat_id);
    await updatePage(t, owner, page, item.item_id, { cat_id: 0 });
    expect((await pageRow(t, page.page_id)).cat_id).toBe(0);
  });

  it('B4 · refuses a page of another project, whatever item_id says', async () => {
    const mine = await createItem(t, editor);
    const page = await createPage(t, owner, item.item_id, { content: 'untouched' });
    const res = await savePage(t, editor, { item_id: mine.item_id, page_id: page.page_id, page_title: 'stolen', page_content: 'overwritten' });
    expect(res).toMatchObject({ error_code: 10101, error_message: 'This page does not belong to this project' });
    expect(await pageRow(t, page.page_id)).toMatchObject({ page_content: 'untouched', version: 1 });
    expect(await historyRows(t, page.page_id)).toEqual([]);
  });

  it('refuses pages that do not exist or are in the recycle bin', async () => {
    expect((await savePage(t, owner, { item_id: item.item_id, page_id: 987654321, page_title: 'x', page_content: 'x' })).error_code).toBe(10101);
    const page = await createPage(t, owner, item.item_id);
    await t.call('page/delete', { page_id: page.page_id }, { token: owner.token });
    const res = await savePage(t, owner, { item_id: item.item_id, page_id: page.page_id, page_title: 'x', page_content: 'x' });
    expect(res).toMatchObject({ error_code: 10101, error_message: 'This page does not exist or has been deleted' });
  });

  it('renames a single-page project after its page', async () => {
    const single = await createItem(t, owner, { item_type: 2 });
    const only = await t.database.db.selectFrom('page').select('page_id').where('item_id', '=', single.item_id).executeTakeFirstOrThrow();
    await updatePage(t, owner, only, single.item_id, { page_title: 'Renamed 📄' });
    const row = await t.database.db.selectFrom('item').select('item_name').where('item_id', '=', single.item_id).executeTakeFirstOrThrow();
    expect(row.item_name).toBe('Renamed 📄');
  });
});

describe('history retention', () => {
  it('F7 · keeps the newest 20 versions by default', async () => {
    const page = await createPage(t, owner, item.item_id, { content: 'v0' });
    for (let i = 1; i <= 23; i++) await updatePage(t, owner, page, item.item_id, { page_content: `v${i}` });
    const history = await historyRows(t, page.page_id);
    expect(history.map((h) => h.page_content)).toEqual(Array.from({ length: 20 }, (_, i) => `v${22 - i}`));
  });

  it('follows history_version_count, and falls back to 20 for nonsense', async () => {
    const page = await createPage(t, owner, item.item_id, { content: 'v0' });
    try {
      await setSiteOption(t, 'history_version_count', '3');
      for (let i = 1; i <= 5; i++) await updatePage(t, owner, page, item.item_id, { page_content: `v${i}` });
      expect((await historyRows(t, page.page_id)).map((h) => h.page_content)).toEqual(['v4', 'v3', 'v2']);
      await setSiteOption(t, 'history_version_count', '0');
      await updatePage(t, owner, page, item.item_id, { page_content: 'v6' });
      expect(await historyRows(t, page.page_id)).toHaveLength(4);
    } finally {
      await setSiteOption(t, 'history_version_count', null);
    }
  });
});

describe('optimistic concurrency', () => {
  it('refuses a save based on an old version, naming the current version and its author, and changes nothing', async () => {
    const page = await createPage(t, owner, item.item_id, { content: 'base' });
    await updatePage(t, editor, page, item.item_id, { page_content: 'editor was first', version: 1 });
    const stale = await savePage(t, owner, { item_id: item.item_id, page_id: page.page_id, page_title: page.page_title, page_content: 'owner was second', version: 1 });
    expect(stale).toMatchObject({
      error_code: 10101,
      error_message: 'editor saved this page while you were editing it; it is now at version 2. Reload it and merge your changes',
    });
    expect(await pageRow(t, page.page_id)).toMatchObject({ page_content: 'editor was first', version: 2 });
    expect((await historyRows(t, page.page_id)).map((h) => h.page_content)).toEqual(['base']);
    const merged = await savePage(t, owner, { item_id: item.item_id, page_id: page.page_id, page_title: page.page_title, page_content: 'merged', version: 2 });
    expect(merged.data).toMatchObject({ version: 3, page_content: 'merged' });
  });

  it('G1 · applies two simultaneous saves one after the other: no text is lost, history is complete (100 rounds)', async () => {
    const page = await createPage(t, owner, item.item_id, { content: 'round 0' });
    let previous = 'round 0';
    for (let round = 1; round <= 100; round++) {
      const texts = [`round ${round} by owner`, `round ${round} by editor`];
      const answers = await Promise.all([
        savePage(t, owner, { item_id: item.item_id, page_id: page.page_id, page_title: 't', page_content: texts[0] }),
        savePage(t, editor, { item_id: item.item_id, page_id: page.page_id, page_title: 't', page_content: texts[1] }),
      ]);
      expect(answers.map((a) => a.error_code)).toEqual([0, 0]);
      const now = await pageRow(t, page.page_id);
      expect(texts).toContain(now.page_content);
      expect(now.version).toBe(1 + 2 * round);
      const [newest, older] = await historyRows(t, page.page_id);
      // The first save superseded the previous round's text; the second superseded the first save's.
      expect(older?.page_content).toBe(previous);
      expect(newest?.page_content).toBe(texts.find((text) => text !== now.page_content));
      previous = now.page_content;
    }
    expect(await historyRows(t, page.page_id)).toHaveLength(20);
  });

  it('G1 · lets exactly one of two simultaneous saves from the same version through (100 rounds)', async () => {
    const page = await createPage(t, owner, item.item_id, { content: 'start' });
    for (let round = 1; round <= 100; round++) {
      const version = round;
      const texts = [`${round} owner`, `${round} editor`];
      const answers = await Promise.all([
        savePage(t, owner, { item_id: item.item_id, page_id: page.page_id, page_title: 't', page_content: texts[0], version }),
        savePage(t, editor, { item_id: item.item_id, page_id: page.page_id, page_title: 't', page_content: texts[1], version }),
      ]);
      expect(answers.map((a) => a.error_code).sort()).toEqual([0, 10101]);
      const winner = answers.findIndex((a) => a.error_code === 0);
      expect(await pageRow(t, page.page_id)).toMatchObject({ page_content: texts[winner], version: round + 1 });
    }
  });
});

describe('edit locks and saving', () => {
  it('refuses a save while another person holds the lock, naming them; the holder saves', async () => {
    const page = await createPage(t, owner, item.item_id, { content: 'locked text' });
    await lockPage(t, page.page_id, editor);
    const refused = await savePage(t, owner, { item_id: item.item_id, page_id: page.page_id, page_title: 'x', page_content: 'mine' });
    expect(refused.error_code).toBe(10101);
    expect(refused.error_message).toMatch(/^editor is editing this page \(locked until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)$/);
    expect((await pageRow(t, page.page_id)).page_content).toBe('locked text');
    expect((await updatePage(t, editor, page, item.item_id, { page_content: 'holder saved' })).error_code).toBe(0);
  });

  it('lets saves through once the lock has expired', async () => {
    const page = await createPage(t, owner, item.item_id);
    await lockPage(t, page.page_id, editor, 60);
    t.clock.advance(61);
    expect((await updatePage(t, owner, page, item.item_id, { page_content: 'after expiry' })).error_code).toBe(0);
  });
});

describe('notifications', () => {
  it('sends the note to subscribers who may still read the page, not to those who left a private project', async () => {
    const secret = await createItem(t, owner, { password: 'visit-pw' });
    await addMember(t, secret.item_id, editor, 1);
    const reader = await registerUser(t);
    const leaver = await registerUser(t);
    await addMember(t, secret.item_id, reader, 0);
    const page = await createPage(t, owner, secret.item_id);
    const now = t.clock.now();
    for (const user of [reader, leaver]) {
      await t.database.db.insertInto('subscription').values({ uid: user.uid, object_id: page.page_id, object_type: 'page', action_type: 'update', sub_time: now }).execute();
    }
    await updatePage(t, editor, page, secret.item_id, { is_notify: 1, notify_content: 'Please re-read the install steps' });
    const messages = await t.database.db
      .selectFrom('message')
      .innerJoin('message_content', 'message_content.id', 'message.message_content_id')
      .select(['message.to_uid', 'message_content.message_content', 'message_content.object_id', 'message_content.from_uid', 'message.message_type'])
      .where('message_content.object_id', '=', page.page_id)
      .execute();
    expect(messages.map((m) => m.to_uid).sort()).toEqual([owner.uid, reader.uid].sort());
    expect(messages[0]).toMatchObject({ message_content: 'Please re-read the install steps', from_uid: editor.uid, message_type: 'remind' });
  });
});
