import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, addTeamMember, createItem, uniqueName, type TestCatalog, type TestItem } from '../../test/item-factories.js';
import { scanBeatsIndex } from '../../db/page-search.js';
import type { ItemInfo, ItemSearch } from '../../../common/answers/item.js';
import type { MenuCatalog } from './menu.js';
import { forgetCachedOptions } from '../common/options.js';

/**
 * `item/info` as the project view loads it: the header, the caller's flags and the catalog tree
 * (showdoc-behaviour.md §6.3, §7.1; transcripts 20, 21, 22, 41, 42). On Folio's URLs numbers are numbers
 * (ShowDoc's URLs send strings: server/http/showdoc-conformance.test.ts), and the page to open is
 * answered instead of 0.
 */

let t: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
  owner = await registerUser(t, { username: 'owner' });
});
afterAll(() => t?.close());

interface Info {
  item_id: number;
  default_page_id: number;
  default_cat_id2: number;
  default_cat_id3: number;
  default_cat_id4: number;
  current_page_id: number;
  unread_count: number;
  show_watermark: number;
  item_edit: boolean;
  item_manage: boolean;
  is_login: boolean;
  menu: ItemInfo['menu'];
}

async function info(params: Record<string, unknown>, user?: TestUser) {
  const res = await t.call('item/info', params, user ? { token: user.token } : {});
  return { ...res, info: res.data as Info };
}

/** A page row as the page module would write it; `author` defaults to the project owner. */
async function page(
  itemId: number,
  fields: { title: string; cat?: TestCatalog; content?: string; s_number?: number; is_draft?: number; author?: TestUser | null; is_del?: number; addtime?: number },
): Promise<number> {
  const author = fields.author === undefined ? owner : fields.author;
  const row = await t.database.db
    .insertInto('page')
    .values({
      item_id: itemId,
      cat_id: fields.cat?.cat_id ?? 0,
      page_title: fields.title,
      page_content: fields.content ?? '',
      s_number: fields.s_number ?? 99,
      is_draft: fields.is_draft ?? 0,
      is_del: fields.is_del ?? 0,
      author_uid: author?.uid ?? 0,
      author_username: author?.username ?? 'API',
      addtime: fields.addtime ?? t.clock.now(),
    })
    .returning('page_id')
    .executeTakeFirstOrThrow();
  return row.page_id;
}

async function setCatalogOrder(cat: TestCatalog, s_number: number) {
  await t.database.db.updateTable('catalog').set({ s_number }).where('cat_id', '=', cat.cat_id).execute();
}

/** Titles of the tree as an outline: "title" for pages, "[name]" for catalogs, children indented. */
function outline(menu: ItemInfo['menu']): string[] {
  const lines: string[] = [];
  const walk = (pages: Array<{ page_title: string }>, catalogs: MenuCatalog[], depth: number) => {
    for (const p of pages) lines.push(`${'  '.repeat(depth)}${p.page_title}`);
    for (const c of catalogs) {
      lines.push(`${'  '.repeat(depth)}[${c.cat_name}]`);
      walk(c.pages, c.catalogs, depth + 1);
    }
  };
  walk(menu.pages, menu.catalogs, 0);
  return lines;
}

/** The transcripts' project: Guides (1) › Install (2), a page in each, README at the root. */
async function peerDemo() {
  const item = await createItem(t, owner, { item_name: 'Peer Demo' });
  const guides = await addCatalog(t, item.item_id, 'Guides');
  await setCatalogOrder(guides, 1);
  const install = await addCatalog(t, item.item_id, 'Install', guides);
  await setCatalogOrder(install, 2);
  const gettingStarted = await page(item.item_id, { title: 'Getting started', cat: guides, s_number: 1, content: '# Getting started\n\nHello **ShowDoc**, edited. keyword: pineapple\n' });
  const onLinux = await page(item.item_id, { title: 'Install on Linux', cat: install, content: 'apt install folio' });
  const readme = await page(item.item_id, { title: 'README', content: 'root page, pineapple too' });
  return { item, guides, install, gettingStarted, onLinux, readme };
}

