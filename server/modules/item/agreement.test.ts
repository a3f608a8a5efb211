import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Envelope, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, addTeamMember, createItem, uniqueName, type TestItem } from '../../test/item-factories.js';
import { createPage, historyRows, updatePage } from '../../test/page-factories.js';
import { PDF, uploadTo } from '../../test/upload-helpers.js';
import { unzip } from '../../test/unzip.js';

/**
 * Issue 6, Deliver 2: one permission model, seen the same way from every door. For every kind of person
 * and both kinds of project, a page is readable by `page/info` iff the menu (`item/info`) shows it iff
 * in-project search (`item/info` with a keyword, `item/search` with item_id) finds it iff its history,
 * a diff against it and its attachments open. The project list, the cross-project search and the
 * recycle bin agree with the same verdicts: listed ⇒ the menu opens and global search finds exactly the
 * readable pages; `manage` in the list ⇔ `item_manage` in item/info ⇔ the recycle bin opens. A page in
 * the recycle bin is nowhere but there.
 *
 * The world is built once; each case only reads, so the cases cannot disturb one another.
 * The markdown export (`export/markdown`, editors only) holds exactly the readable pages too.
 */

const ROLES = [
  'owner',
  'manager',
  'editor',
  'readonly',
  'teamManager',
  'teamEditor',
  'teamReadonly',
  'limitedReadonly',
  'teamLimitedReadonly',
  // Export needs an editor: a limited one shows whether the export keeps to the limit.
  'limitedEditor',
  'stranger',
  'guest',
  'admin',
] as const;
type Role = (typeof ROLES)[number];
type Person = Exclude<Role, 'guest'>;
type Visibility = 'public' | 'private';
type PageName = 'inA' | 'inASub' | 'inB' | 'atRoot';

const PAGE_NAMES: readonly PageName[] = ['inA', 'inASub', 'inB', 'atRoot'];
const ALL_PAGES = new Set<PageName>(PAGE_NAMES);
const CATALOG_A_PAGES = new Set<PageName>(['inA', 'inASub']);
const NO_PAGES = new Set<PageName>();
/** Answers that mean "not for you" (or "not there"); anything else for a refused read is a bug. */
const REFUSALS = [10101, 10102, 10103, 10303, 10307, 10312];
const MANAGERS = new Set<Role>(['owner', 'manager', 'teamManager', 'admin']);
/** People whose project list holds the project: the owner and every member, individual or through a team. */
const LISTED = new Set<Role>(['owner', 'manager', 'editor', 'readonly', 'teamManager', 'teamEditor', 'teamReadonly', 'limitedReadonly', 'teamLimitedReadonly', 'limitedEditor']);
/** People who may export (export/markdown asks for edit rights). */
const EDITORS = new Set<Role>(['owner', 'manager', 'editor', 'teamManager', 'teamEditor', 'limitedEditor', 'admin']);

interface World {
  item: TestItem;
  /** In every page's body, and nowhere else on the site. */
  word: string;
  pages: Record<PageName, { page_id: number; history_id: number; attachment: string }>;
  deleted: { page_id: number; history_id: number };
}

let t: TestApp;
let people: Record<Person, TestUser>;
const worlds = {} as Record<Visibility, World>;

/** Who may read what: every member without a limit and the site administrator read all; limits keep to A. */
function readablePages(role: Role, visibility: Visibility): Set<PageName> {
  if (role === 'limitedReadonly' || role === 'teamLimitedReadonly' || role === 'limitedEditor') return CATALOG_A_PAGES;
  if (role === 'stranger' || role === 'guest') return visibility === 'public' ? ALL_PAGES : NO_PAGES;
  return ALL_PAGES;
}

async function buildWorld(visibility: Visibility): Promise<World> {
  const { owner } = people;
  const word = uniqueName('agreement').replace(/-/g, '');
  const item = await createItem(t, owner, { password: visibility === 'private' ? 'visit-pw-77' : '' });
  const a = await addCatalog(t, item.item_id, 'A');
  const aSub = await addCatalog(t, item.item_id, 'A sub', a);
  const b = await addCatalog(t, item.item_id, 'B');

  await addMember(t, item.item_id, people.manager, 2);
  await addMember(t, item.item_id, people.editor, 1);
  await addMember(t, item.item_id, people.readonly, 0);
  await addMember(t, item.item_id, people.limitedReadonly, 0, [a.cat_id]);
  await addMember(t, item.item_id, people.limitedEditor, 1, [a.cat_id]);
  await addTeamMember(t, item.item_id, owner, people.teamManager, 2);
  await addTeamMember(t, item.item_id, owner, people.teamEditor, 1);
  await addTeamMember(t, item.item_id, owner, people.teamReadonly, 0);
  await addTeamMember(t, item.item_id, owner, people.teamLimitedReadonly, 0, [a.cat_id]);

  const catalogOf: Record<PageName, number> = { inA: a.cat_id, inASub: aSub.cat_id, inB: b.cat_id, atRoot: 0 };
  const pages = {} as World['pages'];
  for (const name of PAGE_NAMES) {
    pages[name] = await pageWithHistory(item, catalogOf[name], word, name);
  }
  const gone = await pageWithHistory(item, a.cat_id, word, 'deleted');
  const removed = await t.call('page/delete', { page_id: gone.page_id, item_id: item.item_id }, { token: owner.token });
  expect(removed.error_code).toBe(0);
  return { item, word, pages, deleted: gone };
}

