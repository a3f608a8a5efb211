import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem, type TestItem } from '../../test/item-factories.js';
import { createPage, updatePage } from '../../test/page-factories.js';

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let secret: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t, { username: 'owner' });
  reader = await registerUser(t, { username: 'reader' });
  secret = await createItem(t, owner, { password: 'visit-pw' });
  await addMember(t, secret.item_id, reader, 0);
});
afterAll(() => t?.close());

const share = (pageId: number, create: unknown, extra: Record<string, unknown> = {}) =>
  t.call('page/createSinglePage', { page_id: pageId, isCreateSiglePage: create, ...extra }, { token: owner.token });
const byKey = (unique_key: unknown, extra: Record<string, unknown> = {}) => t.call('page/infoByKey', { unique_key, ...extra });
const linksOf = (pageId: number) => t.database.db.selectFrom('single_page').selectAll().where('page_id', '=', pageId).execute();

describe('single-page share links', () => {
  it('give anyone with the key that one page of a private project, without its project or catalog', async () => {
    const page = await createPage(t, owner, secret.item_id, { title: 'Shared', content: 'Shared <text>' });
    const created = await share(page.page_id, 'true');
    expect(created.error_code).toBe(0);
    const { unique_key, expire_time } = created.data as { unique_key: string; page_id: number; expire_time: number };
    expect(unique_key).toMatch(/^[0-9a-f]{32}$/);
    expect(created.data).toMatchObject({ page_id: page.page_id, expire_time: 0 });

    const shown = await byKey(unique_key);
    expect(shown.error_code).toBe(0);
    expect(shown.data).toMatchObject({ page_id: page.page_id, page_title: 'Shared', page_content: 'Shared <text>', attachment_count: 0, expire_time });
    expect(Object.keys(shown.data as object)).not.toEqual(expect.arrayContaining(['item_id']));
    expect(Object.keys(shown.data as object)).not.toContain('cat_id');
    expect((await t.call('page/info', { page_id: page.page_id }, { token: owner.token })).data).toMatchObject({ unique_key });
  });

  it('B16 · open nothing else: no menu, no other page, no history, and not the same page by id', async () => {
    const page = await createPage(t, owner, secret.item_id);
    const sibling = await createPage(t, owner, secret.item_id, { content: 'sibling secret' });
    await updatePage(t, owner, page, secret.item_id);
    const { unique_key } = (await share(page.page_id, true)).data as { unique_key: string };
    expect((await byKey(unique_key, { page_id: sibling.page_id })).error_code).toBe(10101);
    for (const [path, params] of [
      ['page/info', { page_id: page.page_id, unique_key }],
      ['page/info', { page_id: sibling.page_id, unique_key }],
      ['page/history', { page_id: page.page_id, unique_key }],
      ['page/diff', { page_id: page.page_id, page_history_id: 1, unique_key }],
      ['item/info', { item_id: secret.item_id, unique_key }],
    ] as const) {
      const res = await t.call(path, params);
      expect(res.error_code, path).toBe(10307);
      expect(res.response.body).not.toContain('sibling secret');
    }
  });

  it('B16 · are one per page: a new link replaces the old one, and withdrawing ends it', async () => {
    const page = await createPage(t, owner, secret.item_id);
    const first = ((await share(page.page_id, 'true')).data as { unique_key: string }).unique_key;
    const second = ((await t.call('page/createSinglePage', { page_id: page.page_id, is_create_siglepage: 1 }, { token: owner.token })).data as { unique_key: string })
      .unique_key;
    expect(second).not.toBe(first);
    expect(await linksOf(page.page_id)).toHaveLength(1);
    expect((await byKey(first)).error_code).toBe(10101);
    expect((await byKey(second)).error_code).toBe(0);

    expect(await share(page.page_id, 'false')).toMatchObject({ error_code: 0, data: [] });
    expect((await byKey(second)).error_code).toBe(10101);
    expect((await t.call('page/info', { page_id: page.page_id }, { token: owner.token })).data).toMatchObject({ unique_key: '' });
  });

  it('expire after expire_days and are then removed', async () => {
    const page = await createPage(t, owner, secret.item_id);
    const created = (await share(page.page_id, 'true', { expire_days: 2 })).data as { unique_key: string; expire_time: number };
    expect(created.expire_time).toBe(t.clock.now() + 2 * 86400);
    t.clock.advance(2 * 86400 - 1);
    expect((await byKey(created.unique_key)).error_code).toBe(0);
    t.clock.advance(1);
    expect(await byKey(created.unique_key)).toMatchObject({ error_code: 10101, error_message: 'This share link has expired' });
    expect(await byKey(created.unique_key)).toMatchObject({ error_code: 10101, error_message: 'This share link has expired or does not exist' });
    expect(await linksOf(page.page_id)).toEqual([]);
    expect((await share(page.page_id, 'true', { expire_days: 3651 })).error_code).toBe(10100);
  });

  it('B16 · die with the page and with the project', async () => {
    const page = await createPage(t, owner, secret.item_id);
    const { unique_key } = (await share(page.page_id, 'true')).data as { unique_key: string };
    await t.call('page/delete', { page_id: page.page_id }, { token: owner.token });
    expect((await byKey(unique_key)).error_code).toBe(10101);

    const doomed = await createItem(t, owner);
    const other = await createPage(t, owner, doomed.item_id);
    const key = ((await share(other.page_id, 'true')).data as { unique_key: string }).unique_key;
    await t.database.db.updateTable('item').set({ is_del: 1 }).where('item_id', '=', doomed.item_id).execute();
    expect((await byKey(key)).error_code).toBe(10101);
  });

  it('stop serving a page that went back to being a draft, until it is published again', async () => {
    const page = await createPage(t, owner, secret.item_id, { title: 'Soon a draft', content: 'unfinished thoughts' });
    const { unique_key } = (await share(page.page_id, 'true')).data as { unique_key: string };
    expect((await byKey(unique_key)).error_code).toBe(0);

    await updatePage(t, owner, page, secret.item_id, { is_draft: 1, page_content: 'unfinished thoughts, edited' });
    const refused = await byKey(unique_key);
    expect(refused).toMatchObject({ error_code: 10101, error_message: 'This share link has expired or does not exist' });
    expect(refused.response.body).not.toContain('unfinished');

    await updatePage(t, owner, page, secret.item_id, { is_draft: 0 });
    expect((await byKey(unique_key)).error_code).toBe(0);
  });

  it('are made by editors only', async () => {
    const page = await createPage(t, owner, secret.item_id);
    expect((await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: reader.token })).error_code).toBe(10303);
    expect((await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' })).error_code).toBe(10102);
    expect(await linksOf(page.page_id)).toEqual([]);
  });

  it('B16 · refuse unknown, empty and odd keys alike, and throttle guessing', async () => {
    for (const key of ['0123456789abcdef0123456789abcdef', '', "' OR 1=1 --", 'x'.repeat(200)]) {
      expect(await byKey(key)).toMatchObject({ error_code: 10101, error_message: 'This share link has expired or does not exist' });
    }
    expect((await byKey('x'.repeat(201))).error_code).toBe(10100);
    let answer = { error_code: 0 };
    const address = '10.9.8.7';
    for (let i = 0; i < 301; i++) answer = await t.call('page/infoByKey', { unique_key: `guess${i}` }, { remoteAddress: address });
    expect(answer.error_code).toBe(10429);
  });
});
