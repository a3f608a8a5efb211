import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { projectWithRoles, type ProjectWithRoles } from '../../test/item-factories.js';
import { createPage, updatePage } from '../../test/page-factories.js';

let t: TestApp;
let p: ProjectWithRoles;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  // The first account is the site administrator.
  admin = await registerUser(t);
  p = await projectWithRoles(t);
});
afterAll(() => t?.close());

const call = (user: TestUser | undefined, path: string, params: Record<string, unknown> = {}) => t.call(path, params, { token: user?.token });

/** A page of the project that `follower` follows, saved by its editor with a notice. */
async function notifiedPage(follower: TestUser, notice: string, catId = p.open.cat_id) {
  const page = await createPage(t, p.owner, p.item.item_id, { cat_id: catId });
  await call(p.owner, 'subscription/savePage', { page_id: page.page_id, uids: String(follower.uid) });
  t.clock.advance(1);
  await updatePage(t, p.editor, page, p.item.item_id, { is_notify: 1, notify_content: notice });
  return page;
}

async function announce(text: string, at = t.clock.now()) {
  return t.database.db
    .insertInto('message_content')
    .values({ from_uid: admin.uid, from_name: 'admin', message_type: 'announce', message_content: text, addtime: at })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('reminders', () => {
  it('show in the unread summary, list newest first with the page, and are read once listed', async () => {
    const reader = await registerUser(t);
    await t.database.db.insertInto('item_member').values({ item_id: p.item.item_id, uid: reader.uid, username: reader.username, member_group_id: 0, addtime: 0 }).execute();
    const first = await notifiedPage(reader, 'First change');
    const second = await notifiedPage(reader, 'Second change 🚀');

    const unread = (await call(reader, 'message/getUnread')).data as { remind: Record<string, unknown>; remind_count: number };
    expect(unread.remind_count).toBe(2);
    expect(unread.remind).toMatchObject({ message_content: 'Second change 🚀', from_name: p.editor.username, object_type: 'page', page_data: { page_id: second.page_id, item_id: p.item.item_id } });

    const list = (await call(reader, 'message/getRemindList', { page: 1, count: 5 })).data as { total: number; list: { message_content: string; status: number; page_data?: { page_id: number } }[] };
    expect(list.total).toBe(2);
    expect(list.list.map((m) => m.message_content)).toEqual(['Second change 🚀', 'First change']);
    expect(list.list[1]?.page_data?.page_id).toBe(first.page_id);
    expect(((await call(reader, 'message/getUnread')).data as { remind: unknown; remind_count: number })).toMatchObject({ remind: [], remind_count: 0 });
  });

  it('are read one at a time with setRead, and leave the list with delete', async () => {
    const reader = await registerUser(t);
    await t.database.db.insertInto('item_member').values({ item_id: p.item.item_id, uid: reader.uid, username: reader.username, member_group_id: 0, addtime: 0 }).execute();
    await notifiedPage(reader, 'Read me');
    const { remind } = (await call(reader, 'message/getUnread')).data as { remind: { message_content_id: number; from_uid: number } };
    expect((await call(reader, 'message/setRead', { message_content_id: remind.message_content_id, from_uid: remind.from_uid })).error_code).toBe(0);
    expect(((await call(reader, 'message/getUnread')).data as { remind_count: number }).remind_count).toBe(0);
    expect((await call(reader, 'message/delete', { message_content_id: remind.message_content_id })).error_code).toBe(0);
    expect(((await call(reader, 'message/getRemindList')).data as { total: number }).total).toBe(0);
  });

  it('do not reveal a page the person can no longer read', async () => {
    const page = await notifiedPage(p.limited, 'In my catalog');
    await t.database.db.updateTable('page').set({ cat_id: p.closed.cat_id }).where('page_id', '=', page.page_id).execute();
    const list = (await call(p.limited, 'message/getRemindList')).data as { list: Record<string, unknown>[] };
    const reminder = list.list.find((m) => m.message_content === 'In my catalog');
    expect(reminder).toBeDefined();
    // Left out, as ShowDoc leaves it out for a page it cannot find.
    expect(reminder).not.toHaveProperty('page_data');
  });

  it('are nobody else’s business', async () => {
    const stranger = await registerUser(t);
    expect(((await call(stranger, 'message/getRemindList')).data as { total: number }).total).toBe(0);
    expect((await call(undefined, 'message/getUnread')).error_code).toBe(10102);
    expect((await call(undefined, 'message/getRemindList')).error_code).toBe(10102);
    expect((await call(stranger, 'message/getRemindList', { count: 1000 })).error_code).toBe(10100);
    expect((await call(stranger, 'message/setRead', { message_content_id: 'x' })).error_code).toBe(10100);
  });
});

describe('announcements', () => {
  it('reach people registered before they were posted, once, and admins always', async () => {
    const older = await registerUser(t);
    t.clock.advance(10);
    const { id } = await announce('Maintenance on Sunday');
    t.clock.advance(10);
    const newer = await registerUser(t);

    const summary = (await call(older, 'message/getUnread')).data as { announce: { message_content_id: number; message_content: string } };
    expect(summary.announce).toMatchObject({ message_content_id: id, message_content: 'Maintenance on Sunday' });
    expect(((await call(newer, 'message/getUnread')).data as { announce: unknown }).announce).toEqual([]);
    expect(((await call(admin, 'message/getAnnouncementList')).data as { id: number }[]).map((a) => a.id)).toContain(id);

    expect(((await call(older, 'message/getAnnouncementList')).data as { id: number; status: number }[]).find((a) => a.id === id)?.status).toBe(0);
    await call(older, 'message/setRead', { message_content_id: id, from_uid: admin.uid });
    await call(older, 'message/setRead', { message_content_id: id, from_uid: admin.uid });
    expect(((await call(older, 'message/getAnnouncementList')).data as { id: number; status: number }[]).find((a) => a.id === id)?.status).toBe(1);
    expect(((await call(older, 'message/getUnread')).data as { announce: unknown }).announce).toEqual([]);
    const rows = await t.database.db.selectFrom('message').selectAll().where('to_uid', '=', older.uid).where('message_content_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('scheduled for later wait until their time', async () => {
    const user = await registerUser(t);
    t.clock.advance(5);
    const { id } = await announce('Tomorrow', t.clock.now() + 86_400);
    expect(((await call(user, 'message/getAnnouncementList')).data as { id: number }[]).map((a) => a.id)).not.toContain(id);
  });
});