describe('the shape ShowDoc clients read (transcripts 20 and 21)', () => {
  let demo: Awaited<ReturnType<typeof peerDemo>>;
  beforeAll(async () => {
    demo = await peerDemo();
  });

  it('has ShowDoc’s keys in ShowDoc’s order, then Folio’s description and privacy flag', async () => {
    const { data, error_code } = await info({ item_id: demo.item.item_id }, owner);
    expect(error_code).toBe(0);
    expect(Object.keys(data as object)).toEqual([
      'item_id',
      'item_domain',
      'is_archived',
      'item_name',
      'default_page_id',
      'default_cat_id2',
      'default_cat_id3',
      'default_cat_id4',
      'unread_count',
      'item_type',
      'menu',
      'is_login',
      'item_edit',
      'item_manage',
      'ItemPermn',
      'ItemCreator',
      'current_page_id',
      'global_param',
      'show_watermark',
      'allow_comment',
      'allow_feedback',
      'ai_knowledge_base_enabled',
      'ai_config',
      'item_description',
      'is_private',
    ]);
    expect(data).toMatchObject({
      item_id: demo.item.item_id,
      item_domain: '',
      is_archived: 0,
      item_name: 'Peer Demo',
      unread_count: 0,
      item_type: 1,
      is_login: true,
      item_edit: true,
      item_manage: true,
      ItemPermn: true,
      ItemCreator: true,
      current_page_id: 0,
      global_param: [],
      show_watermark: 0,
      allow_comment: 0,
      allow_feedback: 0,
      ai_knowledge_base_enabled: 0,
      ai_config: { enabled: 0, dialog_collapsed: 1, guest_enabled: 0, welcome_message: '', system_prompt: '' },
      is_private: 0,
    });
  });

  it('nests the menu as ShowDoc does: root pages, catalogs with their pages and child catalogs, page headers only', async () => {
    const { info: data } = await info({ item_id: demo.item.item_id }, owner);
    const now = t.clock.now();
    const header = (page_id: number, cat_id: number, page_title: string) => ({ page_id, author_uid: owner.uid, cat_id, page_title, addtime: now, ext_info: '', is_draft: 0 });
    expect(data.menu).toEqual({
      pages: [header(demo.readme, 0, 'README')],
      catalogs: [
        {
          cat_id: demo.guides.cat_id,
          cat_name: 'Guides',
          item_id: demo.item.item_id,
          s_number: 1,
          addtime: now,
          parent_cat_id: 0,
          level: 2,
          pages: [header(demo.gettingStarted, demo.guides.cat_id, 'Getting started')],
          catalogs: [
            {
              cat_id: demo.install.cat_id,
              cat_name: 'Install',
              item_id: demo.item.item_id,
              s_number: 2,
              addtime: now,
              parent_cat_id: demo.guides.cat_id,
              level: 3,
              pages: [header(demo.onLinux, demo.install.cat_id, 'Install on Linux')],
              catalogs: [],
            },
          ],
        },
      ],
    });
    // Exactly ShowDoc's key order in the nodes, and no body anywhere.
    expect(Object.keys(data.menu.pages[0] ?? {})).toEqual(['page_id', 'author_uid', 'cat_id', 'page_title', 'addtime', 'ext_info', 'is_draft']);
    expect(Object.keys(data.menu.catalogs[0] ?? {})).toEqual(['cat_id', 'cat_name', 'item_id', 's_number', 'addtime', 'parent_cat_id', 'level', 'pages', 'catalogs']);
    expect(JSON.stringify(data.menu)).not.toContain('pineapple');
  });

  it('opens the first page of the menu when no page is asked for (ShowDoc answers 0 and its browser app picks the same)', async () => {
    const { info: data } = await info({ item_id: demo.item.item_id }, owner);
    expect(data).toMatchObject({ default_page_id: demo.readme, default_cat_id2: 0, default_cat_id3: 0, default_cat_id4: 0 });
  });

  it('opens the page asked for and names the catalogs to unfold, by ShowDoc’s rule (transcript 21)', async () => {
    const inSub = await info({ item_id: demo.item.item_id, default_page_id: demo.onLinux }, owner);
    expect(inSub.info).toMatchObject({ default_page_id: demo.onLinux, default_cat_id2: demo.guides.cat_id, default_cat_id3: 0, default_cat_id4: demo.install.cat_id });
    const inTop = await info({ item_id: demo.item.item_id, default_page_id: demo.gettingStarted }, owner);
    expect(inTop.info).toMatchObject({ default_page_id: demo.gettingStarted, default_cat_id2: 0, default_cat_id3: demo.guides.cat_id, default_cat_id4: 0 });
  });

  it('takes page_id when no default_page_id is given, and echoes it as current_page_id', async () => {
    const { info: data } = await info({ item_id: demo.item.item_id, page_id: String(demo.gettingStarted) }, owner);
    expect(data).toMatchObject({ default_page_id: demo.gettingStarted, current_page_id: demo.gettingStarted });
  });

  it('falls back to the first page when the page asked for is not one the caller can see here', async () => {
    const other = await createItem(t, owner);
    const elsewhere = await page(other.item_id, { title: 'elsewhere' });
    const deleted = await page(demo.item.item_id, { title: 'deleted', is_del: 1 });
    for (const asked of [elsewhere, deleted, 999_999_999]) {
      const { info: data } = await info({ item_id: demo.item.item_id, default_page_id: asked }, owner);
      expect(data.default_page_id, `asked for ${asked}`).toBe(demo.readme);
    }
  });

  it('answers the same for the item’s personal domain and through ShowDoc’s URL', async () => {
    const named = await createItem(t, owner, { item_domain: 'peerdemo' });
    await page(named.item_id, { title: 'Home' });
    const byDomain = await info({ item_id: 'peerdemo' }, owner);
    const byParam = await info({ item_domain: 'peerdemo' }, owner);
    const compat = await t.call('item/info', { item_id: named.item_id }, { token: owner.token, url: '/server/index.php?s=/api/item/info' });
    expect(byDomain.info.menu.pages.map((p) => p.page_title)).toEqual(['Home']);
    expect(byParam.data).toEqual(byDomain.data);
    // The same project in ShowDoc's form: row numbers as strings, Folio's extras left out.
    expect(compat.data).toMatchObject({ item_id: String(named.item_id), item_type: '1', menu: { pages: [{ page_title: 'Home', page_id: expect.any(String) }] } });
    expect(compat.data).not.toHaveProperty('is_private');
  });
});

