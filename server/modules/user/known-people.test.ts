import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, addTeamMember, createItem, type TestItem } from '../../test/item-factories.js';
import { usernameKey } from './username.js';

/**
 * `user/allUser` with an empty name. ShowDoc's member picker loads it once and filters in the browser;
 * ShowDoc answered every account of the site. Folio answers the people the caller already works with
 * (everyone for a site administrator), at most 200, by username, as `{uid, username, name}`.
 */

interface Found {
  uid: number;
  username: string;
  name: string;
}

let t: TestApp;
const people: Record<string, TestUser> = {};
let mine: TestItem;

const names = [
  'admin',
  'me',
  'my_editor',
  'their_owner',
  'their_reader',
  'via_team',
  'team_owner',
  'team_mate',
  'other_team_mate',
  'gone_team_mate',
  'deleted_only',
  'stranger',
  'lonely',
];

beforeAll(async () => {
  t = await startTestApp();
  // The first account of a site is its administrator.
  for (const username of names) people[username] = await registerUser(t, { username });
  const p = people as Record<(typeof names)[number], TestUser>;
  const db = t.database.db;

  // My project: an editor, and a team (of someone else) whose member reaches it.
  mine = await createItem(t, p.me!);
  await addMember(t, mine.item_id, p.my_editor!, 1);
  await addTeamMember(t, mine.item_id, p.team_owner!, p.via_team!, 0);

  // Someone else's private project where I am a reader, with another reader.
  const theirs = await createItem(t, p.their_owner!, { password: 'visit secret 1' });
  await addMember(t, theirs.item_id, p.me!, 0);
  await addMember(t, theirs.item_id, p.their_reader!, 0);

  // A team I belong to (with no project at all), its owner and another member.
  const now = t.clock.now();
  const team = await db
    .insertInto('team')
    .values({ team_name: 'Readers', uid: p.team_owner!.uid, username: 'team_owner', addtime: now, last_update_time: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const u of [p.me!, p.team_mate!]) {
    await db.insertInto('team_member').values({ team_id: team.id, member_uid: u.uid, member_username: u.username, team_member_group_id: 1, addtime: now, last_update_time: now }).execute();
  }

  // A team member of my project who has since left the team (their rights row stayed behind).
  const leftTeam = await addTeamMember(t, mine.item_id, p.other_team_mate!, p.gone_team_mate!, 1);
  await db.deleteFrom('team_member').where('team_id', '=', leftTeam.team_id).where('member_uid', '=', p.gone_team_mate!.uid).execute();

  // A deleted project is shared with nobody.
  const deleted = await createItem(t, p.deleted_only!);
  await addMember(t, deleted.item_id, p.me!, 1);
  await db.updateTable('item').set({ is_del: 1 }).where('item_id', '=', deleted.item_id).execute();

  await db.updateTable('user').set({ name: 'My Editor ✍️', email: 'editor@private.example' }).where('uid', '=', p.my_editor!.uid).execute();
});
afterAll(() => t?.close());

const known = async (user: TestUser, username: unknown = '') => {
  const res = await t.call('user/allUser', username === undefined ? {} : { username }, { token: user.token });
  expect(res.error_code).toBe(0);
  return res.data as Found[];
};
const knownNames = async (user: TestUser) => (await known(user)).map((u) => u.username);

describe('user/allUser with nothing typed', () => {
  it('answers the people who share a project or a team with the caller, by username', async () => {
    expect(await knownNames(people.me!)).toEqual([
      'me',
      'my_editor',
      'team_mate',
      'team_owner',
      'their_owner',
      'their_reader',
      'via_team',
    ]);
  });

  it('leaves out strangers, people of deleted projects and people who left the team', async () => {
    const found = await knownNames(people.me!);
    // other_team_mate owns a team attached to my project but is in no team of mine and reaches no project of mine.
    for (const name of ['admin', 'stranger', 'deleted_only', 'gone_team_mate', 'other_team_mate', 'lonely']) expect(found, name).not.toContain(name);
  });

  it('works both ways: a member sees the owner and the other members', async () => {
    expect(await knownNames(people.their_reader!)).toEqual(['me', 'their_owner', 'their_reader']);
    expect(await knownNames(people.team_mate!)).toEqual(['me', 'team_mate', 'team_owner']);
    expect(await knownNames(people.via_team!)).toEqual(expect.arrayContaining(['me', 'my_editor', 'via_team', 'team_owner']));
  });

  it('answers [] to someone with no project and no team', async () => {
    expect(await known(people.lonely!)).toEqual([]);
    expect(await known(people.lonely!, '   ')).toEqual([]);
    expect(await known(people.lonely!, undefined)).toEqual([]);
  });

  it('answers every account to a site administrator', async () => {
    expect(await knownNames(people.admin!)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('answers only uid, username and name', async () => {
    const editor = (await known(people.me!)).find((u) => u.username === 'my_editor');
    expect(editor).toEqual({ uid: people.my_editor!.uid, username: 'my_editor', name: 'My Editor ✍️' });
    const body = (await t.call('user/allUser', { username: '' }, { token: people.me!.token })).response.body;
    expect(body).not.toMatch(/private\.example|argon2|"email"|"password"|"salt"|"groupid"/);
  });

  it('answers at most 200, the first by username', async () => {
    const crowd = Array.from({ length: 205 }, (_, i) => `crowd_${String(i).padStart(3, '0')}`);
    const rows = await t.database.db
      .insertInto('user')
      .values(crowd.map((username) => ({ username, username_key: usernameKey(username), password: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA' })))
      .returning('uid')
      .execute();
    await t.database.db
      .insertInto('item_member')
      .values(rows.map((r, i) => ({ item_id: mine.item_id, uid: r.uid, username: crowd[i]!, member_group_id: 0, addtime: t.clock.now() })))
      .execute();
    const found = await knownNames(people.me!);
    expect(found).toHaveLength(200);
    expect(found.slice(0, 3)).toEqual(['crowd_000', 'crowd_001', 'crowd_002']);
    expect(found[199]).toBe('crowd_199');
    // A prefix narrows to 20 of the people the caller knows; a stranger to them finds none of them.
    expect(await known(people.me!, 'crowd_')).toHaveLength(20);
    expect(await known(people.stranger!, 'crowd_')).toEqual([]);
  });

  it('needs a login (10102)', async () => {
    expect((await t.call('user/allUser', { username: '' })).error_code).toBe(10102);
  });
});

describe('user/allUser as the caller types', () => {
  const typed = async (user: TestUser, prefix: string) => (await known(user, prefix)).map((u) => u.username);

  it('suggests the people the caller knows whose username starts with the text', async () => {
    expect(await typed(people.me!, 'the')).toEqual(['their_owner', 'their_reader']);
    expect(await typed(people.me!, 'TEAM_')).toEqual(['team_mate', 'team_owner']);
    expect(await typed(people.their_reader!, 'm')).toEqual(['me']);
  });

  it('never lists other accounts of the site by prefix: only an exact username finds a stranger', async () => {
    expect(await typed(people.me!, 'st')).toEqual([]);
    expect(await typed(people.me!, 'strange')).toEqual([]);
    expect(await typed(people.me!, 'stranger')).toEqual(['stranger']);
    expect(await typed(people.me!, ' STRANGER ')).toEqual(['stranger']);
    expect(await typed(people.lonely!, 'a')).toEqual([]);
    expect(await typed(people.lonely!, 'admin')).toEqual(['admin']);
    // An e-mail address finds nobody: it would tell whose address it is.
    expect(await typed(people.lonely!, 'editor@private.example')).toEqual([]);
  });

  it('lets a site administrator look up every account by prefix', async () => {
    expect(await typed(people.admin!, 'st')).toEqual(['stranger']);
  });
});
