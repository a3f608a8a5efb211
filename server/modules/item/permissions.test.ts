import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Envelope, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, addPage, addTeamMember, createItem, uniqueName, type TestItem } from '../../test/item-factories.js';
import { forgetCachedOptions } from '../common/options.js';

/**
 * Who may do what to a project, as one table (security.md §3.2, §4 B). The rules, as access.ts has them:
 *
 * - visit  = the project is public, or the caller is a member (individual or team, any role), the owner, a
 *            site administrator, or holds a visit grant;
 * - manage = owner, site administrator, or a member / team member with role 2;
 * - archive, transfer and delete = owner or site administrator, confirmed with the caller's own login
 *   password (ShowDoc let item managers do it with the owner's password; Folio does not);
 * - a guest gets 10102 wherever a login is needed; a stranger on a private project gets 10307 (so the
 *   browser shows the password screen); anyone who may visit but not do the thing gets 10303.
 */

const ROLES = ['owner', 'manager', 'editor', 'readonly', 'team', 'stranger', 'guest', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Person = Exclude<Role, 'guest'>;
type Visibility = 'public' | 'private';

/** Succeeds and answers with the project's data (or did what was asked to the project). */
const OK = 'ok';
/** Succeeds, but the project is nowhere in the answer: it is not one of the caller's projects. */
const HIDDEN = 'hidden';
/** Not logged in. */
const LOGIN = 10102;
/** May visit the project, but not do this. */
const DENY = 10303;
/** May not even visit: the project needs its visit password. */
const PWD = 10307;
/** Refused as an operation ("you are no member", "the owner cannot leave"). */
const FAIL = 10101;
type Outcome = typeof OK | typeof HIDDEN | typeof LOGIN | typeof DENY | typeof PWD | typeof FAIL;
type Row = readonly [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

const VISIT_PASSWORD = 'visit-pw-42';

let t: TestApp;
let people: Record<Person, TestUser> & { receiver: TestUser; outsider: TestUser };

beforeAll(async () => {
  t = await startTestApp();
  // The first account of a site becomes its administrator.
  const admin = await registerUser(t, { username: 'site_admin' });
  const names = { owner: 'owner', manager: 'manager', editor: 'editor', readonly: 'readonly', team: 'team_member', stranger: 'stranger', receiver: 'receiver', outsider: 'outsider' };
  const others = await Promise.all(Object.entries(names).map(async ([role, username]) => [role, await registerUser(t, { username })] as const));
  people = { admin, ...Object.fromEntries(others) } as typeof people;
  expect(people.admin.groupid).toBe(1);
  expect(people.owner.groupid).not.toBe(1);
});
afterAll(() => t?.close());

const tokenOf = (role: Role) => (role === 'guest' ? undefined : people[role].token);
const loginPasswordOf = (role: Role) => (role === 'guest' ? 'no password' : people[role].password);

interface Project extends TestItem {
  visibility: Visibility;
  /** A word found only in this project's name and its page, so an answer that leaks it is caught. */
  canary: string;
}

/**
 * A project of `owner` with every kind of member the table names: a manager (2), an editor (1), a
 * read-only member (0), and an editor through a team. Its one page holds the canary and `word`.
 */
async function projectWithMembers(visibility: Visibility, word = ''): Promise<Project> {
  const canary = uniqueName('canary');
  const item = await createItem(t, people.owner, { item_name: `${visibility} ${canary}`, password: visibility === 'private' ? VISIT_PASSWORD : '' });
  await addMember(t, item.item_id, people.manager, 2);
  await addMember(t, item.item_id, people.editor, 1);
  await addMember(t, item.item_id, people.readonly, 0);
  await addTeamMember(t, item.item_id, people.owner, people.team, 1);
  await addPage(t, item.item_id, { title: `Page of ${canary}`, content: `This page mentions ${canary} ${word}` });
  return { ...item, visibility, canary };
}

const call = (path: string, role: Role, params: Record<string, unknown>) => t.call(path, params, { token: tokenOf(role) });

/** Individual rows (manager, editor, read-only) plus the team row that projectWithMembers writes. */
const MEMBERSHIPS_PER_PROJECT = 4;
async function membershipCount(itemId: number): Promise<number> {
  const own = await t.database.db.selectFrom('item_member').select('item_member_id').where('item_id', '=', itemId).execute();
  const viaTeams = await t.database.db.selectFrom('team_item_member').select('id').where('item_id', '=', itemId).execute();
  return own.length + viaTeams.length;
}

async function itemRow(itemId: number) {
  return t.database.db.selectFrom('item').selectAll().where('item_id', '=', itemId).executeTakeFirstOrThrow();
}

interface PageHit {
  item_id: number;
  page_title: string;
}
interface SearchAnswer {
  items: { item_id: number }[];
  pages: PageHit[];
}

interface Endpoint {
  /** Changes the project, so every cell gets a project of its own. */
  mutates?: boolean;
  call(role: Role, project: Project): Promise<Envelope & { response: { body: string } }>;
  /** For a successful answer: it is about this project (or the change really happened). */
  servedProject(data: unknown, project: Project, role: Role): Promise<boolean> | boolean;
  /** For a refused change: nothing of it happened. */
  leftNoTrace?(project: Project, role: Role): Promise<boolean>;
}

const answerAs = <T>(answer: unknown) => answer as T;

const ENDPOINTS: Record<string, Endpoint> = {
  'item/info': {
    call: (role, p) => call('item/info', role, { item_id: p.item_id }),
    servedProject: (d, p) => answerAs<{ item_id: number }>(d).item_id === p.item_id,
  },
  'item/detail': {
    call: (role, p) => call('item/detail', role, { item_id: p.item_id }),
    servedProject: (d, p) => answerAs<{ item_id: number; password: string }>(d).item_id === p.item_id && answerAs<{ password: string }>(d).password !== VISIT_PASSWORD,
  },
  'item/update': {
    call: (role, p) => call('item/update', role, { item_id: p.item_id, item_description: `set by ${role}` }),
    servedProject: async (d, p, role) => answerAs<{ success: boolean }>(d).success && (await itemRow(p.item_id)).item_description === `set by ${role}`,
    leftNoTrace: async (p, role) => (await itemRow(p.item_id)).item_description !== `set by ${role}`,
  },
  'item/star': {
    call: (role, p) => call('item/star', role, { item_id: p.item_id }),
    servedProject: (d) => typeof answerAs<{ id: number }>(d).id === 'number',
  },
  'item/getKey': {
    call: (role, p) => call('item/getKey', role, { item_id: p.item_id }),
    servedProject: (d, p) => answerAs<{ item_id: number; api_key: string }>(d).item_id === p.item_id && /^[0-9a-f]{32}$/.test(answerAs<{ api_key: string }>(d).api_key),
  },
  'item/resetKey': {
    call: (role, p) => call('item/resetKey', role, { item_id: p.item_id }),
    servedProject: (d, p) => answerAs<{ item_id: number; api_token: string }>(d).item_id === p.item_id && /^[0-9a-f]{32}$/.test(answerAs<{ api_token: string }>(d).api_token),
  },
  'item/archive': {
    mutates: true,
    call: (role, p) => call('item/archive', role, { item_id: p.item_id, password: loginPasswordOf(role) }),
    servedProject: async (_d, p) => (await itemRow(p.item_id)).is_archived === 1,
    leftNoTrace: async (p) => (await itemRow(p.item_id)).is_archived === 0,
  },
  'item/attorn': {
    mutates: true,
    call: (role, p) => call('item/attorn', role, { item_id: p.item_id, username: people.receiver.username, password: loginPasswordOf(role) }),
    servedProject: async (d, p) => answerAs<{ uid: number }>(d).uid === people.receiver.uid && (await itemRow(p.item_id)).uid === people.receiver.uid,
    leftNoTrace: async (p) => (await itemRow(p.item_id)).uid === people.owner.uid,
  },
  'item/delete': {
    mutates: true,
    call: (role, p) => call('item/delete', role, { item_id: p.item_id, password: loginPasswordOf(role) }),
    servedProject: async (_d, p) => (await itemRow(p.item_id)).is_del === 1,
    leftNoTrace: async (p) => (await itemRow(p.item_id)).is_del === 0,
  },
  'item/exitItem': {
    mutates: true,
    call: (role, p) => call('item/exitItem', role, { item_id: p.item_id }),
    servedProject: async (_d, p, role) => {
      const list = await call('item/myList', role, {});
      return !answerAs<{ item_id: number }[]>(list.data).some((i) => i.item_id === p.item_id);
    },
    leftNoTrace: async (p) => (await membershipCount(p.item_id)) === MEMBERSHIPS_PER_PROJECT,
  },
  'item/search with item_id': {
    call: (role, p) => call('item/search', role, { item_id: p.item_id, keyword: p.canary }),
    servedProject: (d, p) => {
      const answer = answerAs<{ item_id: number; pages: PageHit[] }>(d);
      return answer.item_id === p.item_id && answer.pages.some((page) => page.page_title === `Page of ${p.canary}`);
    },
  },
  'item/search without item_id': {
    call: (role, p) => call('item/search', role, { keyword: p.canary }),
    servedProject: (d, p) => {
      const answer = answerAs<SearchAnswer>(d);
      return answer.items.some((i) => i.item_id === p.item_id) && answer.pages.some((page) => page.item_id === p.item_id);
    },
  },
  'item/myList': {
    call: (role) => call('item/myList', role, {}),
    servedProject: (d, p) => answerAs<{ item_id: number }[]>(d).some((i) => i.item_id === p.item_id),
  },
};

// prettier-ignore
const MATRIX: [endpoint: keyof typeof ENDPOINTS, project: Visibility, outcomes: Row][] = [
  //                                           owner  manager editor readonly team  stranger guest  admin
  ['item/info',                   'public',  [OK,    OK,     OK,    OK,      OK,   OK,      OK,    OK]],
  ['item/info',                   'private', [OK,    OK,     OK,    OK,      OK,   PWD,     PWD,   OK]],
  ['item/detail',                 'public',  [OK,    OK,     DENY,  DENY,    DENY, DENY,    LOGIN, OK]],
  ['item/detail',                 'private', [OK,    OK,     DENY,  DENY,    DENY, PWD,     LOGIN, OK]],
  ['item/update',                 'public',  [OK,    OK,     DENY,  DENY,    DENY, DENY,    LOGIN, OK]],
  ['item/update',                 'private', [OK,    OK,     DENY,  DENY,    DENY, PWD,     LOGIN, OK]],
  ['item/star',                   'public',  [OK,    OK,     OK,    OK,      OK,   OK,      LOGIN, OK]],
  ['item/star',                   'private', [OK,    OK,     OK,    OK,      OK,   PWD,     LOGIN, OK]],
  ['item/getKey',                 'public',  [OK,    OK,     DENY,  DENY,    DENY, DENY,    LOGIN, OK]],
  ['item/getKey',                 'private', [OK,    OK,     DENY,  DENY,    DENY, PWD,     LOGIN, OK]],
  ['item/resetKey',               'public',  [OK,    OK,     DENY,  DENY,    DENY, DENY,    LOGIN, OK]],
  ['item/resetKey',               'private', [OK,    OK,     DENY,  DENY,    DENY, PWD,     LOGIN, OK]],
  ['item/archive',                'public',  [OK,    DENY,   DENY,  DENY,    DENY, DENY,    LOGIN, OK]],
  ['item/archive',                'private', [OK,    DENY,   DENY,  DENY,    DENY, PWD,     LOGIN, OK]],
  ['item/attorn',                 'public',  [OK,    DENY,   DENY,  DENY,    DENY, DENY,    LOGIN, OK]],
  ['item/attorn',                 'private', [OK,    DENY,   DENY,  DENY,    DENY, PWD,     LOGIN, OK]],
  ['item/delete',                 'public',  [OK,    DENY,   DENY,  DENY,    DENY, DENY,    LOGIN, OK]],
  ['item/delete',                 'private', [OK,    DENY,   DENY,  DENY,    DENY, PWD,     LOGIN, OK]],
  ['item/exitItem',               'public',  [FAIL,  OK,     OK,    OK,      OK,   FAIL,    LOGIN, FAIL]],
  ['item/exitItem',               'private', [FAIL,  OK,     OK,    OK,      OK,   FAIL,    LOGIN, FAIL]],
  ['item/search with item_id',    'public',  [OK,    OK,     OK,    OK,      OK,   OK,      LOGIN, OK]],
  ['item/search with item_id',    'private', [OK,    OK,     OK,    OK,      OK,   PWD,     LOGIN, OK]],
  ['item/search without item_id', 'public',  [OK,    OK,     OK,    OK,      OK,   HIDDEN,  LOGIN, HIDDEN]],
  ['item/search without item_id', 'private', [OK,    OK,     OK,    OK,      OK,   HIDDEN,  LOGIN, HIDDEN]],
  ['item/myList',                 'public',  [OK,    OK,     OK,    OK,      OK,   HIDDEN,  LOGIN, HIDDEN]],
  ['item/myList',                 'private', [OK,    OK,     OK,    OK,      OK,   HIDDEN,  LOGIN, HIDDEN]],
];

function says(outcome: Outcome): string {
  switch (outcome) {
    case OK:
      return 'succeeds with the project';
    case HIDDEN:
      return 'succeeds without the project in the answer';
    case LOGIN:
      return 'must log in first (10102)';
    case DENY:
      return 'is refused (10303)';
    case PWD:
      return 'is sent to the password screen (10307)';
    case FAIL:
      return 'fails (10101)';
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
            expect(await endpoint.servedProject(answer.data, project, role)).toBe(true);
          } else {
            expect(answer.error_code, answer.error_message).toBe(outcome === HIDDEN ? 0 : outcome);
            // A refusal, or an answer about other projects, carries nothing of this one, and changes nothing.
            expect(answer.response.body).not.toContain(project.canary);
            if (endpoint.leftNoTrace) expect(await endpoint.leftNoTrace(project, role)).toBe(true);
          }
        });
      });
    });
  }
});

