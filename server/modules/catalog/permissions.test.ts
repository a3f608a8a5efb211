import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Envelope, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, addTeamMember, createItem, uniqueName, type TestItem } from '../../test/item-factories.js';
import { as, catalogRow, catalogsOf, changeLogRows, insertPage, pageRow, saveCatalog } from '../../test/catalog-helpers.js';

/**
 * Who may do what to a project's catalogs, recycle bin and change log, as one table (security.md §3.2),
 * in the shape of server/modules/item/permissions.test.ts:
 *
 * - catalog lists: whoever may visit the project (guests too, on public projects);
 * - catalog writes and getPagesBycat: editors (owner, managers, editors, team editors, site admins);
 * - recycle bin and change log: managers (owner, managers, site admins);
 * - guests need a login (10102) for everything but the lists; strangers of a private project are sent to
 *   the password screen (10307); anyone who may visit but not do the thing gets 10303.
 */

const ROLES = ['owner', 'manager', 'editor', 'readonly', 'team', 'stranger', 'guest', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Person = Exclude<Role, 'guest'>;
type Visibility = 'public' | 'private';

const OK = 'ok';
const LOGIN = 10102;
const DENY = 10303;
const PWD = 10307;
type Outcome = typeof OK | typeof LOGIN | typeof DENY | typeof PWD;
type Row = readonly [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

let t: TestApp;
let people: Record<Person, TestUser>;

beforeAll(async () => {
  t = await startTestApp();
  const admin = await registerUser(t, { username: 'site_admin' });
  const others = await Promise.all(['owner', 'manager', 'editor', 'readonly', 'team', 'stranger'].map(async (role) => [role, await registerUser(t)] as const));
  people = { admin, ...Object.fromEntries(others) } as typeof people;
});
afterAll(() => t?.close());

const call = (role: Role, path: string, params: Record<string, unknown>) => as(t, role === 'guest' ? null : people[role], path, params);

interface Project extends TestItem {
  canary: string;
  /** A catalog named with the canary, holding a page named with it. */
  top: number;
  page: number;
}

async function projectWithMembers(visibility: Visibility): Promise<Project> {
  const canary = uniqueName('canary');
  const item = await createItem(t, people.owner, { password: visibility === 'private' ? 'visit-pw-42' : '' });
  await addMember(t, item.item_id, people.manager, 2);
  await addMember(t, item.item_id, people.editor, 1);
  await addMember(t, item.item_id, people.readonly, 0);
  await addTeamMember(t, item.item_id, people.owner, people.team, 1);
  const top = await saveCatalog(t, people.owner, { item_id: item.item_id, cat_name: `Top ${canary}` });
  const page = await insertPage(t, item.item_id, { cat_id: top, title: `Page ${canary}` });
  return { ...item, canary, top, page };
}

/** What a cell works on: a catalog made for it, a deleted page for the recycle bin. */
interface Fixture {
  catId: number;
  deletedPage: number;
}

async function fixture(p: Project): Promise<Fixture> {
  const catId = await saveCatalog(t, people.owner, { item_id: p.item_id, cat_name: uniqueName('cell') });
  const deletedPage = await insertPage(t, p.item_id, { cat_id: catId, title: uniqueName('binned') });
  await t.database.db.insertInto('recycle').values({ item_id: p.item_id, page_id: deletedPage, page_title: 'binned', del_time: t.clock.now() }).execute();
  await t.database.db.updateTable('page').set({ is_del: 1 }).where('page_id', '=', deletedPage).execute();
  return { catId, deletedPage };
}

interface Endpoint {
  call(role: Role, p: Project, f: Fixture): Promise<Envelope & { response: { body: string } }>;
  /** For a success: the answer is about this project, or the change happened. */
  served(data: unknown, p: Project, f: Fixture, role: Role): Promise<boolean> | boolean;
  /** For a refusal: nothing changed. */
  untouched?(p: Project, f: Fixture): Promise<boolean>;
}

const hasCanary = (data: unknown, p: Project) => JSON.stringify(data).includes(p.canary);
const catalogName = async (catId: number) => (await catalogRow(t, catId))?.cat_name;

const ENDPOINTS: Record<string, Endpoint> = {
  'catalog/catList': { call: (r, p) => call(r, 'catalog/catList', { item_id: p.item_id }), served: (d, p) => hasCanary(d, p) },
  'catalog/catListGroup': { call: (r, p) => call(r, 'catalog/catListGroup', { item_id: p.item_id }), served: (d, p) => hasCanary(d, p) },
  'catalog/catListName': { call: (r, p) => call(r, 'catalog/catListName', { item_id: p.item_id }), served: (d, p) => hasCanary(d, p) },
  'catalog/getPagesBycat': { call: (r, p) => call(r, 'catalog/getPagesBycat', { item_id: p.item_id, cat_id: p.top }), served: (d, p) => hasCanary(d, p) },
  'catalog/save new': {
    call: (r, p, f) => call(r, 'catalog/save', { item_id: p.item_id, cat_name: `new ${f.catId}` }),
    served: async (d, _p, f) => (await catalogName(d as number)) === `new ${f.catId}`,
    untouched: async (p, f) => !(await catalogsOf(t, p.item_id)).some((c) => c.cat_name === `new ${f.catId}`),
  },
  'catalog/save rename': {
    call: (r, p, f) => call(r, 'catalog/save', { item_id: p.item_id, cat_id: f.catId, cat_name: `renamed by ${r}` }),
    served: async (_d, _p, f, r) => (await catalogName(f.catId)) === `renamed by ${r}`,
    untouched: async (_p, f) => !(await catalogName(f.catId))?.startsWith('renamed'),
  },
  'catalog/delete': {
    call: (r, p, f) => call(r, 'catalog/delete', { item_id: p.item_id, cat_id: f.catId }),
    served: async (_d, _p, f) => (await catalogRow(t, f.catId)) === undefined,
    untouched: async (_p, f) => (await catalogRow(t, f.catId)) !== undefined,
  },
  'catalog/batUpdate': {
    call: (r, p, f) => call(r, 'catalog/batUpdate', { item_id: p.item_id, cats: JSON.stringify([{ cat_id: f.catId, cat_name: 'dragged', parent_cat_id: p.top }]) }),
    served: async (_d, p, f) => (await catalogRow(t, f.catId))?.parent_cat_id === p.top,
    untouched: async (_p, f) => (await catalogRow(t, f.catId))?.parent_cat_id === 0,
  },
  'catalog/copy': {
    call: (r, _p, f) => call(r, 'catalog/copy', { cat_id: f.catId, new_p_cat_id: 0 }),
    served: async (d, _p, f) => (d as { cat_id: number }).cat_id !== f.catId && (await catalogName((d as { cat_id: number }).cat_id)) === (await catalogName(f.catId)),
    untouched: async (p, f) => {
      const name = await catalogName(f.catId);
      return (await catalogsOf(t, p.item_id)).filter((c) => c.cat_name === name).length === 1;
    },
  },
  'catalog/copy is_del=1': {
    call: (r, p, f) => call(r, 'catalog/copy', { cat_id: f.catId, new_p_cat_id: p.top, is_del: 1 }),
    served: async (_d, p, f) => (await catalogRow(t, f.catId))?.parent_cat_id === p.top,
    untouched: async (_p, f) => (await catalogRow(t, f.catId))?.parent_cat_id === 0,
  },
  'recycle/getList': {
    call: (r, p) => call(r, 'recycle/getList', { item_id: p.item_id }),
    served: (d, _p, f) => (d as { page_id: number }[]).some((row) => row.page_id === f.deletedPage),
  },
  'recycle/recover': {
    call: (r, p, f) => call(r, 'recycle/recover', { item_id: p.item_id, page_id: f.deletedPage }),
    served: async (_d, _p, f) => (await pageRow(t, f.deletedPage))?.is_del === 0,
    untouched: async (_p, f) => (await pageRow(t, f.deletedPage))?.is_del === 1,
  },
  'item/getChangeLog': {
    call: (r, p) => call(r, 'item/getChangeLog', { item_id: p.item_id }),
    served: (d, p) => {
      const log = d as { total: number; list: { item_id: number }[] };
      return log.total > 0 && log.list.length > 0 && log.list.every((row) => row.item_id === p.item_id);
    },
  },
};

const READ: Record<Visibility, Row> = {
  //        owner manager editor readonly team stranger guest admin
  public: [OK, OK, OK, OK, OK, OK, OK, OK],
  private: [OK, OK, OK, OK, OK, PWD, PWD, OK],
};
const EDIT: Record<Visibility, Row> = {
  public: [OK, OK, OK, DENY, OK, DENY, LOGIN, OK],
  private: [OK, OK, OK, DENY, OK, PWD, LOGIN, OK],
};
const MANAGE: Record<Visibility, Row> = {
  public: [OK, OK, DENY, DENY, DENY, DENY, LOGIN, OK],
  private: [OK, OK, DENY, DENY, DENY, PWD, LOGIN, OK],
};

const MATRIX: [keyof typeof ENDPOINTS, Record<Visibility, Row>][] = [
  ['catalog/catList', READ],
  ['catalog/catListGroup', READ],
  ['catalog/catListName', READ],
  ['catalog/getPagesBycat', EDIT],
  ['catalog/save new', EDIT],
  ['catalog/save rename', EDIT],
  ['catalog/delete', EDIT],
  ['catalog/batUpdate', EDIT],
  ['catalog/copy', EDIT],
  ['catalog/copy is_del=1', EDIT],
  ['recycle/getList', MANAGE],
  ['recycle/recover', MANAGE],
  ['item/getChangeLog', MANAGE],
];

describe('the permission matrix', () => {
  const projects = {} as Record<Visibility, Project>;
  beforeAll(async () => {
    projects.public = await projectWithMembers('public');
    projects.private = await projectWithMembers('private');
  });

  for (const [name, rows] of MATRIX) {
    const endpoint = ENDPOINTS[name] as Endpoint;
    for (const visibility of ['public', 'private'] as const) {
      describe(`${name} on a ${visibility} project`, () => {
        ROLES.forEach((role, column) => {
          const outcome = rows[visibility][column] as Outcome;
          it(`${role} → ${outcome}`, async () => {
            const p = projects[visibility];
            const f = await fixture(p);
            const answer = await endpoint.call(role, p, f);
            if (outcome === OK) {
              expect(answer.error_code, answer.error_message).toBe(0);
              expect(await endpoint.served(answer.data, p, f, role)).toBe(true);
            } else {
              expect(answer.error_code, answer.error_message).toBe(outcome);
              expect(answer.response.body).not.toContain(p.canary);
              if (endpoint.untouched) expect(await endpoint.untouched(p, f)).toBe(true);
            }
          });
        });
      });
    }
  }
});

describe('catalog limits are access control', () => {
  let item: TestItem;
  /** A > A1 (allowed to the limited members), B > B1 (not allowed). */
  let a: number;
  let a1: number;
  let b: number;
  let b1: number;
  let pageA: number;
  let pageB: number;
  let pageRoot: number;
  let limitedEditor: TestUser;
  let limitedTeamEditor: TestUser;
  let limitedReader: TestUser;

  beforeAll(async () => {
    item = await createItem(t, people.owner);
    a = await saveCatalog(t, people.owner, { item_id: item.item_id, cat_name: 'A' });
    a1 = await saveCatalog(t, people.owner, { item_id: item.item_id, cat_name: 'A1', parent_cat_id: a });
    b = await saveCatalog(t, people.owner, { item_id: item.item_id, cat_name: 'secret B' });
    b1 = await saveCatalog(t, people.owner, { item_id: item.item_id, cat_name: 'secret B1', parent_cat_id: b });
    pageA = await insertPage(t, item.item_id, { cat_id: a, title: 'in A' });
    pageB = await insertPage(t, item.item_id, { cat_id: b, title: 'secret in B' });
    pageRoot = await insertPage(t, item.item_id, { title: 'secret at root' });
    [limitedEditor, limitedTeamEditor, limitedReader] = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
    await addMember(t, item.item_id, limitedEditor, 1, [a]);
    await addTeamMember(t, item.item_id, people.owner, limitedTeamEditor, 1, [a]);
    await addMember(t, item.item_id, limitedReader, 0, [a]);
  });

  const editors = () => [limitedEditor, limitedTeamEditor];

  it('the lists show only the allowed catalogs, never a name from outside', async () => {
    for (const user of [...editors(), limitedReader]) {
      for (const path of ['catalog/catList', 'catalog/catListGroup', 'catalog/catListName']) {
        const res = await as(t, user, path, { item_id: item.item_id });
        expect(res.error_code).toBe(0);
        expect(res.response.body).not.toContain('secret');
        expect(res.response.body).toContain('A1');
      }
    }
  });

  it('getPagesBycat refuses catalogs outside the limit and the root (10103)', async () => {
    for (const user of editors()) {
      expect((await as(t, user, 'catalog/getPagesBycat', { item_id: item.item_id, cat_id: a })).data).toEqual([{ page_id: pageA, page_title: 'in A', s_number: 99 }]);
      for (const cat_id of [b, b1, 0]) {
        const res = await as(t, user, 'catalog/getPagesBycat', { item_id: item.item_id, cat_id });
        expect(res.error_code).toBe(10103);
        expect(res.response.body).not.toContain('secret');
      }
    }
  });

  it('save: no new top-level catalog, nothing created, renamed or moved outside the limit', async () => {
    const before = await catalogsOf(t, item.item_id);
    for (const user of editors()) {
      const refused: Record<string, unknown>[] = [
        { item_id: item.item_id, cat_name: 'new top' },
        { item_id: item.item_id, cat_name: 'under B', parent_cat_id: b },
        { item_id: item.item_id, cat_id: b, cat_name: 'renamed B' },
        { item_id: item.item_id, cat_id: b1, cat_name: 'B1', parent_cat_id: a },
        { item_id: item.item_id, cat_id: a1, cat_name: 'A1', parent_cat_id: b },
        { item_id: item.item_id, cat_id: a1, cat_name: 'A1', parent_cat_id: 0 },
      ];
      for (const params of refused) expect((await as(t, user, 'catalog/save', params)).error_code, JSON.stringify(params)).toBe(10103);
    }
    expect(await catalogsOf(t, item.item_id)).toEqual(before);
  });

  it('save: inside the limit works, including renaming their own top-level catalog in place', async () => {
    const child = await saveCatalog(t, limitedEditor, { item_id: item.item_id, cat_name: 'made by a limited editor', parent_cat_id: a });
    expect(await catalogRow(t, child)).toMatchObject({ parent_cat_id: a, level: 3 });
    expect(await saveCatalog(t, limitedTeamEditor, { item_id: item.item_id, cat_id: a, cat_name: 'A', parent_cat_id: 0, s_number: 3 })).toBe(a);
    expect(await saveCatalog(t, limitedEditor, { item_id: item.item_id, cat_id: child, cat_name: 'moved', parent_cat_id: a1 })).toBe(child);
    await as(t, people.owner, 'catalog/delete', { cat_id: child });
  });

  it('delete refuses catalogs outside the limit', async () => {
    for (const user of editors()) expect((await as(t, user, 'catalog/delete', { item_id: item.item_id, cat_id: b1 })).error_code).toBe(10103);
    expect(await catalogRow(t, b1)).toBeDefined();
    expect((await pageRow(t, pageB))?.is_del).toBe(0);
  });

  it('batUpdate refuses any entry outside the limit, and pages put at or taken from the root', async () => {
    const batches = [
      [{ cat_id: b, cat_name: 'secret B', parent_cat_id: 0, s_number: 1 }],
      [{ cat_id: a1, cat_name: 'A1', parent_cat_id: b }],
      [{ cat_id: a1, cat_name: 'A1', parent_cat_id: 0 }],
      [{ page_id: pageA, parent_cat_id: 0 }],
      [{ page_id: pageA, parent_cat_id: b }],
      [{ page_id: pageB, parent_cat_id: a }],
      [{ page_id: pageRoot, parent_cat_id: a }],
    ];
    for (const user of editors()) {
      for (const cats of batches) expect((await as(t, user, 'catalog/batUpdate', { item_id: item.item_id, cats: JSON.stringify(cats) })).error_code, JSON.stringify(cats)).toBe(10103);
    }
    expect(await pageRow(t, pageA)).toMatchObject({ cat_id: a });
    expect(await pageRow(t, pageB)).toMatchObject({ cat_id: b });
    expect(await catalogRow(t, a1)).toMatchObject({ parent_cat_id: a });
  });

  it('batUpdate of the limited member’s own menu works', async () => {
    const cats = [
      { cat_id: a, cat_name: 'A', parent_cat_id: 0, s_number: 1 },
      { cat_id: a1, cat_name: 'A1', parent_cat_id: a, s_number: 1 },
      { page_id: pageA, parent_cat_id: a1, s_number: 1 },
    ];
    expect((await as(t, limitedEditor, 'catalog/batUpdate', { item_id: item.item_id, cats: JSON.stringify(cats) })).error_code).toBe(0);
    expect((await pageRow(t, pageA))?.cat_id).toBe(a1);
    await t.database.db.updateTable('page').set({ cat_id: a }).where('page_id', '=', pageA).execute();
  });

  it('copy refuses a source outside the limit, and a destination at the root or outside it', async () => {
    const before = (await catalogsOf(t, item.item_id)).length;
    for (const user of editors()) {
      expect((await as(t, user, 'catalog/copy', { cat_id: b1, new_p_cat_id: a })).error_code).toBe(10103);
      expect((await as(t, user, 'catalog/copy', { cat_id: a1, new_p_cat_id: 0 })).error_code).toBe(10103);
      expect((await as(t, user, 'catalog/copy', { cat_id: a1, new_p_cat_id: b })).error_code).toBe(10103);
      expect((await as(t, user, 'catalog/copy', { cat_id: a1, new_p_cat_id: b, is_del: 1 })).error_code).toBe(10103);
      expect((await as(t, user, 'catalog/copy', { cat_id: b1, new_p_cat_id: a, is_del: 1 })).error_code).toBe(10103);
    }
    expect((await catalogsOf(t, item.item_id)).length).toBe(before);
  });

  it('copy inside the limit works', async () => {
    const res = await as(t, limitedEditor, 'catalog/copy', { cat_id: a1, new_p_cat_id: a });
    expect(res.error_code).toBe(0);
    await as(t, people.owner, 'catalog/delete', { cat_id: (res.data as { cat_id: number }).cat_id });
  });

  it('copy into another project honours the limit there too', async () => {
    const mine = await createItem(t, limitedEditor);
    const mineCat = await saveCatalog(t, limitedEditor, { item_id: mine.item_id, cat_name: 'mine' });
    expect((await as(t, limitedEditor, 'catalog/copy', { cat_id: mineCat, to_item_id: item.item_id, new_p_cat_id: 0 })).error_code).toBe(10103);
    expect((await as(t, limitedEditor, 'catalog/copy', { cat_id: mineCat, to_item_id: item.item_id, new_p_cat_id: b })).error_code).toBe(10103);
    expect((await as(t, limitedEditor, 'catalog/copy', { cat_id: b, to_item_id: mine.item_id })).error_code).toBe(10103);
    const res = await as(t, limitedEditor, 'catalog/copy', { cat_id: mineCat, to_item_id: item.item_id, new_p_cat_id: a });
    expect(res.error_code).toBe(0);
    await as(t, people.owner, 'catalog/delete', { cat_id: (res.data as { cat_id: number }).cat_id });
  });

  it('the recycle bin and the change log stay closed to limited members (they are not managers)', async () => {
    for (const user of [...editors(), limitedReader]) {
      for (const [path, params] of [
        ['recycle/getList', { item_id: item.item_id }],
        ['recycle/recover', { item_id: item.item_id, page_id: pageB }],
        ['item/getChangeLog', { item_id: item.item_id }],
      ] as const) {
        const res = await as(t, user, path, params);
        expect(res.error_code).toBe(10303);
        expect(res.response.body).not.toContain('secret');
      }
    }
  });

  it('a limited read-only member may change nothing at all (10303)', async () => {
    for (const [path, params] of [
      ['catalog/save', { item_id: item.item_id, cat_name: 'x', parent_cat_id: a }],
      ['catalog/delete', { cat_id: a1 }],
      ['catalog/batUpdate', { item_id: item.item_id, cats: '[]' }],
      ['catalog/copy', { cat_id: a1, new_p_cat_id: a }],
      ['catalog/getPagesBycat', { item_id: item.item_id, cat_id: a }],
    ] as const) {
      expect((await as(t, limitedReader, path, params)).error_code, path).toBe(10303);
    }
  });
});

describe('an archived project', () => {
  let p: Project;
  let f: Fixture;
  beforeAll(async () => {
    p = await projectWithMembers('public');
    f = await fixture(p);
    expect((await as(t, people.owner, 'item/archive', { item_id: p.item_id, password: people.owner.password })).error_code).toBe(0);
  });

  const writes: [string, string, (p: Project, f: Fixture) => Record<string, unknown>][] = [
    ['catalog/save', 'a new catalog', (p) => ({ item_id: p.item_id, cat_name: 'new' })],
    ['catalog/save', 'a rename', (p) => ({ item_id: p.item_id, cat_id: p.top, cat_name: 'renamed' })],
    ['catalog/delete', '', (p) => ({ cat_id: p.top })],
    ['catalog/batUpdate', '', (p, f) => ({ item_id: p.item_id, cats: JSON.stringify([{ cat_id: f.catId, parent_cat_id: p.top }]) })],
    ['catalog/copy', 'a copy', (p) => ({ cat_id: p.top })],
    ['catalog/copy', 'a move', (p, f) => ({ cat_id: f.catId, new_p_cat_id: p.top, is_del: 1 })],
    ['recycle/recover', '', (p, f) => ({ item_id: p.item_id, page_id: f.deletedPage })],
  ];
  for (const [path, what, params] of writes) {
    // Editors never reach the recycle bin (10303, as on any project); the archive check is for who may.
    const roles = path === 'recycle/recover' ? (['owner', 'admin', 'manager'] as const) : (['owner', 'admin', 'manager', 'editor'] as const);
    for (const role of roles) {
      it(`refuses ${path}${what ? ` (${what})` : ''} to the ${role} (10101)`, async () => {
        const before = { catalogs: await catalogsOf(t, p.item_id), log: (await changeLogRows(t, p.item_id)).length, page: await pageRow(t, f.deletedPage) };
        expect((await call(role, path, params(p, f))).error_code).toBe(10101);
        expect({ catalogs: await catalogsOf(t, p.item_id), log: (await changeLogRows(t, p.item_id)).length, page: await pageRow(t, f.deletedPage) }).toEqual(before);
      });
    }
  }

  it('still lists its catalogs, recycle bin and change log', async () => {
    expect((await call('guest', 'catalog/catList', { item_id: p.item_id })).error_code).toBe(0);
    expect((await call('owner', 'recycle/getList', { item_id: p.item_id })).error_code).toBe(0);
    expect((await call('manager', 'item/getChangeLog', { item_id: p.item_id })).error_code).toBe(0);
  });
});

describe('a deleted project', () => {
  it('answers every endpoint with 10101 (or 10102 for guests where a login is needed)', async () => {
    const p = await projectWithMembers('public');
    const f = await fixture(p);
    expect((await as(t, people.owner, 'item/delete', { item_id: p.item_id, password: people.owner.password })).error_code).toBe(0);
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      for (const role of ['owner', 'manager', 'editor', 'admin'] as const) {
        const answer = await endpoint.call(role, p, f);
        expect(answer.error_code, `${name} as ${role}`).toBe(10101);
        expect(answer.response.body).not.toContain(p.canary);
      }
    }
  });
});
