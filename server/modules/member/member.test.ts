import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { projectWithRoles, type ProjectWithRoles } from '../../test/item-factories.js';
import { createPage, setSiteOption } from '../../test/page-factories.js';

let t: TestApp;
let p: ProjectWithRoles;

beforeAll(async () => {
  t = await startTestApp();
  await registerUser(t); // the site administrator
  p = await projectWithRoles(t, { password: 'visit-secret' });
});
afterAll(() => t?.close());

const call = (user: TestUser | undefined, path: string, params: Record<string, unknown> = {}) => t.call(path, params, { token: user?.token });
type Row = { item_member_id: number; uid: number; member_group_id: number; cat_ids: number[]; cat_name: string };
const memberRows = async () => (await call(p.owner, 'member/getList', { item_id: p.item.item_id })).data as Row[];

describe('project members', () => {
  it('are added by a manager by username or e-mail, limited to catalogs, and take effect at once', async () => {
    const colleague = await registerUser(t);
    const pageA = await createPage(t, p.owner, p.item.item_id, { cat_id: p.open.cat_id });
    const pageB = await createPage(t, p.owner, p.item.item_id, { cat_id: p.closed.cat_id });
    expect((await call(colleague, 'page/info', { page_id: pageA.page_id })).error_code).toBe(10307);

    const added = await call(p.owner, 'member/save', { item_id: p.item.item_id, username: colleague.username.toUpperCase(), member_group_id: 0, cat_ids: JSON.stringify([p.open.cat_id]) });
    expect(added).toMatchObject({ error_code: 0, data: { id: expect.any(Number) } });
    const row = (await memberRows()).find((m) => m.uid === colleague.uid);
    expect(row).toMatchObject({ member_group_id: 0, cat_ids: [p.open.cat_id], cat_name: 'Open' });

    expect((await call(colleague, 'page/info', { page_id: pageA.page_id })).error_code).toBe(0);
    expect((await call(colleague, 'page/info', { page_id: pageB.page_id })).error_code).toBe(10103);
    expect((await call(colleague, 'page/save', { item_id: p.item.item_id, page_id: pageA.page_id, cat_id: p.open.cat_id, page_content: 'x' })).error_code).toBe(10303);

    // Promoted to editor: the same save goes through.
    expect((await call(p.owner, 'member/save', { item_id: p.item.item_id, item_member_id: row?.item_member_id, member_group_id: 1 })).error_code).toBe(0);
    expect((await call(colleague, 'page/save', { item_id: p.item.item_id, page_id: pageA.page_id, cat_id: p.open.cat_id, page_content: 'x' })).error_code).toBe(0);

    expect((await call(p.owner, 'member/delete', { item_id: p.item.item_id, item_member_id: row?.item_member_id })).error_code).toBe(0);
    expect((await call(colleague, 'page/info', { page_id: pageA.page_id })).error_code).toBe(10307);
    const log = await t.database.db.selectFrom('item_change_log').select(['op_action_type']).where('item_id', '=', p.item.item_id).where('op_object_type', '=', 'member').execute();
    expect(log.map((l) => l.op_action_type)).toEqual(['binding', 'update', 'unbound']);
  });

  it('need an existing user, refuse duplicates and the owner, and only top-level catalogs of the project', async () => {
    expect((await call(p.owner, 'member/save', { item_id: p.item.item_id, username: 'nobody_at_all' })).error_code).toBe(10209);
    expect((await call(p.owner, 'member/save', { item_id: p.item.item_id, username: '' })).error_code).toBe(10209);
    expect((await call(p.owner, 'member/save', { item_id: p.item.item_id, username: p.editor.username })).error_code).toBe(10101);
    expect((await call(p.owner, 'member/save', { item_id: p.item.item_id, username: p.owner.username })).error_code).toBe(10101);
    const someone = await registerUser(t);
    const sub = Number((await call(p.owner, 'catalog/save', { item_id: p.item.item_id, cat_name: 'Sub', parent_cat_id: p.open.cat_id })).data);
    expect((await call(p.owner, 'member/save', { item_id: p.item.item_id, username: someone.username, cat_ids: String(sub) })).error_code).toBe(10101);
    expect((await call(p.owner, 'member/save', { item_id: p.item.item_id, username: someone.username, cat_ids: '1,x' })).error_code).toBe(10100);
    expect((await call(p.owner, 'member/save', { item_id: p.item.item_id, username: someone.username, member_group_id: 3 })).error_code).toBe(10100);
  });

  it('are managed by managers only; editors may list everyone with access for pickers', async () => {
    for (const who of [p.editor, p.reader, p.stranger]) {
      expect((await call(who, 'member/getList', { item_id: p.item.item_id })).error_code, who.username).not.toBe(0);
      expect((await call(who, 'member/save', { item_id: p.item.item_id, username: p.stranger.username })).error_code).not.toBe(0);
    }
    expect((await call(undefined, 'member/getList', { item_id: p.item.item_id })).error_code).toBe(10102);
    const everyone = (await call(p.editor, 'member/getAllList', { item_id: p.item.item_id })).data as { uid: number; member_group_id: number }[];
    expect(everyone[0]).toMatchObject({ uid: p.owner.uid, member_group_id: 2 });
    expect(everyone.map((e) => e.uid)).toEqual(expect.arrayContaining([p.editor.uid, p.reader.uid, p.limited.uid]));
    expect((await call(p.reader, 'member/getAllList', { item_id: p.item.item_id })).error_code).not.toBe(0);
    const mine = (await call(p.owner, 'member/getMyAllList')).data as { uid: number }[];
    expect(mine.map((m) => m.uid)).toEqual(expect.arrayContaining([p.editor.uid, p.reader.uid]));
  });

  it('stop at the collaborator quota the administrator set', async () => {
    const project = await projectWithRoles(t);
    await setSiteOption(t, 'item_member_max', '3');
    try {
      const extra = await registerUser(t);
      const refused = await call(project.owner, 'member/save', { item_id: project.item.item_id, username: extra.username });
      expect(refused.error_code).toBe(10310);
      expect(refused.error_message).toMatch(/at most 3 members/);
    } finally {
      await setSiteOption(t, 'item_member_max', null);
    }
  });

  it('cannot be reached through another project', async () => {
    const other = await projectWithRoles(t);
    const row = (await memberRows())[0];
    expect((await call(other.owner, 'member/delete', { item_id: other.item.item_id, item_member_id: row?.item_member_id })).error_code).toBe(10101);
    expect((await call(other.owner, 'member/save', { item_id: other.item.item_id, item_member_id: row?.item_member_id, member_group_id: 2 })).error_code).toBe(10101);
  });
});