describe('the tree', () => {
  it('nests three levels deep and orders siblings by s_number, then by id', async () => {
    const item = await createItem(t, owner);
    const b = await addCatalog(t, item.item_id, 'B');
    const a = await addCatalog(t, item.item_id, 'A');
    await setCatalogOrder(a, 1);
    await setCatalogOrder(b, 5);
    const a2 = await addCatalog(t, item.item_id, 'A2', a);
    const a1 = await addCatalog(t, item.item_id, 'A1', a);
    await setCatalogOrder(a1, 1);
    const a1x = await addCatalog(t, item.item_id, 'A1x', a1);
    const a1y = await addCatalog(t, item.item_id, 'A1y', a1); // same s_number as A1x: by id
    await page(item.item_id, { title: 'root 99 first', s_number: 99 });
    await page(item.item_id, { title: 'root 99 second', s_number: 99 });
    await page(item.item_id, { title: 'root 3', s_number: 3 });
    await page(item.item_id, { title: 'in A1x', cat: a1x });
    await page(item.item_id, { title: 'in A1y', cat: a1y });
    await page(item.item_id, { title: 'in A1, late', cat: a1, s_number: 50 });
    await page(item.item_id, { title: 'in A1, early', cat: a1, s_number: 2 });
    await page(item.item_id, { title: 'in A2', cat: a2 });
    await page(item.item_id, { title: 'in B', cat: b });

    const { info: data } = await info({ item_id: item.item_id }, owner);
    expect(outline(data.menu)).toEqual([
      'root 3',
      'root 99 first',
      'root 99 second',
      '[A]',
      '  [A1]',
      '    in A1, early',
      '    in A1, late',
      '    [A1x]',
      '      in A1x',
      '    [A1y]',
      '      in A1y',
      '  [A2]',
      '    in A2',
      '[B]',
      '  in B',
    ]);
    expect(data.menu.catalogs[0]?.catalogs[0]?.catalogs[0]).toMatchObject({ cat_name: 'A1x', level: 4, parent_cat_id: a1.cat_id });
  });

  it('keeps empty catalogs, leaves out deleted pages, and drops what hangs off a missing catalog, as ShowDoc does', async () => {
    const item = await createItem(t, owner);
    const empty = await addCatalog(t, item.item_id, 'Empty');
    await addCatalog(t, item.item_id, 'Empty child', empty);
    await page(item.item_id, { title: 'gone', is_del: 1 });
    const lost = await addCatalog(t, item.item_id, 'Orphan', { cat_id: 987_654_321, item_id: item.item_id, level: 2 });
    await page(item.item_id, { title: 'under the orphan', cat: lost });
    await page(item.item_id, { title: 'in no catalog', cat: { cat_id: 987_654_322, item_id: item.item_id, level: 2 } });

    const { info: data } = await info({ item_id: item.item_id }, owner);
    expect(outline(data.menu)).toEqual(['[Empty]', '  [Empty child]']);
    expect(data.default_page_id).toBe(0);
  });

  it('does not loop on catalogs that name each other as parent', async () => {
    const item = await createItem(t, owner);
    const x = await addCatalog(t, item.item_id, 'X');
    const y = await addCatalog(t, item.item_id, 'Y', x);
    await t.database.db.updateTable('catalog').set({ parent_cat_id: y.cat_id }).where('cat_id', '=', x.cat_id).execute();
    await page(item.item_id, { title: 'kept', s_number: 1 });
    const { info: data, error_code } = await info({ item_id: item.item_id }, owner);
    expect(error_code).toBe(0);
    expect(outline(data.menu)).toEqual(['kept']);
  });

  it('shows a catalog only in its own project', async () => {
    const mine = await createItem(t, owner);
    const theirs = await createItem(t, owner);
    await addCatalog(t, theirs.item_id, 'Theirs');
    await addCatalog(t, mine.item_id, 'Mine');
    expect(outline((await info({ item_id: mine.item_id }, owner)).info.menu)).toEqual(['[Mine]']);
  });
});

