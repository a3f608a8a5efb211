import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { projectWithRoles, type ProjectWithRoles } from '../../test/item-factories.js';

let t: TestApp;
let p: ProjectWithRoles;
let colleague: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  await registerUser(t); // the site administrator
  p = await projectWithRoles(t, {});
  colleague = await registerUser(t);
  expect((await call(p.owner, 'member/save', { item_id: p.item.item_id, username: colleague.username, member_group_id: 1 })).error_code).toBe(0);
  await t.database.db.updateTable('item').set({ is_archived: 1 }).where('item_id', '=', p.item.item_id).execute();
});
afterAll(() => t?.close());

const call = (user: TestUser | undefined, path: string, params: Record<string, unknown> = {}) => t.call(path, params, { token: user?.token });

describe('the members of an archived project', () => {
  it('are still listed to its managers, read-only (issue 23 item 11)', async () => {
    const listed = await call(p.owner, 'member/getList', { item_id: p.item.item_id });
    expect(listed.error_code).toBe(0);
    expect((listed.data as { uid: number }[]).map((row) => row.uid)).toContain(colleague.uid);
  });

  it('cannot be added, changed or removed', async () => {
    const other = await registerUser(t);
    expect((await call(p.owner, 'member/save', { item_id: p.item.item_id, username: other.username, member_group_id: 0 })).error_code).toBe(10101);
    const row = ((await call(p.owner, 'member/getList', { item_id: p.item.item_id })).data as { item_member_id: number; uid: number }[]).find((m) => m.uid === colleague.uid);
    expect((await call(p.owner, 'member/delete', { item_id: p.item.item_id, item_member_id: row?.item_member_id })).error_code).toBe(10101);
  });

  it('stay hidden from people who do not manage the project', async () => {
    expect((await call(colleague, 'member/getList', { item_id: p.item.item_id })).error_code).toBe(10303);
  });
});