describe('item/info tells the caller what they may do', () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectWithMembers('public');
  });

  const flags: Record<Role, { item_edit: boolean; item_manage: boolean }> = {
    owner: { item_edit: true, item_manage: true },
    manager: { item_edit: true, item_manage: true },
    editor: { item_edit: true, item_manage: false },
    readonly: { item_edit: false, item_manage: false },
    team: { item_edit: true, item_manage: false },
    stranger: { item_edit: false, item_manage: false },
    guest: { item_edit: false, item_manage: false },
    admin: { item_edit: true, item_manage: true },
  };
  for (const role of ROLES) {
    it(`${role}: edit ${flags[role].item_edit}, manage ${flags[role].item_manage}`, async () => {
      const info = await call('item/info', role, { item_id: project.item_id });
      expect(info.data).toMatchObject({ ...flags[role], is_login: role !== 'guest' });
    });
  }
});

describe('direct fetch, myList and search agree', () => {
  const word = uniqueName('agreement');
  let projects: Project[];
  /** Which of the projects each person belongs to (owner or member); the rest are someone else's. */
  let belongsTo: Record<Person, Set<number>>;

  beforeAll(async () => {
    const ours = [await projectWithMembers('public', word), await projectWithMembers('private', word)];
    const theirs: Project[] = [];
    for (const visibility of ['public', 'private'] as const) {
      const canary = uniqueName('canary');
      const item = await createItem(t, people.outsider, { item_name: `outsider ${canary}`, password: visibility === 'private' ? VISIT_PASSWORD : '' });
      await addPage(t, item.item_id, { title: `Page of ${canary}`, content: `${canary} ${word}` });
      theirs.push({ ...item, visibility, canary });
    }
    projects = [...ours, ...theirs];
    const ourIds = new Set(ours.map((p) => p.item_id));
    belongsTo = { owner: ourIds, manager: ourIds, editor: ourIds, readonly: ourIds, team: ourIds, stranger: new Set(), admin: new Set() };
  });

  for (const role of ROLES.filter((r): r is Person => r !== 'guest')) {
    it(`${role}: myList holds exactly the projects they belong to and may open, and every search hit is in a project they may open`, async () => {
      const opened = new Map<number, { item_manage: boolean }>();
      for (const p of projects) {
        const info = await call('item/info', role, { item_id: p.item_id });
        if (info.error_code === 0) opened.set(p.item_id, answerAs<{ item_manage: boolean }>(info.data));
      }
      const opens = new Set(opened.keys());

      const cards = answerAs<{ item_id: number; manage: number; creator: number }[]>((await call('item/myList', role, {})).data).filter((card) =>
        projects.some((p) => p.item_id === card.item_id),
      );
      expect(new Set(cards.map((card) => card.item_id))).toEqual(new Set([...belongsTo[role]].filter((id) => opens.has(id))));
      // The card's flags say what item/info says.
      for (const card of cards) {
        expect(card.manage).toBe(opened.get(card.item_id)?.item_manage ? 1 : 0);
        expect(card.creator).toBe(role === 'owner' ? 1 : 0);
      }

      const everywhere = answerAs<SearchAnswer>((await call('item/search', role, { keyword: word })).data);
      for (const hit of everywhere.pages) expect(opens, `page ${hit.page_title}`).toContain(hit.item_id);

      for (const p of projects) {
        const inProject = await call('item/search', role, { item_id: p.item_id, keyword: word });
        expect(inProject.error_code === 0, `search in ${p.item_name}`).toBe(opens.has(p.item_id));
      }
    });
  }
});

