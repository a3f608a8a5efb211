import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Envelope, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, addTeamMember, createItem, uniqueName, type TestCatalog, type TestItem } from '../../test/item-factories.js';
import { createPage, historyRows, pageRow, savePage, type SavedPage } from '../../test/page-factories.js';

/**
 * Who may do what to a page, as one table (security.md §3.2, §4 B1–B7). The rules:
 *
 * - read (info, history, diff, isLock) = whoever may visit the page's project (item/access.ts);
 * - write (save, sort, setLock, createSinglePage, updateHistoryComments) = its editors;
 * - delete = its managers, or the editor who last saved the page;
 * - a member limited to some top-level catalogs reaches no page outside them, on every endpoint (10103:
 *   not 10303, which would send the browser to the password screen);
 * - guests get 10102 wherever a login is needed; strangers to a private project 10307 (the password
 *   screen); anyone who may visit but not do the thing 10303.
 */

const ROLES = ['owner', 'manager', 'editor', 'readonly', 'limited', 'team', 'stranger', 'guest', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Person = Exclude<Role, 'guest'>;
type Visibility = 'public' | 'private';

const OK = 'ok';
const LOGIN = 10102;
const DENY = 10303;
const PWD = 10307;
const LIMIT = 10103;
type Outcome = typeof OK | typeof LOGIN | typeof DENY | typeof PWD | typeof LIMIT;
type Row = readonly [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

const VISIT_PASSWORD = 'visit-pw-42';

let t: TestApp;
let people: Record<Person, TestUser>;

beforeAll(async () => {
  t = await startTestApp();
  // The first account of a site becomes its administrator.
  const admin = await registerUser(t, { username: 'site_admin' });
  const others = await Promise.all(
    (['owner', 'manager', 'editor', 'readonly', 'limited', 'team', 'stranger'] as const).map(async (role) => [role, await registerUser(t, { username: role })] as const),
  );
  people = { admin, ...Object.fromEntries(others) } as typeof people;
  expect(people.admin.groupid).toBe(1);
});
afterAll(() => t?.close());

const tokenOf = (role: Role) => (role === 'guest' ? undefined : people[role].token);
const call = (path: string, role: Role, params: Record<string, unknown>) => t.call(path, params, { token: tokenOf(role) });

interface Project extends TestItem {
  visibility: Visibility;
  /** Catalog A, the one the limited member is limited to; the page lies in B. */
  allowed: TestCatalog;
  other: TestCatalog;
  page: SavedPage;
  historyId: number;
  /** A word only in this project's page, so an answer that leaks it is caught. */
  canary: string;
}

/**
 * A project of the owner with every kind of member: manager (2), editor (1), read-only (0), an editor
 * limited to catalog A, and an editor through a team. Its page lies in catalog B and has one earlier version.
 */
async function projectWithMembers(visibility: Visibility): Promise<Project> {
  const canary = uniqueName('canary');
  const item = await createItem(t, people.owner, { password: visibility === 'private' ? VISIT_PASSWORD : '' });
  const allowed = await addCatalog(t, item.item_id, 'A');
  const other = await addCatalog(t, item.item_id, 'B');
  await addMember(t, item.item_id, people.manager, 2);
  await addMember(t, item.item_id, people.editor, 1);
  await addMember(t, item.item_id, people.readonly, 0);
  await addMember(t, item.item_id, people.limited, 1, [allowed.cat_id]);
  await addTeamMember(t, item.item_id, people.owner, people.team, 1);
  const page = await createPage(t, people.owner, item.item_id, { cat_id: other.cat_id, title: `Page of ${canary}`, content: `first ${canary}` });
  await savePage(t, people.owner, { item_id: item.item_id, page_id: page.page_id, cat_id: other.cat_id, page_title: page.page_title, page_content: `second ${canary}` });
  const [version] = await historyRows(t, page.page_id);
  return { ...item, visibility, allowed, other, page, historyId: version?.page_history_id ?? 0, canary };
}

interface Endpoint {
  /** Needs a project of its own for every cell (its success would change what later cells see). */
  mutates?: boolean;
  call(role: Role, p: Project): Promise<Envelope & { response: { body: string } }>;
  /** For a success: the answer is about this page, or the change really happened. */
  served(data: unknown, p: Project, role: Role): Promise<boolean> | boolean;
  /** For a refusal: nothing of it happened. */
  leftNoTrace?(p: Project, role: Role): Promise<boolean>;
}

const answerAs = <T>(answer: unknown) => answer as T;
const contentOf = async (p: Project) => (await pageRow(t, p.page.page_id)).page_content;

const ENDPOINTS: Record<string, Endpoint> = {
  'page/info': {
    call: (role, p) => call('page/info', role, { page_id: p.page.page_id }),
    served: (d, p) => answerAs<{ page_content: string }>(d).page_content === `second ${p.canary}`,
  },
  'page/history': {
    call: (role, p) => call('page/history', role, { page_id: p.page.page_id }),
    served: (d, p) => answerAs<{ page_content: string }[]>(d)[0]?.page_content === `first ${p.canary}`,
  },
  'page/diff': {
    call: (role, p) => call('page/diff', role, { page_id: p.page.page_id, page_history_id: p.historyId }),
    served: (d, p) => answerAs<{ history_page: { page_content: string } }>(d).history_page.page_content === `first ${p.canary}`,
  },
  'page/isLock': {
    call: (role, p) => call('page/isLock', role, { page_id: p.page.page_id, item_id: p.item_id }),
    served: (d) => answerAs<{ lock: number }>(d).lock === 0,
  },
  'page/save (update)': {
    call: (role, p) => call('page/save', role, { item_id: p.item_id, page_id: p.page.page_id, cat_id: p.other.cat_id, page_title: 'x', page_content: `set by ${role}` }),
    served: async (_d, p, role) => (await contentOf(p)) === `set by ${role}`,
    leftNoTrace: async (p, role) => (await contentOf(p)) !== `set by ${role}`,
  },
  'page/save (create)': {
    call: (role, p) => call('page/save', role, { item_id: p.item_id, page_id: 0, cat_id: p.other.cat_id, page_title: `new by ${role}`, page_content: 'x' }),
    served: async (d) => typeof answerAs<{ page_id: number }>(d).page_id === 'number',
    leftNoTrace: async (p, role) =>
      (await t.database.db.selectFrom('page').select('page_id').where('item_id', '=', p.item_id).where('page_title', '=', `new by ${role}`).execute()).length === 0,
  },
  'page/delete': {
    mutates: true,
    call: (role, p) => call('page/delete', role, { page_id: p.page.page_id }),
    served: async (_d, p) => (await pageRow(t, p.page.page_id)).is_del === 1,
    leftNoTrace: async (p) => (await pageRow(t, p.page.page_id)).is_del === 0,
  },
  'page/sort': {
    call: (role, p) => call('page/sort', role, { item_id: p.item_id, pages: JSON.stringify({ [p.page.page_id]: ROLES.indexOf(role) + 1 }) }),
    served: async (_d, p, role) => (await pageRow(t, p.page.page_id)).s_number === ROLES.indexOf(role) + 1,
    leftNoTrace: async (p, role) => (await pageRow(t, p.page.page_id)).s_number !== ROLES.indexOf(role) + 1,
  },
  'page/setLock': {
    mutates: true,
    call: (role, p) => call('page/setLock', role, { page_id: p.page.page_id, item_id: p.item_id }),
    served: async (d, p) => typeof answerAs<{ id: number }>(d).id === 'number' && (await lockCount(p)) === 1,
    leftNoTrace: async (p) => (await lockCount(p)) === 0,
  },
  'page/createSinglePage': {
    mutates: true,
    call: (role, p) => call('page/createSinglePage', role, { page_id: p.page.page_id, isCreateSiglePage: 'true' }),
    served: async (d, p) => {
      const key = answerAs<{ unique_key: string }>(d).unique_key;
      return (await t.call('page/infoByKey', { unique_key: key })).error_code === 0 && (await t.call('page/infoByKey', { unique_key: key })).response.body.includes(p.canary);
    },
    leftNoTrace: async (p) => (await t.database.db.selectFrom('single_page').select('id').where('page_id', '=', p.page.page_id).execute()).length === 0,
  },
  'page/updateHistoryComments': {
    call: (role, p) => call('page/updateHistoryComments', role, { page_id: p.page.page_id, page_history_id: p.historyId, page_comments: `noted by ${role}` }),
    served: async (_d, p, role) => (await historyRows(t, p.page.page_id)).some((h) => h.page_comments === `noted by ${role}`),
    leftNoTrace: async (p, role) => !(await historyRows(t, p.page.page_id)).some((h) => h.page_comments === `noted by ${role}`),
  },
};

async function lockCount(p: Project): Promise<number> {
  return (await t.database.db.selectFrom('page_lock').select('id').where('page_id', '=', p.page.page_id).execute()).length;
}

const READ_PUBLIC: Row = [OK, OK, OK, OK, LIMIT, OK, OK, OK, OK];
const READ_PRIVATE: Row = [OK, OK, OK, OK, LIMIT, OK, PWD, PWD, OK];
const EDIT_PUBLIC: Row = [OK, OK, OK, DENY, LIMIT, OK, DENY, LOGIN, OK];
const EDIT_PRIVATE: Row = [OK, OK, OK, DENY, LIMIT, OK, PWD, LOGIN, OK];

// prettier-ignore
const MATRIX: [endpoint: keyof typeof ENDPOINTS, project: Visibility, outcomes: Row][] = [
  //                                                 owner manager editor readonly limited team stranger guest admin
  ['page/info',                   'public',  READ_PUBLIC],
  ['page/info',                   'private', READ_PRIVATE],
  ['page/history',                'public',  READ_PUBLIC],
  ['page/history',                'private', READ_PRIVATE],
  ['page/diff',                   'public',  READ_PUBLIC],
  ['page/diff',                   'private', READ_PRIVATE],
  ['page/isLock',                 'public',  READ_PUBLIC],
  ['page/isLock',                 'private', READ_PRIVATE],
  ['page/save (update)',          'public',  EDIT_PUBLIC],
  ['page/save (update)',          'private', EDIT_PRIVATE],
  ['page/save (create)',          'public',  EDIT_PUBLIC],
  ['page/save (create)',          'private', EDIT_PRIVATE],
  ['page/sort',                   'public',  EDIT_PUBLIC],
  ['page/sort',                   'private', EDIT_PRIVATE],
  ['page/setLock',                'public',  EDIT_PUBLIC],
  ['page/setLock',                'private', EDIT_PRIVATE],
  ['page/createSinglePage',       'public',  EDIT_PUBLIC],
  ['page/createSinglePage',       'private', EDIT_PRIVATE],
  ['page/updateHistoryComments',  'public',  EDIT_PUBLIC],
  ['page/updateHistoryComments',  'private', EDIT_PRIVATE],
  ['page/delete',                 'public',  [OK, OK, DENY, DENY, LIMIT, DENY, DENY, LOGIN, OK]],
  ['page/delete',                 'private', [OK, OK, DENY, DENY, LIMIT, DENY, PWD,  LOGIN, OK]],
];

function says(outcome: Outcome): string {
  switch (outcome) {
    case OK:
      return 'succeeds';
    case LOGIN:
      return 'must log in first (10102)';
    case DENY:
      return 'is refused (10303)';
    case PWD:
      return 'is sent to the password screen (10307)';
    case LIMIT:
      return 'is refused: outside their catalogs (10103)';
  }
}

describe('the permission matrix', () => {
  const shared = {} as Record<Visibility, Project>;
  beforeAll(async () => {
    shared.public = await projectWithMembers('public');
    shared.private = await projectWithMembers('private');
  });

  for (const [name, visibility, outcomes] of MATRIX) {
    const endpoint = ENDPOINTS[name];
    if (!endpoint) throw new Error(`unknown endpoint ${name}`);
    describe(`${name} on a ${visibility} project`, () => {
      ROLES.forEach((role, column) => {
        const outcome = outcomes[column] as Outcome;
        it(`${role} ${says(outcome)}`, async () => {
          const project = endpoint.mutates ? await projectWithMembers(visibility) : shared[visibility];
          const answer = await endpoint.call(role, project);
          if (outcome === OK) {
            expect(answer.error_code, answer.error_message).toBe(0);
            expect(await endpoint.served(answer.data, project, role)).toBe(true);
          } else {
            expect(answer.error_code, answer.error_message).toBe(outcome);
            expect(answer.response.body).not.toContain(project.canary);
            if (endpoint.leftNoTrace) expect(await endpoint.leftNoTrace(project, role)).toBe(true);
          }
        });
      });
    });
  }
});

describe('catalog limits are access control on every page endpoint', () => {
  let item: TestItem;
  let a: TestCatalog;
  let a1: TestCatalog;
  let b: TestCatalog;
  let inA: SavedPage;
  let inA1: SavedPage;
  let inB: SavedPage;
  let atRoot: SavedPage;
  let limited: TestUser;
  let teamLimited: TestUser;

  beforeAll(async () => {
    item = await createItem(t, people.owner, { password: VISIT_PASSWORD });
    a = await addCatalog(t, item.item_id, 'A');
    a1 = await addCatalog(t, item.item_id, 'A1', a);
    b = await addCatalog(t, item.item_id, 'B');
    inA = await createPage(t, people.owner, item.item_id, { cat_id: a.cat_id, content: 'in A' });
    inA1 = await createPage(t, people.owner, item.item_id, { cat_id: a1.cat_id, content: 'in A1' });
    inB = await createPage(t, people.owner, item.item_id, { cat_id: b.cat_id, content: 'secret of B' });
    atRoot = await createPage(t, people.owner, item.item_id, { content: 'secret of the root' });
    limited = await registerUser(t);
    teamLimited = await registerUser(t);
    await addMember(t, item.item_id, limited, 1, [a.cat_id]);
    await addTeamMember(t, item.item_id, people.owner, teamLimited, 1, [a.cat_id]);
  });

  const as = (user: TestUser, path: string, params: Record<string, unknown>) => t.call(path, params, { token: user.token });

  it('opens pages in the allowed catalog and everything below it', async () => {
    for (const user of [limited, teamLimited]) {
      for (const page of [inA, inA1]) {
        expect((await as(user, 'page/info', { page_id: page.page_id })).error_code).toBe(0);
        expect((await as(user, 'page/history', { page_id: page.page_id })).error_code).toBe(0);
        expect((await as(user, 'page/isLock', { page_id: page.page_id })).error_code).toBe(0);
      }
    }
    const saved = await as(limited, 'page/save', { item_id: item.item_id, page_id: inA1.page_id, cat_id: a.cat_id, page_title: 'moved within A', page_content: 'edited by the limited editor' });
    expect(saved.error_code).toBe(0);
    expect((await as(limited, 'page/save', { item_id: item.item_id, cat_id: a1.cat_id, page_title: 'new in A1', page_content: 'x' })).error_code).toBe(0);
  });

  for (const [where, pick] of [
    ['in another top-level catalog', () => inB],
    ['at the project root', () => atRoot],
  ] as const) {
    it(`B3 · refuses every endpoint for a page ${where}, and leaves it untouched`, async () => {
      const page = pick();
      const before = await pageRow(t, page.page_id);
      await t.database.db.insertInto('page_history').values({ page_id: page.page_id, page_content: 'old secret', addtime: 1 }).execute();
      const [version] = await historyRows(t, page.page_id);
      for (const user of [limited, teamLimited]) {
        const attempts: [string, Record<string, unknown>][] = [
          ['page/info', { page_id: page.page_id }],
          ['page/history', { page_id: page.page_id }],
          ['page/diff', { page_id: page.page_id, page_history_id: version?.page_history_id }],
          ['page/isLock', { page_id: page.page_id }],
          ['page/save', { item_id: item.item_id, page_id: page.page_id, cat_id: before.cat_id, page_title: 'x', page_content: 'overwritten' }],
          ['page/save', { item_id: item.item_id, page_id: page.page_id, cat_id: a.cat_id, page_title: 'x', page_content: 'pulled into A' }],
          ['page/sort', { item_id: item.item_id, pages: JSON.stringify({ [page.page_id]: 1, [inA.page_id]: 2 }) }],
          ['page/setLock', { item_id: item.item_id, page_id: page.page_id }],
          ['page/delete', { page_id: page.page_id }],
          ['page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }],
          ['page/updateHistoryComments', { page_id: page.page_id, page_history_id: version?.page_history_id, page_comments: 'x' }],
        ];
        for (const [path, params] of attempts) {
          const res = await as(user, path, params);
          expect(res.error_code, `${path} ${JSON.stringify(params)}`).toBe(LIMIT);
          expect(res.response.body).not.toContain('secret');
        }
      }
      expect(await pageRow(t, page.page_id)).toEqual(before);
      expect((await pageRow(t, inA.page_id)).s_number).toBe(99);
      expect(await t.database.db.selectFrom('page_lock').select('id').where('page_id', '=', page.page_id).execute()).toEqual([]);
      expect(await t.database.db.selectFrom('single_page').select('id').where('page_id', '=', page.page_id).execute()).toEqual([]);
    });
  }

  it('refuses to move an allowed page out of the allowed catalogs, or to create pages outside them', async () => {
    for (const cat_id of [b.cat_id, 0]) {
      const moved = await as(limited, 'page/save', { item_id: item.item_id, page_id: inA.page_id, cat_id, page_title: 'x', page_content: 'moved out' });
      expect(moved.error_code).toBe(LIMIT);
      const created = await as(limited, 'page/save', { item_id: item.item_id, cat_id, page_title: 'smuggled', page_content: 'x' });
      expect(created.error_code).toBe(LIMIT);
    }
    expect((await pageRow(t, inA.page_id)).cat_id).toBe(a.cat_id);
    expect(await t.database.db.selectFrom('page').select('page_id').where('page_title', '=', 'smuggled').execute()).toEqual([]);
  });

  it('applies even to pages the limited member wrote before the limit', async () => {
    await t.database.db.updateTable('page').set({ author_uid: limited.uid }).where('page_id', '=', inB.page_id).execute();
    expect((await as(limited, 'page/delete', { page_id: inB.page_id })).error_code).toBe(LIMIT);
    expect((await pageRow(t, inB.page_id)).is_del).toBe(0);
  });
});

describe('pages of other projects', () => {
  it('B4, B15 · are refused on every write that names a project the caller controls', async () => {
    const victim = await createItem(t, people.owner, { password: VISIT_PASSWORD });
    const page = await createPage(t, people.owner, victim.item_id, { content: 'victim text' });
    const mine = await createItem(t, people.stranger);
    const before = await pageRow(t, page.page_id);
    const attempts: [string, Record<string, unknown>][] = [
      ['page/save', { item_id: mine.item_id, page_id: page.page_id, page_title: 'x', page_content: 'hijacked' }],
      ['page/setLock', { item_id: mine.item_id, page_id: page.page_id }],
      ['page/isLock', { item_id: mine.item_id, page_id: page.page_id }],
      ['page/delete', { item_id: mine.item_id, page_id: page.page_id }],
      ['page/sort', { item_id: mine.item_id, pages: JSON.stringify({ [page.page_id]: 1 }) }],
    ];
    for (const [path, params] of attempts) {
      const res = await t.call(path, params, { token: people.stranger.token });
      expect(res.error_code, path).toBe(10101);
      expect(res.response.body).not.toContain('victim text');
    }
    for (const path of ['page/info', 'page/history', 'page/createSinglePage', 'page/delete']) {
      expect((await t.call(path, { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: people.stranger.token })).error_code, path).toBe(PWD);
    }
    expect(await pageRow(t, page.page_id)).toEqual(before);
  });
});