describe('drafts', () => {
  let item: TestItem;
  let editor: TestUser;
  let otherEditor: TestUser;
  beforeAll(async () => {
    item = await createItem(t, owner);
    editor = await registerUser(t);
    otherEditor = await registerUser(t);
    await addMember(t, item.item_id, editor, 1);
    await addMember(t, item.item_id, otherEditor, 1);
    const cat = await addCatalog(t, item.item_id, 'C');
    await page(item.item_id, { title: 'published', s_number: 1 });
    await page(item.item_id, { title: 'draft of the editor', is_draft: 1, author: editor, s_number: 2, content: 'unfinished marmalade' });
    await page(item.item_id, { title: 'nested draft', is_draft: 1, author: editor, cat, content: 'unfinished marmalade' });
    await page(item.item_id, { title: 'api draft', is_draft: 1, author: null, s_number: 3 });
  });

  it('are in the menu of their author only, at every depth', async () => {
    expect(outline((await info({ item_id: item.item_id }, editor)).info.menu)).toEqual(['published', 'draft of the editor', '[C]', '  nested draft']);
    expect(outline((await info({ item_id: item.item_id }, otherEditor)).info.menu)).toEqual(['published', '[C]']);
    expect(outline((await info({ item_id: item.item_id }, owner)).info.menu)).toEqual(['published', '[C]']);
  });

  it('are hidden from guests, even drafts written through the open API (author 0)', async () => {
    expect(outline((await info({ item_id: item.item_id })).info.menu)).toEqual(['published', '[C]']);
  });

  it('are found by a keyword search of their author only', async () => {
    expect(outline((await info({ item_id: item.item_id, keyword: 'marmalade' }, editor)).info.menu)).toEqual(['draft of the editor', 'nested draft']);
    expect((await info({ item_id: item.item_id, keyword: 'marmalade' }, otherEditor)).info.menu).toEqual({ pages: [], catalogs: [] });
  });

  it('cannot be opened by someone else by asking for them', async () => {
    const draft = (await t.database.db.selectFrom('page').select('page_id').where('page_title', '=', 'draft of the editor').executeTakeFirstOrThrow()).page_id;
    const { info: data } = await info({ item_id: item.item_id, default_page_id: draft }, otherEditor);
    expect(data.default_page_id).not.toBe(draft);
  });
});

