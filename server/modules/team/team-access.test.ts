import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addPage, createItem, type TestCatalog, type TestItem } from '../../test/item-factories.js';

/** The effect of team membership on a private project, through the one access function. */

let t: TestApp;
let owner: TestUser;
let user: TestUser;
let item: TestItem;
let open: TestCatalog;
let closed: TestCatalog;
let openPage: { page_id: number };
let closedPage: { page_id: number };

const as = (u: TestUser | undefined) => (path: string, params: Record<string, unknown> = {}) => t.call(path, params, { token: u?.token });

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  user = await registerUser(t);
  item = await createItem(t, owner, { password: 'private-visit-pw' });
  open = await addCatalog(t, item.item_id, 'Open');
  closed = await addCatalog(t, item.item_id, 'Closed');
  openPage = await addPage(t, item.item_id, { cat_id: open.cat_id, content: 'open' });
  closedPage = await addPage(t, item.item_id, { cat_id: closed.cat_id, content: 'closed' });
});
afterAll(() => t?.close());

async function teamWithUser(): Promise<{ team_id: number; memberId: number; rightsId: number }> {
  const team_id = ((await as(owner)('team/save', { team_name: 'Access' })).data as { id: number }).id;
  const added = await as(owner)('teamMember/save', { team_id, member_username: user.username });
  expect(added.error_code).toBe(0);
  expect((await as(owner)('teamItem/save', { team_id, item_id: String(item.item_id) })).error_code).toBe(0);
  const rows = (await as(owner)('teamItemMember/getList', { team_id, item_id: item.item_id })).data as { id: number; member_uid: number }[];
  return { team_id, memberId: (added.data as { id: number }).id, rightsId: rows.find((r) => r.member_uid === user.uid)!.id };
}

const save = (pageId: number, catId: number) => as(user)('page/save', { item_id: item.item_id, page_id: pageId, cat_id: catId, page_title: 'Edited', page_content: `edited ${Date.now()}` });

describe('team membership and project access', () => {
  it('grants editing through the team, read-only after role 0, catalog limits, and nothing after removal', async () => {
    expect((await as(user)('page/info', { page_id: openPage.page_id })).error_code).not.toBe(0);
    const team = await teamWithUser();
    expect((await as(user)('page/info', { page_id: openPage.page_id })).error_code).toBe(0);
    expect((await save(openPage.page_id, open.cat_id)).error_code).toBe(0);

    expect((await as(owner)('teamItemMember/save', { id: team.rightsId, member_group_id: 0 })).error_code).toBe(0);
    expect((await as(user)('page/info', { page_id: openPage.page_id })).error_code).toBe(0);
    expect((await save(openPage.page_id, open.cat_id)).error_code).toBe(10303);

    expect((await as(owner)('teamItemMember/save', { id: team.rightsId, member_group_id: 1, cat_ids: String(open.cat_id) })).error_code).toBe(0);
    expect((await as(user)('page/info', { page_id: openPage.page_id })).error_code).toBe(0);
    expect((await as(user)('page/info', { page_id: closedPage.page_id })).error_code).toBe(10103);

    expect((await as(owner)('teamMember/delete', { id: team.memberId })).error_code).toBe(0);
    expect((await as(user)('page/info', { page_id: openPage.page_id })).error_code).not.toBe(0);
    expect((await save(openPage.page_id, open.cat_id)).error_code).not.toBe(0);
  });

  it('B10 · is lost on team/exitTeam, on teamItem/delete and on team/delete', async () => {
    let team = await teamWithUser();
    expect((await as(user)('team/exitTeam', { id: team.team_id })).error_code).toBe(0);
    expect((await as(user)('page/info', { page_id: openPage.page_id })).error_code).not.toBe(0);

    team = await teamWithUser();
    expect((await as(user)('page/info', { page_id: openPage.page_id })).error_code).toBe(0);
    const links = (await as(owner)('teamItem/getList', { item_id: item.item_id })).data as { id: number; team_id: number }[];
    expect((await as(owner)('teamItem/delete', { id: links.find((l) => l.team_id === team.team_id)!.id })).error_code).toBe(0);
    expect((await as(user)('page/info', { page_id: openPage.page_id })).error_code).not.toBe(0);

    team = await teamWithUser();
    expect((await as(user)('page/info', { page_id: openPage.page_id })).error_code).toBe(0);
    expect((await as(owner)('team/delete', { id: team.team_id })).error_code).toBe(0);
    expect((await as(user)('page/info', { page_id: openPage.page_id })).error_code).not.toBe(0);
  });
});