describe('catalog limits', () => {
  const word = uniqueName('limited');
  let item: TestItem;
  let readers: Record<'limitedToA' | 'teamManager' | 'teamEditorInB' | 'limitedElsewhere' | 'inAandB', TestUser>;
  let everyTitle: string[];

  beforeAll(async () => {
    item = await createItem(t, people.owner, { password: VISIT_PASSWORD });
    const a = await addCatalog(t, item.item_id, 'A');
    const a1 = await addCatalog(t, item.item_id, 'A1', a);
    const a1x = await addCatalog(t, item.item_id, 'A1x', a1);
    const b = await addCatalog(t, item.item_id, 'B');
    const b1 = await addCatalog(t, item.item_id, 'B1', b);
    const pages: [string, number][] = [
      ['in A', a.cat_id],
      ['in A1', a1.cat_id],
      ['in A1x', a1x.cat_id],
      ['in B', b.cat_id],
      ['in B1', b1.cat_id],
      ['at the root', 0],
    ];
    for (const [title, cat_id] of pages) await addPage(t, item.item_id, { title, cat_id, content: `${title} ${word}` });
    everyTitle = pages.map(([title]) => title).sort();

    const other = await createItem(t, people.outsider);
    const foreignCatalog = await addCatalog(t, other.item_id, 'elsewhere');

    const [limitedToA, teamManager, teamEditorInB, limitedElsewhere, inAandB] = await Promise.all([1, 2, 3, 4, 5].map(() => registerUser(t)));
    readers = { limitedToA, teamManager, teamEditorInB, limitedElsewhere, inAandB } as typeof readers;
    await addMember(t, item.item_id, readers.limitedToA, 0, [a.cat_id]);
    await addTeamMember(t, item.item_id, people.owner, readers.teamManager, 2, [a.cat_id]);
    await addTeamMember(t, item.item_id, people.owner, readers.teamEditorInB, 1, [b.cat_id]);
    await addMember(t, item.item_id, readers.limitedElsewhere, 0, [foreignCatalog.cat_id]);
    await addMember(t, item.item_id, readers.inAandB, 0, [a.cat_id]);
    await addTeamMember(t, item.item_id, people.owner, readers.inAandB, 0, [b.cat_id]);
  });

  /** The titles a person finds, searching in the project and across all their projects (both must agree). */
  async function titlesFoundBy(user: TestUser): Promise<string[]> {
    const inItem = await t.call('item/search', { item_id: item.item_id, keyword: word }, { token: user.token });
    expect(inItem.error_code).toBe(0);
    const everywhere = await t.call('item/search', { keyword: word }, { token: user.token });
    const a = answerAs<{ pages: PageHit[] }>(inItem.data).pages.map((p) => p.page_title).sort();
    const b = answerAs<SearchAnswer>(everywhere.data).pages.map((p) => p.page_title).sort();
    expect(b).toEqual(a);
    return a;
  }

  it('a read-only member limited to catalog A finds pages in A and all its sub-catalogs, never in B or at the root', async () => {
    expect(await titlesFoundBy(readers.limitedToA)).toEqual(['in A', 'in A1', 'in A1x']);
  });

  it('a team manager is never limited, even when the team row names catalogs', async () => {
    expect(await titlesFoundBy(readers.teamManager)).toEqual(everyTitle);
  });

  it('an editor limited to B through a team finds only B and below', async () => {
    expect(await titlesFoundBy(readers.teamEditorInB)).toEqual(['in B', 'in B1']);
  });

  it('limits from an individual row and a team row of the same role add up', async () => {
    expect(await titlesFoundBy(readers.inAandB)).toEqual(['in A', 'in A1', 'in A1x', 'in B', 'in B1']);
  });

  it('a limit naming a catalog of another project opens nothing here, not everything', async () => {
    expect(await titlesFoundBy(readers.limitedElsewhere)).toEqual([]);
    expect((await t.call('item/info', { item_id: item.item_id }, { token: readers.limitedElsewhere.token })).error_code).toBe(0);
  });

  it('the owner sees every page', async () => {
    expect(await titlesFoundBy(people.owner)).toEqual(everyTitle);
  });

  it('a limited member still finds their page when hundreds of pages they cannot read match first', async () => {
    const crowded = await createItem(t, people.owner);
    const a = await addCatalog(t, crowded.item_id, 'A');
    const b = await addCatalog(t, crowded.item_id, 'B');
    const hidden = Array.from({ length: 650 }, (_, i) => ({ item_id: crowded.item_id, cat_id: b.cat_id, page_title: `hidden ${i}`, page_content: `crowd ${word}` }));
    await t.database.db.insertInto('page').values(hidden).execute();
    await addPage(t, crowded.item_id, { cat_id: a.cat_id, title: 'mine', content: `crowd ${word}` });
    const reader = await registerUser(t);
    await addMember(t, crowded.item_id, reader, 0, [a.cat_id]);

    const inItem = await t.call('item/search', { item_id: crowded.item_id, keyword: `crowd ${word}` }, { token: reader.token });
    expect(answerAs<{ pages: PageHit[] }>(inItem.data).pages.map((p) => p.page_title)).toEqual(['mine']);
    const everywhere = await t.call('item/search', { keyword: `crowd ${word}` }, { token: reader.token });
    expect(answerAs<SearchAnswer>(everywhere.data).pages.map((p) => p.page_title)).toEqual(['mine']);
  });
});

