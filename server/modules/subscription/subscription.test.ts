import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import type { TestUser } from '../../test/factories.js';
import { createItem, projectWithRoles, type TestItem } from '../../test/item-factories.js';
import { createPage, updatePage } from '../../test/page-factories.js';

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let reader: TestUser;
let limited: TestUser;
let stranger: TestUser;
let item: TestItem;
let pageId: number;

beforeAll(async () => {
  t = await startTestApp();
  const project = await projectWithRoles(t, { password: 'visit-secret' });
  ({ owner, editor, reader, limited, stranger, item } = project);
  // In the catalog `limited` may not read.
  pageId = (await createPage(t, owner, item.item_id, { cat_id: project.closed.cat_id })).page_id;
});
afterAll(() => t?.close());

const call = (user: TestUser | undefined, path: string, params: Record<string, unknown>) => t.call(path, params, { token: user?.token });
const subscribers = async () => ((await call(owner, 'subscription/getPageList', { page_id: pageId })).data as { uid: number }[]).map((s) => s.uid);

describe('page subscriptions', () => {
  it('start with the page’s creator; editors add and remove people who can read the page', async () => {
    expect(await subscribers()).toEqual([owner.uid]);
    expect((await call(editor, 'subscription/savePage', { page_id: pageId, uids: `${reader.uid},${editor.uid},${reader.uid}` })).error_code).toBe(0);
    expect(await subscribers()).toEqual([owner.uid, reader.uid, editor.uid]);
    // Saving again is harmless.
    await call(editor, 'subscription/savePage', { page_id: pageId, uids: String(reader.uid) });
    expect(await subscribers()).toHaveLength(3);
    const listed = (await call(editor, 'subscription/getPageList', { page_id: pageId })).data as Record<string, unknown>[];
    expect(listed[1]).toMatchObject({ uid: reader.uid, username: reader.username, object_type: 'page', action_type: 'update', sub_time: expect.stringMatching(/^\d{4}-/) });
    expect((await call(editor, 'subscription/deletePage', { page_id: pageId, uids: String(reader.uid) })).error_code).toBe(0);
    expect(await subscribers()).toEqual([owner.uid, editor.uid]);
  });

  it('refuse people who cannot read the page: strangers of a private project, members of other catalogs', async () => {
    expect((await call(owner, 'subscription/savePage', { page_id: pageId, uids: String(stranger.uid) })).error_code).toBe(10101);
    expect((await call(owner, 'subscription/savePage', { page_id: pageId, uids: String(limited.uid) })).error_code).toBe(10101);
    expect((await call(owner, 'subscription/savePage', { page_id: pageId, uids: '999999' })).error_code).toBe(10101);
    expect(await subscribers()).not.toContain(stranger.uid);
  });

  it('let anyone who can read the page follow it and stop, and show a reader only their own row', async () => {
    expect((await call(reader, 'subscription/savePage', { page_id: pageId, uids: String(reader.uid) })).error_code).toBe(0);
    expect(await subscribers()).toContain(reader.uid);
    const own = (await call(reader, 'subscription/getPageList', { page_id: pageId })).data as { uid: number }[];
    expect(own.map((row) => row.uid)).toEqual([reader.uid]);
    expect((await call(reader, 'subscription/deletePage', { page_id: pageId, uids: String(reader.uid) })).error_code).toBe(0);
    expect(await subscribers()).not.toContain(reader.uid);
    expect((await call(reader, 'subscription/getPageList', { page_id: pageId })).data).toEqual([]);
  });

  it('refuse a reader adding or removing anyone else (10103), and a member outside the page’s catalogs following it', async () => {
    expect((await call(reader, 'subscription/savePage', { page_id: pageId, uids: `${reader.uid},${editor.uid}` })).error_code).toBe(10103);
    expect((await call(reader, 'subscription/deletePage', { page_id: pageId, uids: String(owner.uid) })).error_code).toBe(10103);
    expect(await subscribers()).toContain(owner.uid);
    expect(await subscribers()).not.toContain(reader.uid);
    expect((await call(limited, 'subscription/savePage', { page_id: pageId, uids: String(limited.uid) })).error_code).not.toBe(0);
  });

  it('refuse strangers and people without a login, with ShowDoc’s answer for a missing page id', async () => {
    expect((await call(stranger, 'subscription/savePage', { page_id: pageId, uids: String(stranger.uid) })).error_code).toBe(10307);
    expect((await call(stranger, 'subscription/getPageList', { page_id: pageId })).error_code).toBe(10307);
    expect((await call(undefined, 'subscription/getPageList', { page_id: pageId })).error_code).toBe(10102);
    expect((await call(owner, 'subscription/savePage', { uids: '1' })).error_code).toBe(10100);
    expect((await call(owner, 'subscription/savePage', { page_id: pageId, uids: '1,x' })).error_code).toBe(10100);
    expect((await call(owner, 'subscription/savePage', { page_id: pageId, uids: Array.from({ length: 201 }, (_, i) => i + 1).join(',') })).error_code).toBe(10100);
  });

  it('let an editor add only the project’s own people, even to a page of a public project anyone may read', async () => {
    const open = await createItem(t, owner);
    const publicPage = (await createPage(t, owner, open.item_id)).page_id;
    // Any logged-in person reads a public project and may follow its page for themselves…
    expect((await call(stranger, 'subscription/savePage', { page_id: publicPage, uids: String(stranger.uid) })).error_code).toBe(0);
    expect((await call(stranger, 'subscription/getPageList', { page_id: publicPage })).data).toEqual([expect.objectContaining({ uid: stranger.uid })]);
    // …but the owner cannot sign up someone who is no member of it.
    const outsider = reader; // a member of the other project, not of this one
    const refused = await call(owner, 'subscription/savePage', { page_id: publicPage, uids: String(outsider.uid) });
    expect(refused.error_code).toBe(10101);
    expect(refused.error_message).toContain(String(outsider.uid));
    const rows = ((await call(owner, 'subscription/getPageList', { page_id: publicPage })).data as { uid: number }[]).map((row) => row.uid);
    expect(rows.sort()).toEqual([owner.uid, stranger.uid].sort());
  });

  it('are not reachable from another project, nor with a malformed page id', async () => {
    const elsewhere = await createItem(t, stranger, { password: 'other-secret' });
    const foreignPage = (await createPage(t, stranger, elsewhere.item_id)).page_id;
    // An editor of one project cannot list or change the followers of another project's page.
    expect((await call(editor, 'subscription/getPageList', { page_id: foreignPage })).error_code).toBe(10307);
    expect((await call(editor, 'subscription/savePage', { page_id: foreignPage, uids: String(editor.uid) })).error_code).toBe(10307);
    expect((await call(editor, 'subscription/deletePage', { page_id: foreignPage, uids: String(stranger.uid) })).error_code).toBe(10307);
    expect((await call(stranger, 'subscription/getPageList', { page_id: foreignPage })).data).toEqual([expect.objectContaining({ uid: stranger.uid })]);
    for (const bad of ['abc', '1e3', '99999999999999999999', '-4', '页']) {
      expect((await call(owner, 'subscription/getPageList', { page_id: bad })).error_code).toBe(10100);
    }
    expect((await call(owner, 'subscription/getPageList', { page_id: 2147483000 })).error_code).not.toBe(0);
    expect((await call(owner, 'subscription/deletePage', { page_id: pageId, uids: '' })).error_code).toBe(0);
    expect(await subscribers()).toContain(owner.uid);
  });

  it('decide who is told when the page is saved with a notice: its followers, but not the author of the change', async () => {
    await call(owner, 'subscription/savePage', { page_id: pageId, uids: String(reader.uid) });
    await updatePage(t, editor, { page_id: pageId }, item.item_id, { is_notify: 1, notify_content: 'New limits 🚀' });
    const told = await t.database.db
      .selectFrom('message')
      .innerJoin('message_content', 'message_content.id', 'message.message_content_id')
      .select(['message.to_uid', 'message_content.message_content'])
      .where('message_content.object_id', '=', pageId)
      .execute();
    // The editor follows the page too, but wrote the note: they are not told of their own change.
    expect(told.map((m) => m.to_uid).sort()).toEqual([owner.uid, reader.uid].sort());
    expect(told.every((m) => m.message_content === 'New limits 🚀')).toBe(true);
  });
});