describe('catalog limits', () => {
  let item: TestItem;
  let limited: TestUser;
  let teamLimited: TestUser;
  let a: TestCatalog;
  let b: TestCatalog;
  beforeAll(async () => {
    item = await createItem(t, owner, { password: 'visit-me' });
    a = await addCatalog(t, item.item_id, 'A');
    const a1 = await addCatalog(t, item.item_id, 'A1', a);
    const a1x = await addCatalog(t, item.item_id, 'A1x', a1);
    b = await addCatalog(t, item.item_id, 'B');
    await addCatalog(t, item.item_id, 'B empty child', b);
    await page(item.item_id, { title: 'root page', content: 'quince', s_number: 1 });
    await page(item.item_id, { title: 'in A', cat: a, content: 'quince' });
    await page(item.item_id, { title: 'in A1x', cat: a1x, content: 'quince' });
    await page(item.item_id, { title: 'in B', cat: b, content: 'quince' });
    limited = await registerUser(t);
    teamLimited = await registerUser(t);
    await addMember(t, item.item_id, limited, 0, [a.cat_id]);
    await addTeamMember(t, item.item_id, owner, teamLimited, 1, [b.cat_id]);
  });

  it('give a member only their catalogs, with everything below them, and no root pages', async () => {
    const { info: data } = await info({ item_id: item.item_id }, limited);
    expect(outline(data.menu)).toEqual(['[A]', '  in A', '  [A1]', '    [A1x]', '      in A1x']);
    expect(data.default_page_id).toBe((await t.database.db.selectFrom('page').select('page_id').where('page_title', '=', 'in A').executeTakeFirstOrThrow()).page_id);
  });

  it('work through a team too, keeping the empty catalogs inside the limit', async () => {
    expect(outline((await info({ item_id: item.item_id }, teamLimited)).info.menu)).toEqual(['[B]', '  in B', '  [B empty child]']);
  });

  it('apply to the keyword search of the menu', async () => {
    expect(outline((await info({ item_id: item.item_id, keyword: 'quince' }, limited)).info.menu)).toEqual(['in A', 'in A1x']);
  });

  it('do not let the member open a page outside them by asking for it', async () => {
    const inB = (await t.database.db.selectFrom('page').select('page_id').where('page_title', '=', 'in B').executeTakeFirstOrThrow()).page_id;
    const { info: data } = await info({ item_id: item.item_id, default_page_id: inB }, limited);
    expect(data.default_page_id).not.toBe(inB);
    expect(data.default_cat_id3).not.toBe(b.cat_id);
  });

  it('do not limit the owner', async () => {
    expect(outline((await info({ item_id: item.item_id }, owner)).info.menu)).toEqual(['root page', '[A]', '  in A', '  [A1]', '    [A1x]', '      in A1x', '[B]', '  in B', '  [B empty child]']);
  });
});

