import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, createItem, type TestCatalog, type TestItem } from '../../test/item-factories.js';

/**
 * The team answers on ShowDoc's URLs: rows' numbers as strings (`member_group_id` reads `"1"` for an
 * editor, as ShowDoc's web app compares), counts, flags and inserted ids as numbers, and
 * `teamItemMember` `cat_ids` a list of numbers (ShowDoc computes it). Folio's URLs answer numbers.
 */
let t: TestApp;
let owner: TestUser;
let bob: TestUser;
let item: TestItem;
let guides: TestCatalog;
let teamId: number;

const showdoc = (path: string) => `/server/index.php?s=/api/${path}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  bob = await registerUser(t);
  item = await createItem(t, owner, { password: 'visit-secret' });
  guides = await addCatalog(t, item.item_id, 'Guides');
});
afterAll(() => t?.close());

describe('team answers on ShowDoc’s URLs', () => {
  it('team/save: the team row, its numbers and times as strings', async () => {
    const res = await t.call('team/save', { team_name: 'Payments' }, { token: owner.token, url: showdoc('team/save') });
    const team = res.data as Record<string, unknown>;
    expect(team).toEqual({ id: expect.stringMatching(/^\d+$/), team_name: 'Payments', uid: String(owner.uid), username: owner.username, addtime: String(t.clock.now()), last_update_time: String(t.clock.now()) });
    teamId = Number(team.id);
  });

  it('teamMember/save and teamItem/save answer numeric ids', async () => {
    const member = await t.call('teamMember/save', { team_id: teamId, member_username: bob.username }, { token: owner.token, url: showdoc('teamMember/save') });
    expect(member.data).toEqual({ id: expect.any(Number) });
    const attached = await t.call('teamItem/save', { team_id: teamId, item_id: String(item.item_id) }, { token: owner.token, url: showdoc('teamItem/save') });
    expect(attached.data).toEqual({ id: expect.any(Number) });
  });

  it('team/getList: string ids, numeric counts and flag', async () => {
    const [team] = (await t.call('team/getList', {}, { token: owner.token, url: showdoc('team/getList') })).data as Record<string, unknown>[];
    expect(team).toMatchObject({ id: String(teamId), uid: String(owner.uid), memberCount: 1, itemCount: 1, team_manage: 1, addtime: expect.stringMatching(/^\d{4}-/), last_update_time: expect.stringMatching(/^\d+$/) });
    const [folio] = (await t.call('team/getList', {}, { token: owner.token })).data as Record<string, unknown>[];
    expect(folio).toMatchObject({ id: teamId, uid: owner.uid, memberCount: 1, team_manage: 1, last_update_time: expect.any(Number) });
  });

  it('teamMember/getList and teamItem lists: string ids; no password, no Folio extras', async () => {
    const [member] = (await t.call('teamMember/getList', { team_id: teamId }, { token: owner.token, url: showdoc('teamMember/getList') })).data as Record<string, unknown>[];
    expect(member).toMatchObject({ team_id: String(teamId), member_uid: String(bob.uid), team_member_group_id: '1' });

    const [project] = (await t.call('teamItem/getListByTeam', { team_id: teamId }, { token: bob.token, url: showdoc('teamItem/getListByTeam') })).data as Record<string, unknown>[];
    expect(project).toMatchObject({ id: expect.stringMatching(/^\d+$/), team_id: String(teamId), item_id: String(item.item_id), item_type: '1', is_del: '0', password: '' });
    expect(project).not.toHaveProperty('is_private');
    const [folio] = (await t.call('teamItem/getListByTeam', { team_id: teamId }, { token: bob.token })).data as Record<string, unknown>[];
    expect(folio).toMatchObject({ item_id: item.item_id, is_private: 1, password: '' });

    const [team] = (await t.call('teamItem/getList', { item_id: item.item_id }, { token: owner.token, url: showdoc('teamItem/getList') })).data as Record<string, unknown>[];
    expect(team).toMatchObject({ id: expect.stringMatching(/^\d+$/), team_id: String(teamId), team_name: 'Payments' });
  });

  it('teamItemMember/getList: the role as "1", cat_ids numbers; teamItemMember/save {success: true}', async () => {
    const [row] = (await t.call('teamItemMember/getList', { item_id: item.item_id, team_id: teamId }, { token: owner.token, url: showdoc('teamItemMember/getList') })).data as Record<string, unknown>[];
    expect(row).toMatchObject({ id: expect.stringMatching(/^\d+$/), member_uid: String(bob.uid), member_group_id: '1', cat_id: '0', cat_ids: [] });

    const saved = await t.call('teamItemMember/save', { id: Number(row?.id), cat_ids: String(guides.cat_id) }, { token: owner.token, url: showdoc('teamItemMember/save') });
    expect(saved.data).toEqual({ success: true });
    const [limited] = (await t.call('teamItemMember/getList', { item_id: item.item_id, team_id: teamId }, { token: owner.token, url: showdoc('teamItemMember/getList') })).data as Record<string, unknown>[];
    expect(limited).toMatchObject({ cat_ids: [guides.cat_id] });
    const [folio] = (await t.call('teamItemMember/getList', { item_id: item.item_id, team_id: teamId }, { token: owner.token })).data as Record<string, unknown>[];
    expect(folio).toMatchObject({ member_uid: bob.uid, member_group_id: 1, cat_ids: [guides.cat_id] });
  });

  it('team/exitTeam and team/attorn answer [], as ShowDoc', async () => {
    expect((await t.call('team/exitTeam', { id: teamId }, { token: bob.token, url: showdoc('team/exitTeam') })).data).toEqual([]);
    const res = await t.call('team/attorn', { team_id: teamId, username: bob.username, password: owner.password }, { token: owner.token, url: showdoc('team/attorn') });
    expect(res).toMatchObject({ error_code: 0, data: [] });
  });
});