/** A page saved twice (so it has a history version) with one attachment. */
async function pageWithHistory(item: TestItem, catId: number, word: string, name: string) {
  const page = await createPage(t, people.owner, item.item_id, { cat_id: catId, title: `${name} ${word}`, content: `The ${name} page says ${word}.` });
  await updatePage(t, people.owner, page, item.item_id, { page_content: `The ${name} page still says ${word}.` });
  const [version] = await historyRows(t, page.page_id);
  if (!version) throw new Error(`no history for ${name}`);
  const attachment = `${name}-${word}.pdf`;
  const uploaded = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: page.page_id }, { filename: attachment, data: PDF }, people.owner.token);
  expect(uploaded.body.success, `upload to ${name}`).toBe(1);
  return { page_id: page.page_id, history_id: version.page_history_id, attachment };
}

beforeAll(async () => {
  t = await startTestApp();
  // The first account of a site is its administrator.
  const admin = await registerUser(t, { username: 'agreement_admin' });
  expect(admin.groupid).toBe(1);
  const rest = ROLES.filter((role): role is Exclude<Person, 'admin'> => role !== 'guest' && role !== 'admin');
  const registered = await Promise.all(rest.map(async (role) => [role, await registerUser(t)] as const));
  people = { admin, ...Object.fromEntries(registered) } as Record<Person, TestUser>;
  [worlds.public, worlds.private] = await Promise.all([buildWorld('public'), buildWorld('private')]);
}, 30_000);
afterAll(() => t?.close());

const call = (role: Role, path: string, params: Record<string, unknown>): ReturnType<TestApp['call']> =>
  t.call(path, params, role === 'guest' ? {} : { token: people[role].token });

interface MenuNode {
  pages?: { page_id: number | string }[];
  catalogs?: MenuNode[];
}

function pageIdsOf(menu: MenuNode | undefined): Set<number> {
  const ids = new Set<number>();
  const walk = (node: MenuNode | undefined) => {
    for (const page of node?.pages ?? []) ids.add(Number(page.page_id));
    for (const child of node?.catalogs ?? []) walk(child);
  };
  walk(menu);
  return ids;
}

/** The page ids of `names` in this world, sorted, for readable failure messages. */
const idsOf = (world: World, names: Iterable<PageName>) => [...names].map((name) => world.pages[name].page_id).sort((x, y) => x - y);
const sorted = (ids: Iterable<number>) => [...ids].sort((x, y) => x - y);
/** Only this world's live pages: answers that reach into other projects are judged elsewhere. */
const ofWorld = (world: World, ids: Iterable<number>) => sorted([...ids].filter((id) => PAGE_NAMES.some((name) => world.pages[name].page_id === id) || id === world.deleted.page_id));

function expectRefused(res: Envelope, what: string): void {
  expect(res.error_code, what).not.toBe(0);
  expect(REFUSALS, `${what}: refused with ${res.error_code}`).toContain(res.error_code);
}