describe('searching the menu (keyword)', () => {
  let item: TestItem;
  let ids: Record<string, number>;
  beforeAll(async () => {
    item = await createItem(t, owner);
    const api = await addCatalog(t, item.item_id, 'API');
    const orders = await addCatalog(t, item.item_id, '订单接口', api);
    await addCatalog(t, item.item_id, 'Unrelated');
    ids = {
      refund: await page(item.item_id, { title: 'Refund', cat: orders, content: `${'a'.repeat(150)} POST /refunds creates a refund ${'b'.repeat(150)}`, s_number: 2 }),
      createOrder: await page(item.item_id, { title: '创建订单', cat: orders, content: '下单后返回订单编号 order_no。', s_number: 1 }),
      overview: await page(item.item_id, { title: 'Overview', content: 'Start here. Mentions refunds once.' }),
      emoji: await page(item.item_id, { title: 'Emoji 🎉 party', content: `${'🎉'.repeat(60)} celebrate ${'🎉'.repeat(60)}` }),
      wildcard: await page(item.item_id, { title: '50%_off', content: 'promo' }),
      other: await page(item.item_id, { title: 'Other', content: 'nothing to see' }),
    };
  });

  const search = async (keyword: string, user: TestUser | undefined = owner) => (await info({ item_id: item.item_id, keyword }, user)).info;

  it('answers ShowDoc’s search menu: the matching pages flat, as full rows, in menu order, no catalogs (transcript 22)', async () => {
    const data = await search('refund');
    expect(outline(data.menu)).toEqual(['Refund', 'Overview']);
    expect(data.menu.catalogs).toEqual([]);
    expect(data.menu.pages[0]).toMatchObject({ page_id: ids.refund, item_id: item.item_id, s_number: 2, page_content: expect.stringContaining('POST /refunds') });
    expect(data.default_page_id).toBe(ids.refund);
  });

  it('matches any case, in the title or the body', async () => {
    expect(outline((await search('REFUND')).menu)).toEqual(['Refund', 'Overview']);
    expect(outline((await search('overview')).menu)).toEqual(['Overview']);
  });

  it('finds Chinese words of three or more characters through the index', async () => {
    expect(outline((await search('订单编号')).menu)).toEqual(['创建订单']);
  });

  it('finds one- and two-character words too', async () => {
    expect(outline((await search('订单')).menu)).toEqual(['创建订单']);
    expect(outline((await search('单')).menu)).toEqual(['创建订单']);
    expect(outline((await search('%')).menu)).toEqual(['50%_off']);
    expect(outline((await search('_o')).menu)).toEqual(['50%_off']);
  });

  it('answers an empty menu and no page to open when nothing matches', async () => {
    const data = await search('zzzz-no-such-word');
    expect(data.menu).toEqual({ pages: [], catalogs: [] });
    expect(data).toMatchObject({ default_page_id: 0, default_cat_id2: 0, default_cat_id3: 0, default_cat_id4: 0 });
  });

  it('treats a blank keyword as no keyword', async () => {
    expect(outline((await search('   ')).menu)).toContain('[Unrelated]');
  });

  it('cuts snippets between characters, never inside an emoji', async () => {
    const res = await t.call('item/search', { item_id: item.item_id, keyword: 'celebrate' }, { token: owner.token });
    const hit = (res.data as ItemSearch).pages[0];
    expect(hit?.page_title).toBe('Emoji 🎉 party');
    expect(hit?.search_content).toMatch(/^\.\.\.(🎉)+ celebrate (🎉)+\.\.\.$/u);
    expect(hit?.search_content).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(outline((await search('🎉')).menu)).toEqual(['Emoji 🎉 party']);
  });

  it('is open to guests of a public project, like the menu', async () => {
    expect(outline((await search('refund', undefined)).menu)).toEqual(['Refund', 'Overview']);
  });
});

describe('item/search ranks and cuts snippets', () => {
  it('lists title matches first, then the most recently saved', async () => {
    const item = await createItem(t, owner);
    const word = uniqueName('kumquat');
    await page(item.item_id, { title: 'old body hit', content: `mentions ${word}`, addtime: 1000, s_number: 1 });
    await page(item.item_id, { title: 'new body hit', content: `mentions ${word}`, addtime: 3000, s_number: 2 });
    await page(item.item_id, { title: `title hit ${word}`, content: 'plain', addtime: 500, s_number: 3 });
    const res = await t.call('item/search', { item_id: item.item_id, keyword: word }, { token: owner.token });
    const pages = (res.data as { pages: { page_title: string; search_content: string }[] }).pages;
    expect(pages.map((p) => p.page_title)).toEqual([`title hit ${word}`, 'new body hit', 'old body hit']);
    expect(pages[1]?.search_content).toBe(`...mentions ${word}...`);
    // Only the title matched: the snippet is the start of the body.
    expect(pages[0]?.search_content).toBe('...plain...');
  });
});

