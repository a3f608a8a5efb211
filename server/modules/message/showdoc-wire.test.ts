import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem } from '../../test/item-factories.js';
import { createPage, updatePage } from '../../test/page-factories.js';

/**
 * The message answers on ShowDoc's URLs (transcript 64): the rows' numbers as strings, `object_id` and
 * counts as numbers (ShowDoc computes them), `[]` for nothing, and no `remind_count`.
 */
let t: TestApp;
let reader: TestUser;
let pageId: number;

const showdoc = (path: string) => `/server/index.php?s=/api/${path}`;

beforeAll(async () => {
  t = await startTestApp();
  const admin = await registerUser(t);
  reader = await registerUser(t);
  const item = await createItem(t, admin);
  await addMember(t, item.item_id, reader, 0);
  const page = await createPage(t, admin, item.item_id);
  pageId = page.page_id;
  await t.call('subscription/savePage', { page_id: page.page_id, uids: String(reader.uid) }, { token: admin.token });
  t.clock.advance(1);
  await updatePage(t, admin, page, item.item_id, { is_notify: 1, notify_content: 'Changed <b>&</b>' });
  await t.database.db.insertInto('message_content').values({ from_uid: admin.uid, from_name: 'admin', message_type: 'announce', message_content: 'Hello', addtime: t.clock.now() }).execute();
});
afterAll(() => t?.close());

describe('message answers on ShowDoc’s URLs', () => {
  it('message/getUnread: the reminder and announcement rows with string ids, without remind_count', async () => {
    const showdocAnswer = (await t.call('message/getUnread', {}, { token: reader.token, url: showdoc('message/getUnread') })).data as Record<string, Record<string, unknown>>;
    expect(showdocAnswer).not.toHaveProperty('remind_count');
    expect(showdocAnswer.remind).toMatchObject({
      id: expect.any(String),
      from_uid: expect.any(String),
      to_uid: String(reader.uid),
      message_content_id: expect.any(String),
      status: '0',
      object_id: pageId,
      message_content: 'Changed <b>&</b>',
      page_data: { page_id: String(pageId) },
    });
    expect(showdocAnswer.announce).toMatchObject({ id: expect.any(String), message_content_id: expect.any(String), message_content: 'Hello' });

    const folio = (await t.call('message/getUnread', {}, { token: reader.token })).data as Record<string, Record<string, unknown> | number>;
    expect(folio.remind_count).toBe(1);
    expect(folio.remind).toMatchObject({ id: expect.any(Number), status: 0, page_data: { page_id: pageId } });
  });

  it('message/getAnnouncementList and getRemindList: computed status and total stay numbers', async () => {
    const announcements = (await t.call('message/getAnnouncementList', {}, { token: reader.token, url: showdoc('message/getAnnouncementList') })).data as Record<string, unknown>[];
    expect(announcements[0]).toMatchObject({ id: expect.any(String), status: 0 });
    const reminders = (await t.call('message/getRemindList', {}, { token: reader.token, url: showdoc('message/getRemindList') })).data as { total: unknown; list: Record<string, unknown>[] };
    expect(reminders.total).toBe(1);
    expect(reminders.list[0]).toMatchObject({ id: expect.any(String), object_id: pageId });
  });

  it('answers [] for nothing unread', async () => {
    // Registered after the announcement, so it is not theirs to read.
    t.clock.advance(10);
    const stranger = await registerUser(t);
    const none = await t.call('message/getUnread', {}, { token: stranger.token, url: showdoc('message/getUnread') });
    expect(none.data).toEqual({ remind: [], announce: [] });
  });
});