describe('a membership through a team', () => {
  it('B10 · ends on the next request when the person leaves the team', async () => {
    const item = await createItem(t, people.owner, { password: VISIT_PASSWORD });
    const { team_id } = await addTeamMember(t, item.item_id, people.owner, people.team, 1);
    expect((await call('item/info', 'team', { item_id: item.item_id })).error_code).toBe(0);

    await t.database.db.deleteFrom('team_member').where('team_id', '=', team_id).where('member_uid', '=', people.team.uid).execute();
    expect((await call('item/info', 'team', { item_id: item.item_id })).error_code).toBe(PWD);
    const list = answerAs<{ item_id: number }[]>((await call('item/myList', 'team', {})).data);
    expect(list.map((i) => i.item_id)).not.toContain(item.item_id);
  });

  it('ends when the project is taken away from the team', async () => {
    const item = await createItem(t, people.owner, { password: VISIT_PASSWORD });
    const { team_id } = await addTeamMember(t, item.item_id, people.owner, people.team, 2);
    await t.database.db.deleteFrom('team_item').where('team_id', '=', team_id).where('item_id', '=', item.item_id).execute();
    expect((await call('item/detail', 'team', { item_id: item.item_id })).error_code).toBe(PWD);
    expect((await call('item/info', 'team', { item_id: item.item_id })).error_code).toBe(PWD);
  });

  it('is left for one project only: the team and its other projects stay (ShowDoc dropped the whole team)', async () => {
    const left = await createItem(t, people.owner, { password: VISIT_PASSWORD });
    const kept = await createItem(t, people.owner, { password: VISIT_PASSWORD });
    const team = await addTeamMember(t, left.item_id, people.owner, people.team, 1);
    await addTeamMember(t, kept.item_id, people.owner, people.team, 1, undefined, team);

    expect((await call('item/exitItem', 'team', { item_id: left.item_id })).error_code).toBe(0);
    expect((await call('item/info', 'team', { item_id: left.item_id })).error_code).toBe(PWD);
    expect((await call('item/info', 'team', { item_id: kept.item_id })).error_code).toBe(0);
  });
});