describe('a word found all over the site', () => {
  it('is searched in a small project by scanning it (SQLite), with the same answer and ranking', async () => {
    const word = uniqueName('ubiquitous');
    const small = await createItem(t, owner);
    const crowded = await createItem(t, owner);
    for (let i = 0; i < 6; i++) await page(crowded.item_id, { title: `crowded ${i}`, content: word });
    await page(small.item_id, { title: 'body only', content: `see ${word}`, addtime: 2000 });
    await page(small.item_id, { title: `in the title ${word}`, addtime: 1000 });
    await page(small.item_id, { title: 'unrelated', content: 'nothing' });
    if (t.database.dialect === 'sqlite') {
      expect(await scanBeatsIndex(t.database.db, 'sqlite', word, small.item_id)).toBe(true);
      expect(await scanBeatsIndex(t.database.db, 'sqlite', word, crowded.item_id)).toBe(false);
    }
    const res = await t.call('item/search', { item_id: small.item_id, keyword: word }, { token: owner.token });
    expect((res.data as { pages: { page_title: string }[] }).pages.map((p) => p.page_title)).toEqual([`in the title ${word}`, 'body only']);
    expect(outline((await info({ item_id: small.item_id, keyword: word.toUpperCase() }, owner)).info.menu)).toEqual(['body only', `in the title ${word}`]);
  });
});

describe('who sees what', () => {
  let item: TestItem;
  const people: Record<string, TestUser> = {};
  beforeAll(async () => {
    item = await createItem(t, owner);
    await page(item.item_id, { title: 'welcome' });
    for (const role of ['manager', 'editor', 'readonly', 'team', 'stranger']) people[role] = await registerUser(t);
    await addMember(t, item.item_id, people.manager as TestUser, 2);
    await addMember(t, item.item_id, people.editor as TestUser, 1);
    await addMember(t, item.item_id, people.readonly as TestUser, 0);
    await addTeamMember(t, item.item_id, owner, people.team as TestUser, 1);
  });

  const expected: Record<string, { item_edit: boolean; item_manage: boolean }> = {
    owner: { item_edit: true, item_manage: true },
    admin: { item_edit: true, item_manage: true },
    manager: { item_edit: true, item_manage: true },
    editor: { item_edit: true, item_manage: false },
    team: { item_edit: true, item_manage: false },
    readonly: { item_edit: false, item_manage: false },
    stranger: { item_edit: false, item_manage: false },
    guest: { item_edit: false, item_manage: false },
  };
  for (const [role, flags] of Object.entries(expected)) {
    it(`${role}: the same menu, item_edit ${flags.item_edit}, item_manage ${flags.item_manage}`, async () => {
      const user = role === 'owner' ? owner : role === 'admin' ? admin : people[role];
      const { info: data } = await info({ item_id: item.item_id }, user);
      expect(data).toMatchObject({ ...flags, ItemPermn: flags.item_edit, ItemCreator: flags.item_manage, is_login: role !== 'guest' });
      expect(outline(data.menu)).toEqual(['welcome']);
    });
  }

  it('switches editing off for RunApi projects and hands RunApi its (empty) global parameters', async () => {
    const runapi = await createItem(t, owner);
    await t.database.db.updateTable('item').set({ item_type: 3 }).where('item_id', '=', runapi.item_id).execute();
    const { info: data } = await info({ item_id: runapi.item_id }, owner);
    expect(data).toMatchObject({ item_type: 3, item_edit: false, item_manage: false, global_param: { query: [], body: [], header: [], cookies: [], preScript: '', postScript: '' } });
  });
});

describe('single-page and spreadsheet projects', () => {
  for (const item_type of [2, 4]) {
    it(`type ${item_type}: the one page is menu.pages[0] and the page to open`, async () => {
      const item = await createItem(t, owner, { item_type, item_name: `type ${item_type} 项目` });
      const { info: data } = await info({ item_id: item.item_id }, owner);
      expect(data).toMatchObject({ item_type, menu: { catalogs: [] } });
      expect(data.menu.pages).toHaveLength(1);
      expect(data.menu.pages[0]?.page_title).toBe(`type ${item_type} 项目`);
      expect(data.default_page_id).toBe(data.menu.pages[0]?.page_id);
    });
  }
});

