import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, createItem, type TestItem } from '../../test/item-factories.js';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;

const as = (user: TestUser | undefined) => (path: string, params: Record<string, unknown> = {}) => t.call(path, params, { token: user?.token });

interface Team {
  team_id: number;
  item: TestItem;
  adminRow: number;
  memberRow: number;
}

/** A team of `owner` with `admin` (team admin) and `member` (ordinary), and one project of the owner attached. */
async function makeTeam(name = 'Team'): Promise<Team> {
  const saved = await as(owner)('team/save', { team_name: name });
  expect(saved.error_code).toBe(0);
  const team_id = (saved.data as { id: number }).id;
  const a = await as(owner)('teamMember/save', { team_id, member_username: admin.username, team_member_group_id: 2 });
  const m = await as(owner)('teamMember/save', { team_id, member_username: member.username, team_member_group_id: 1 });
  expect([a.error_code, m.error_code]).toEqual([0, 0]);
  const item = await createItem(t, owner);
  expect((await as(owner)('teamItem/save', { team_id, item_id: String(item.item_id) })).error_code).toBe(0);
  return { team_id, item, adminRow: (a.data as { id: number }).id, memberRow: (m.data as { id: number }).id };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  admin = await registerUser(t);
  member = await registerUser(t);
  stranger = await registerUser(t);
});
afterAll(() => t?.close());