describe('with force_login on', () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectWithMembers('public');
    await t.database.db.insertInto('options').values({ option_name: 'force_login', option_value: '1' }).execute();
    forgetCachedOptions(t.database.db);
  });
  afterAll(async () => {
    await t.database.db.deleteFrom('options').where('option_name', '=', 'force_login').execute();
    forgetCachedOptions(t.database.db);
  });

  it('a guest must log in (10312) even for a public project', async () => {
    const info = await call('item/info', 'guest', { item_id: project.item_id });
    expect(info.error_code).toBe(10312);
    expect(info.response.body).not.toContain(project.canary);
  });

  it('a signed-in stranger still reads the public project', async () => {
    expect((await call('item/info', 'stranger', { item_id: project.item_id })).error_code).toBe(0);
  });
});

describe('an archived project', () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectWithMembers('private');
    const archived = await t.call('item/archive', { item_id: project.item_id, password: people.owner.password }, { token: people.owner.token });
    expect(archived.error_code).toBe(0);
  });

  // Managers learn it is archived (10101); everyone else is refused as before.
  // prettier-ignore
  const refusals: Record<Role, number> = { owner: FAIL, manager: FAIL, admin: FAIL, editor: DENY, readonly: DENY, team: DENY, stranger: PWD, guest: LOGIN };
  for (const path of ['item/update', 'item/resetKey']) {
    for (const role of ROLES) {
      it(`refuses ${path} to the ${role} (${refusals[role]})`, async () => {
        const answer = await call(path, role, { item_id: project.item_id, item_name: 'renamed' });
        expect(answer.error_code).toBe(refusals[role]);
      });
    }
  }

  it('keeps its name, and has no open-API key made for it, after those refusals', async () => {
    expect((await itemRow(project.item_id)).item_name).toBe(project.item_name);
    expect(await t.database.db.selectFrom('item_token').select('id').where('item_id', '=', project.item_id).execute()).toEqual([]);
  });

  for (const role of ['owner', 'manager', 'editor', 'readonly', 'team', 'admin'] as const) {
    it(`still opens for the ${role}, with editing and managing switched off`, async () => {
      const info = await call('item/info', role, { item_id: project.item_id });
      expect(info.error_code).toBe(0);
      expect(info.data).toMatchObject({ is_archived: 1, item_edit: false, item_manage: false });
    });
  }

  it('still lets the owner read its settings and its open-API key', async () => {
    expect((await call('item/detail', 'owner', { item_id: project.item_id })).data).toMatchObject({ item_id: project.item_id, is_archived: 1 });
    expect((await call('item/getKey', 'owner', { item_id: project.item_id })).error_code).toBe(0);
  });
});