describe('site options and messages', () => {
  it('reports the watermark when the site turns it on', async () => {
    const item = await createItem(t, owner);
    await t.database.db.insertInto('options').values({ option_name: 'show_watermark', option_value: '1' }).execute();
    forgetCachedOptions(t.database.db);
    try {
      expect((await info({ item_id: item.item_id }, owner)).info.show_watermark).toBe(1);
    } finally {
      await t.database.db.deleteFrom('options').where('option_name', '=', 'show_watermark').execute();
      forgetCachedOptions(t.database.db);
    }
    expect((await info({ item_id: item.item_id }, owner)).info.show_watermark).toBe(0);
  });

  it('counts the caller’s unread reminders', async () => {
    const reader = await registerUser(t);
    const item = await createItem(t, reader);
    const db = t.database.db;
    const content = await db.insertInto('message_content').values({ from_uid: owner.uid, message_type: 'remind', message_content: 'page changed' }).returning('id').executeTakeFirstOrThrow();
    const row = (status: number, message_type = 'remind') => ({ from_uid: owner.uid, to_uid: reader.uid, message_type, message_content_id: content.id, status });
    await db.insertInto('message').values([row(0), row(0), row(1), row(0, 'announce')]).execute();
    expect((await info({ item_id: item.item_id }, reader)).info.unread_count).toBe(2);
    expect((await info({ item_id: item.item_id })).info.unread_count).toBe(0);
  });
});

describe('refusals', () => {
  it('asks for the visit password (10307) on a private project, and tells nothing of it', async () => {
    const item = await createItem(t, owner, { item_name: uniqueName('secret'), password: 'pw-1' });
    await page(item.item_id, { title: 'classified title' });
    const stranger = await registerUser(t);
    for (const user of [undefined, stranger]) {
      const res = await info({ item_id: item.item_id }, user);
      expect(res.error_code).toBe(10307);
      expect(res.response.body).not.toContain('classified');
      expect(res.response.body).not.toContain(item.item_name);
    }
    const keyword = await info({ item_id: item.item_id, keyword: 'classified' });
    expect(keyword.error_code).toBe(10307);
  });

  it('opens a private project with the visit password sent as ShowDoc clients send it', async () => {
    const item = await createItem(t, owner, { password: 'pw-2' });
    await page(item.item_id, { title: 'inside' });
    const res = await t.call('item/info', {}, { url: `/api/item/info?item_id=${item.item_id}&_item_pwd=pw-2` });
    expect(res.error_code).toBe(0);
    expect(outline((res.data as Info).menu)).toEqual(['inside']);
  });

  it('sends guests to log in (10312) when the site forces it', async () => {
    const item = await createItem(t, owner);
    await t.database.db.insertInto('options').values({ option_name: 'force_login', option_value: '1' }).execute();
    forgetCachedOptions(t.database.db);
    try {
      expect((await info({ item_id: item.item_id })).error_code).toBe(10312);
      expect((await info({ item_id: item.item_id }, owner)).error_code).toBe(0);
    } finally {
      await t.database.db.deleteFrom('options').where('option_name', '=', 'force_login').execute();
      forgetCachedOptions(t.database.db);
    }
  });

  it('answers 10303 for an unknown id (transcript 42), 10101 for an unknown domain and to the owner of a deleted project', async () => {
    expect((await info({ item_id: 99_999_999 }, owner)).error_code).toBe(10303);
    expect((await info({ item_id: 'nosuchdomain' }, owner)).error_code).toBe(10101);
    const item = await createItem(t, owner);
    await t.call('item/delete', { item_id: item.item_id, password: owner.password }, { token: owner.token });
    expect((await info({ item_id: item.item_id }, owner)).error_code).toBe(10101);
  });

  it('refuses malformed input with 10100', async () => {
    const item = await createItem(t, owner);
    expect((await info({}, owner)).error_code).toBe(10100);
    expect((await info({ item_id: '' }, owner)).error_code).toBe(10100);
    expect((await info({ item_id: item.item_id, page_id: -1 }, owner)).error_code).toBe(10100);
    expect((await info({ item_id: item.item_id, default_page_id: 'first' }, owner)).error_code).toBe(10100);
    expect((await info({ item_id: item.item_id, keyword: 'k'.repeat(201) }, owner)).error_code).toBe(10100);
    expect((await t.call('item/info', { item_id: item.item_id, page_id: [1, 2] }, { token: owner.token, json: true })).error_code).toBe(10100);
  });

  it('takes JSON bodies with numbers as well as forms', async () => {
    const item = await createItem(t, owner);
    const p = await page(item.item_id, { title: 'json' });
    const res = await t.call('item/info', { item_id: item.item_id, default_page_id: p }, { token: owner.token, json: true });
    expect((res.data as Info).default_page_id).toBe(p);
  });
});