describe('team/save and team/getList', () => {
  it('creates a team owned by me, renames it for managers only, and lists it with counts and team_manage', async () => {
    const team = await makeTeam('接口团队 🚀');
    const list = async (u: TestUser) => ((await as(u)('team/getList')).data as { id: number; team_name: string; memberCount: number; itemCount: number; team_manage: number; addtime: string }[]).find((r) => r.id === team.team_id);
    expect(await list(owner)).toMatchObject({ team_name: '接口团队 🚀', memberCount: 2, itemCount: 1, team_manage: 1, addtime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect((await list(admin))?.team_manage).toBe(1);
    expect((await list(member))?.team_manage).toBe(0);
    expect(await list(stranger)).toBeUndefined();

    expect((await as(admin)('team/save', { id: team.team_id, team_name: '  Renamed  ' })).data).toMatchObject({ id: team.team_id, team_name: 'Renamed', uid: owner.uid });
    expect((await as(member)('team/save', { id: team.team_id, team_name: 'x' })).error_code).toBe(10103);
    expect((await as(stranger)('team/save', { id: team.team_id, team_name: 'x' })).error_code).toBe(10103);
    expect((await as(undefined)('team/save', { team_name: 'x' })).error_code).toBe(10102);
    expect((await as(undefined)('team/getList')).error_code).toBe(10102);
    expect((await as(owner)('team/save', { id: 99999999, team_name: 'x' })).error_code).toBe(10101);
  });

  it('refuses empty, oversized, NUL and malformed input, and keeps unicode names whole', async () => {
    expect((await as(owner)('team/save', { team_name: '   ' })).error_code).toBe(10100);
    expect((await as(owner)('team/save', {})).error_code).toBe(10100);
    expect((await as(owner)('team/save', { team_name: 'é'.repeat(101) })).error_code).toBe(10100);
    expect((await as(owner)('team/save', { team_name: 'x'.repeat(100_000) })).error_code).toBe(10100);
    expect((await as(owner)('team/save', { team_name: 'a\u0000b' })).error_code).toBe(10100);
    const name = '团队🚀'.padEnd(100, 'ü');
    expect((await as(owner)('team/save', { team_name: name })).data).toMatchObject({ team_name: name });
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999']) {
      expect((await as(owner)('team/save', { id: bad, team_name: 'x' })).error_code).toBe(10100);
      expect((await as(owner)('team/delete', { id: bad })).error_code).toBe(10100);
      expect((await as(owner)('teamMember/getList', { team_id: bad })).error_code).toBe(10100);
      expect((await as(owner)('teamItem/getListByTeam', { team_id: bad })).error_code).toBe(10100);
      expect((await as(owner)('teamItemMember/save', { id: bad, member_group_id: 1 })).error_code).toBe(10100);
    }
    const json = await t.call('team/save', { team_name: ['a'] }, { token: owner.token, json: true });
    expect(json.error_code).toBe(10100);
  });
});

describe('team members', () => {
  it('are added by username or e-mail by managers, listed for members, and refused to others', async () => {
    const team = await makeTeam();
    const extra = await registerUser(t);
    expect((await as(member)('teamMember/save', { team_id: team.team_id, member_username: extra.username })).error_code).toBe(10103);
    expect((await as(stranger)('teamMember/save', { team_id: team.team_id, member_username: extra.username })).error_code).toBe(10103);
    expect((await as(undefined)('teamMember/save', { team_id: team.team_id, member_username: extra.username })).error_code).toBe(10102);
    expect((await as(admin)('teamMember/save', { team_id: team.team_id, member_username: 'nobody-such-user' })).error_code).toBe(10209);
    expect((await as(admin)('teamMember/save', { team_id: team.team_id, member_username: member.username })).error_code).toBe(10101);
    expect((await as(admin)('teamMember/save', { team_id: team.team_id, member_username: owner.username })).error_code).toBe(10101);
    expect((await as(admin)('teamMember/save', { team_id: team.team_id, member_username: extra.username, team_member_group_id: 3 })).error_code).toBe(10100);
    await t.database.db.updateTable('user').set({ email: 'extra-team@example.com' }).where('uid', '=', extra.uid).execute();
    const added = await as(admin)('teamMember/save', { team_id: team.team_id, member_username: 'extra-team@example.com' });
    expect(added.error_code).toBe(0);

    for (const u of [owner, admin, member]) {
      const rows = (await as(u)('teamMember/getList', { team_id: team.team_id })).data as { member_uid: number; team_member_group_id: number; addtime: string; name: string }[];
      expect(rows.map((r) => r.member_uid)).toEqual([extra.uid, member.uid, admin.uid].slice(0, rows.length));
      expect(rows).toHaveLength(3);
      expect(typeof rows[0]?.team_member_group_id).toBe('number');
    }
    expect((await as(stranger)('teamMember/getList', { team_id: team.team_id })).error_code).toBe(10103);
    expect((await as(undefined)('teamMember/getList', { team_id: team.team_id })).error_code).toBe(10102);

    // The new member got an editor row in the team's project.
    const rights = (await as(owner)('teamItemMember/getList', { team_id: team.team_id, item_id: team.item.item_id })).data as { member_uid: number; member_group_id: number; cat_ids: number[] }[];
    expect(rights.find((r) => r.member_uid === extra.uid)).toMatchObject({ member_group_id: 1, cat_ids: [] });

    // Role change by id.
    const id = (added.data as { id: number }).id;
    expect((await as(member)('teamMember/save', { id, team_member_group_id: 2 })).error_code).toBe(10103);
    expect((await as(owner)('teamMember/save', { id, team_member_group_id: 2 })).error_code).toBe(0);
    const after = (await as(owner)('teamMember/getList', { team_id: team.team_id })).data as { id: number; team_member_group_id: number }[];
    expect(after.find((r) => r.id === id)?.team_member_group_id).toBe(2);

    // Removal, by managers only, takes the project rights too.
    expect((await as(member)('teamMember/delete', { id })).error_code).toBe(10103);
    expect((await as(stranger)('teamMember/delete', { id })).error_code).toBe(10103);
    expect((await as(undefined)('teamMember/delete', { id })).error_code).toBe(10102);
    expect((await as(admin)('teamMember/delete', { id })).error_code).toBe(0);
    expect((await as(admin)('teamMember/delete', { id })).error_code).toBe(10101);
    const left = await t.database.db.selectFrom('team_item_member').select('id').where('team_id', '=', team.team_id).where('member_uid', '=', extra.uid).execute();
    expect(left).toEqual([]);
  });

  it('leave with team/exitTeam; the owner and strangers cannot', async () => {
    const team = await makeTeam();
    expect((await as(owner)('team/exitTeam', { id: team.team_id })).error_code).toBe(10101);
    expect((await as(stranger)('team/exitTeam', { id: team.team_id })).error_code).toBe(10101);
    expect((await as(undefined)('team/exitTeam', { id: team.team_id })).error_code).toBe(10102);
    expect((await as(member)('team/exitTeam', { id: team.team_id })).error_code).toBe(0);
    expect((await as(admin)('team/exitTeam', { id: team.team_id })).error_code).toBe(0);
    expect((await as(member)('teamMember/getList', { team_id: team.team_id })).error_code).toBe(10103);
    const rows = await t.database.db.selectFrom('team_item_member').select('id').where('team_id', '=', team.team_id).execute();
    expect(rows).toEqual([]);
  });
});

describe('team projects', () => {
  it('are attached by managers who manage each project, listed without their visit passwords, and detached', async () => {
    const team = await makeTeam();
    const privateItem = await createItem(t, admin, { password: 'secret-visit' });
    const foreign = await createItem(t, stranger);
    expect((await as(member)('teamItem/save', { team_id: team.team_id, item_id: String(privateItem.item_id) })).error_code).toBe(10103);
    expect((await as(stranger)('teamItem/save', { team_id: team.team_id, item_id: String(foreign.item_id) })).error_code).toBe(10103);
    expect((await as(undefined)('teamItem/save', { team_id: team.team_id, item_id: String(foreign.item_id) })).error_code).toBe(10102);
    const refused = await as(admin)('teamItem/save', { team_id: team.team_id, item_id: `${privateItem.item_id},${foreign.item_id}` });
    expect(refused.error_code).toBe(10303);
    expect(refused.error_message).toContain(String(foreign.item_id));
    expect((await as(admin)('teamItem/save', { team_id: team.team_id, item_id: '1,abc' })).error_code).toBe(10100);
    expect((await as(admin)('teamItem/save', { team_id: team.team_id, item_id: '' })).error_code).toBe(10100);
    // Nothing was attached by the refused call.
    expect(((await as(owner)('teamItem/getListByTeam', { team_id: team.team_id })).data as unknown[]).length).toBe(1);

    // Through the team the admin only edits the owner's project, so cannot attach it again elsewhere.
    expect((await as(admin)('teamItem/save', { team_id: team.team_id, item_id: `${privateItem.item_id},${team.item.item_id}` })).error_code).toBe(10303);
    const saved = await as(admin)('teamItem/save', { team_id: team.team_id, item_id: String(privateItem.item_id) });
    expect(saved).toMatchObject({ error_code: 0, data: { id: expect.any(Number) } });
    // Attaching again skips what is attached and adds no duplicate rights.
    expect((await as(owner)('teamItem/save', { team_id: team.team_id, item_id: String(team.item.item_id) })).error_code).toBe(0);
    expect(await t.database.db.selectFrom('team_item_member').select('id').where('team_id', '=', team.team_id).where('item_id', '=', team.item.item_id).execute()).toHaveLength(2);
    expect(await t.database.db.selectFrom('team_item_member').select('id').where('team_id', '=', team.team_id).where('item_id', '=', privateItem.item_id).execute()).toHaveLength(2);
    for (const u of [owner, admin, member]) {
      const rows = (await as(u)('teamItem/getListByTeam', { team_id: team.team_id })).data as Record<string, unknown>[];
      expect(rows.map((r) => r.item_id).sort()).toEqual([team.item.item_id, privateItem.item_id].sort());
      // ShowDoc's key is there (its rows are item.*), never the password or its hash.
      for (const r of rows) expect(r.password).toBe('');
      expect(JSON.stringify(rows)).not.toContain('secret-visit');
      expect(rows.find((r) => r.item_id === privateItem.item_id)).toMatchObject({ team_id: team.team_id, is_private: 1, addtime: expect.stringMatching(/^\d{4}-/) });
    }
    expect((await as(stranger)('teamItem/getListByTeam', { team_id: team.team_id })).error_code).toBe(10103);
    expect((await as(undefined)('teamItem/getListByTeam', { team_id: team.team_id })).error_code).toBe(10102);

    // teamItem/getList: for managers of the project.
    const teamsOf = (await as(admin)('teamItem/getList', { item_id: privateItem.item_id })).data as { id: number; team_id: number; team_name: string }[];
    expect(teamsOf).toEqual([expect.objectContaining({ id: (saved.data as { id: number }).id, team_id: team.team_id })]);
    expect((await as(stranger)('teamItem/getList', { item_id: privateItem.item_id })).error_code).not.toBe(0);
    expect((await as(undefined)('teamItem/getList', { item_id: privateItem.item_id })).error_code).toBe(10102);
    // The member is an editor, not a manager, of the project.
    expect((await as(member)('teamItem/getList', { item_id: privateItem.item_id })).error_code).toBe(10303);

    // Change log.
    const log = await t.database.db.selectFrom('item_change_log').selectAll().where('item_id', '=', privateItem.item_id).where('op_object_type', '=', 'team').execute();
    expect(log.map((l) => l.op_action_type)).toEqual(['binding']);

    const linkId = teamsOf[0]!.id;
    expect((await as(member)('teamItem/delete', { id: linkId })).error_code).toBe(10103);
    expect((await as(stranger)('teamItem/delete', { id: linkId })).error_code).toBe(10103);
    expect((await as(undefined)('teamItem/delete', { id: linkId })).error_code).toBe(10102);
    expect((await as(admin)('teamItem/delete', { id: linkId })).error_code).toBe(0);
    expect((await as(admin)('teamItem/delete', { id: linkId })).error_code).toBe(10101);
    const rows = await t.database.db.selectFrom('team_item_member').select('id').where('team_id', '=', team.team_id).where('item_id', '=', privateItem.item_id).execute();
    expect(rows).toEqual([]);
  });

  it('teamItemMember rows are listed and changed by managers only, field by field, with top-level catalogs', async () => {
    const team = await makeTeam();
    const top = await addCatalog(t, team.item.item_id, 'Top');
    const child = await addCatalog(t, team.item.item_id, 'Child', top);
    const elsewhere = await addCatalog(t, (await createItem(t, owner)).item_id, 'Elsewhere');
    const list = async (u: TestUser | undefined) => as(u)('teamItemMember/getList', { team_id: team.team_id, item_id: team.item.item_id });
    const rows = (await list(admin)).data as { id: number; member_uid: number; member_group_id: number; cat_ids: number[]; cat_name: string; name: string; addtime: string }[];
    expect(rows).toHaveLength(2);
    expect((await list(member)).error_code).toBe(10103);
    expect((await list(stranger)).error_code).toBe(10103);
    expect((await list(undefined)).error_code).toBe(10102);
    const row = rows.find((r) => r.member_uid === member.uid)!;

    expect((await as(member)('teamItemMember/save', { id: row.id, member_group_id: 2 })).error_code).toBe(10103);
    expect((await as(stranger)('teamItemMember/save', { id: row.id, member_group_id: 0 })).error_code).toBe(10103);
    expect((await as(undefined)('teamItemMember/save', { id: row.id, member_group_id: 0 })).error_code).toBe(10102);
    expect((await as(admin)('teamItemMember/save', { id: row.id, member_group_id: 5 })).error_code).toBe(10100);
    expect((await as(admin)('teamItemMember/save', { id: row.id, cat_ids: `${child.cat_id}` })).error_code).toBe(10101);
    expect((await as(admin)('teamItemMember/save', { id: row.id, cat_ids: `${elsewhere.cat_id}` })).error_code).toBe(10101);
    expect((await as(admin)('teamItemMember/save', { id: row.id, cat_ids: 'a,b' })).error_code).toBe(10100);

    expect((await as(admin)('teamItemMember/save', { id: row.id, cat_ids: `${top.cat_id}` })).error_code).toBe(0);
    expect((await as(admin)('teamItemMember/save', { id: row.id, member_group_id: 0 })).error_code).toBe(0);
    const after = ((await list(owner)).data as typeof rows).find((r) => r.id === row.id);
    // Only the fields sent changed: the catalog limit stayed when the role changed.
    expect(after).toMatchObject({ member_group_id: 0, cat_ids: [top.cat_id] });
    // A team admin who does not manage the project cannot make anyone its manager; the owner can.
    expect((await as(admin)('teamItemMember/save', { id: row.id, member_group_id: 2 })).error_code).toBe(10303);
    expect((await as(owner)('teamItemMember/save', { id: row.id, member_group_id: 2 })).error_code).toBe(0);
    expect((await as(owner)('teamItemMember/save', { id: row.id, cat_ids: '' })).error_code).toBe(0);
    expect(((await list(owner)).data as typeof rows).find((r) => r.id === row.id)).toMatchObject({ member_group_id: 2, cat_ids: [] });
  });
});

describe('team/attorn and team/delete', () => {
  it('transfers only the team, after the caller’s login password, to a known user', async () => {
    const team = await makeTeam();
    const receiver = await registerUser(t);
    const body = { team_id: team.team_id, username: receiver.username, password: owner.password };
    expect((await as(member)('team/attorn', { ...body, password: member.password })).error_code).toBe(10103);
    expect((await as(stranger)('team/attorn', { ...body, password: stranger.password })).error_code).toBe(10103);
    expect((await as(undefined)('team/attorn', body)).error_code).toBe(10102);
    expect((await as(owner)('team/attorn', { ...body, password: 'wrong password' })).error_code).toBe(10208);
    expect((await as(owner)('team/attorn', { ...body, password: '' })).error_code).toBe(10208);
    expect((await as(owner)('team/attorn', { ...body, username: 'no-such-user-xyz' })).error_code).toBe(10209);
    expect((await as(owner)('team/attorn', { ...body, username: owner.username })).error_code).toBe(10101);
    expect(await as(owner)('team/attorn', body)).toMatchObject({ error_code: 0, data: [] });
    expect(await t.database.db.selectFrom('team').select(['uid', 'username']).where('id', '=', team.team_id).executeTakeFirstOrThrow()).toEqual({ uid: receiver.uid, username: receiver.username });
    // The project is not moved; the old owner no longer manages the team.
    const item = await t.database.db.selectFrom('item').select('uid').where('item_id', '=', team.item.item_id).executeTakeFirstOrThrow();
    expect(item.uid).toBe(owner.uid);
    expect((await as(owner)('team/save', { id: team.team_id, team_name: 'mine again' })).error_code).toBe(10103);
    expect((await as(receiver)('team/save', { id: team.team_id, team_name: 'theirs' })).error_code).toBe(0);
  });

  it('throttles wrong passwords like a login', async () => {
    const team = await makeTeam();
    const victim = await registerUser(t);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await as(admin)('team/attorn', { team_id: team.team_id, username: victim.username, password: `guess-${i}` })).error_code);
    expect(codes[0]).toBe(10208);
    expect(codes.some((c) => c !== 10208)).toBe(true);
  });

  it('deletes the team with its members, projects and rights, for managers only', async () => {
    const team = await makeTeam();
    expect((await as(member)('team/delete', { id: team.team_id })).error_code).toBe(10103);
    expect((await as(stranger)('team/delete', { id: team.team_id })).error_code).toBe(10103);
    expect((await as(undefined)('team/delete', { id: team.team_id })).error_code).toBe(10102);
    expect((await as(admin)('team/delete', { id: team.team_id })).error_code).toBe(0);
    expect((await as(admin)('team/delete', { id: team.team_id })).error_code).toBe(10101);
    const db = t.database.db;
    for (const table of ['team_member', 'team_item', 'team_item_member'] as const) {
      expect(await db.selectFrom(table).select('id').where('team_id', '=', team.team_id).execute()).toEqual([]);
    }
  });
});