describe('a deleted project', () => {
  let project: Project;
  beforeAll(async () => {
    project = await projectWithMembers('public');
    const deleted = await t.call('item/delete', { item_id: project.item_id, password: people.owner.password }, { token: people.owner.token });
    expect(deleted.error_code).toBe(0);
  });

  for (const role of ['owner', 'manager', 'editor', 'readonly', 'team'] as const) {
    it(`is gone from the ${role}'s list and search`, async () => {
      const list = answerAs<{ item_id: number }[]>((await call('item/myList', role, {})).data);
      expect(list.map((i) => i.item_id)).not.toContain(project.item_id);
      const found = await call('item/search', role, { keyword: project.canary });
      expect(found.data).toEqual({ items: [], pages: [] });
    });
  }

  // Those who were in it learn it is gone; strangers, guests and site administrators cannot tell it from an
  // id that never existed (ShowDoc's 10303, transcript 42).
  const KNEW_IT = new Set<string>(['owner', 'manager', 'editor', 'readonly', 'team']);
  for (const role of ROLES) {
    it(`answers item/info for the ${role} with ${KNEW_IT.has(role) ? 10101 : 10303}`, async () => {
      const info = await call('item/info', role, { item_id: project.item_id });
      expect(info.error_code).toBe(KNEW_IT.has(role) ? 10101 : 10303);
      expect(info.response.body).not.toContain(project.canary);
    });
  }
});