describe.each(['public', 'private'] as const)('a %s project', (visibility) => {
  it.each(ROLES)('%s: fetch, menu, search, history, diff and attachments agree', async (role) => {
    const world = worlds[visibility];
    const expected = readablePages(role, visibility);
    const expectedIds = idsOf(world, expected);

    // Direct fetch, history, diff and attachments, page by page.
    const fetchable: PageName[] = [];
    for (const name of PAGE_NAMES) {
      const page = world.pages[name];
      const info = await call(role, 'page/info', { page_id: page.page_id });
      const history = await call(role, 'page/history', { page_id: page.page_id });
      const diff = await call(role, 'page/diff', { page_id: page.page_id, page_history_id: page.history_id });
      const files = await call(role, 'page/uploadList', { page_id: page.page_id });
      if (info.error_code === 0) {
        fetchable.push(name);
        expect(history.error_code, `${name}: page/history`).toBe(0);
        expect(diff.error_code, `${name}: page/diff`).toBe(0);
        expect(files.error_code, `${name}: page/uploadList`).toBe(0);
        expect((files.data as { display_name: string }[]).map((f) => f.display_name), `${name}: attachments`).toContain(page.attachment);
      } else {
        expectRefused(info, `${name}: page/info`);
        expectRefused(history, `${name}: page/history`);
        expectRefused(diff, `${name}: page/diff`);
        expectRefused(files, `${name}: page/uploadList`);
      }
    }
    expect(idsOf(world, fetchable), 'pages page/info opens').toEqual(expectedIds);

    // The menu shows exactly what can be fetched; the project opens iff something (or the whole) may be read.
    const info = await call(role, 'item/info', { item_id: world.item.item_id });
    const menuIds = info.error_code === 0 ? ofWorld(world, pageIdsOf((info.data as { menu?: MenuNode }).menu)) : [];
    if (info.error_code !== 0) expectRefused(info, 'item/info');
    expect(menuIds, 'pages in the menu').toEqual(expectedIds);
    expect(info.error_code === 0, 'item/info opens').toBe(expected.size > 0);

    // In-project search, both ways, finds exactly the readable pages.
    const menuSearch = await call(role, 'item/info', { item_id: world.item.item_id, keyword: world.word });
    const menuHits = menuSearch.error_code === 0 ? ofWorld(world, pageIdsOf((menuSearch.data as { menu?: MenuNode }).menu)) : [];
    expect(menuHits, 'item/info keyword hits').toEqual(expectedIds);
    const search = await call(role, 'item/search', { item_id: world.item.item_id, keyword: world.word });
    if (role === 'guest') {
      expect(search.error_code, 'item/search needs a login').toBe(10102);
    } else {
      const hits = search.error_code === 0 ? ofWorld(world, (search.data as { pages: { page_id: number }[] }).pages.map((p) => Number(p.page_id))) : [];
      if (search.error_code !== 0) expectRefused(search, 'item/search');
      expect(hits, 'item/search hits').toEqual(expectedIds);
    }

    // A page in the recycle bin is nowhere but in the bin, for everyone.
    expect(menuIds, 'the deleted page is not in the menu').not.toContain(world.deleted.page_id);
    expect(menuHits, 'the deleted page is not found').not.toContain(world.deleted.page_id);
    expectRefused(await call(role, 'page/info', { page_id: world.deleted.page_id }), 'deleted page: page/info');
    expectRefused(await call(role, 'page/history', { page_id: world.deleted.page_id }), 'deleted page: page/history');
  });

  it.each(ROLES)('%s: the project list, global search and the recycle bin agree with the same verdicts', async (role) => {
    const world = worlds[visibility];
    const expectedIds = idsOf(world, readablePages(role, visibility));
    const manages = MANAGERS.has(role);

    const info = await call(role, 'item/info', { item_id: world.item.item_id });
    if (info.error_code === 0) expect(Boolean((info.data as { item_manage: boolean }).item_manage), 'item/info item_manage').toBe(manages);

    const bin = await call(role, 'recycle/getList', { item_id: world.item.item_id });
    if (manages) {
      expect(bin.error_code, 'recycle/getList').toBe(0);
      expect((bin.data as { page_id: number | string }[]).map((row) => Number(row.page_id)), 'the bin holds the deleted page').toContain(world.deleted.page_id);
    } else {
      expectRefused(bin, 'recycle/getList');
    }

    if (role === 'guest') {
      expect((await call(role, 'item/myList', {})).error_code, 'item/myList needs a login').toBe(10102);
      expect((await call(role, 'item/search', { keyword: world.word })).error_code, 'item/search needs a login').toBe(10102);
      return;
    }
    const list = await call(role, 'item/myList', {});
    expect(list.error_code).toBe(0);
    const listed = (list.data as { item_id: number; manage: number }[]).find((row) => row.item_id === world.item.item_id);
    expect(listed !== undefined, 'in item/myList').toBe(LISTED.has(role));
    if (listed) {
      expect(info.error_code, 'a listed project opens').toBe(0);
      expect(listed.manage === 1, 'manage in the list').toBe(manages);
    }

    // Search across my projects: exactly the readable pages of a listed project, nothing of any other.
    const everywhere = await call(role, 'item/search', { keyword: world.word });
    expect(everywhere.error_code).toBe(0);
    const hits = ofWorld(world, (everywhere.data as { pages: { page_id: number }[] }).pages.map((p) => Number(p.page_id)));
    expect(hits, 'item/search across projects').toEqual(listed ? expectedIds : []);
  });

  it.each(ROLES)('%s: the markdown export holds exactly the readable pages, for those who may export', async (role) => {
    const world = worlds[visibility];
    const res = await call(role, 'export/markdown', { item_id: world.item.item_id });
    if (role === 'guest') {
      expect(res.error_code, 'export/markdown needs a login').toBe(10102);
      return;
    }
    if (!EDITORS.has(role)) {
      expectRefused(res, 'export/markdown');
      return;
    }
    const { response } = res;
    expect(response.statusCode, 'export/markdown').toBe(200);
    const said = new RegExp(`The (\\w+) page still says ${world.word}`);
    const exported = (await unzip(Buffer.from(response.rawPayload)))
      .filter((entry) => entry.name.endsWith('.md'))
      .flatMap((entry) => said.exec(entry.data.toString('utf8'))?.[1] ?? []);
    expect(exported.sort(), 'pages in the markdown export').toEqual([...readablePages(role, visibility)].sort());
  });
});
