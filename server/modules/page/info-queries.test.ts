import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem, type TestItem } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';

/**
 * The hot reads (issue 21) ask the database little and build no SQL per request: statements are compiled
 * once (server/db/prepared.ts) and page/info reads its page, attachment count and share link in one.
 * Counted at the app's query executor, so the numbers are the same on SQLite and PostgreSQL.
 */
let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let item: TestItem;
let pageId: number;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  reader = await registerUser(t);
  // Private: only its owner and members read it.
  item = await createItem(t, owner, { password: 'visit-secret' });
  await addMember(t, item.item_id, reader, 0);
  pageId = (await createPage(t, owner, item.item_id, { title: 'Hot', content: 'hot read' })).page_id;
});
afterAll(() => t?.close());

/** Statements run and queries compiled by Kysely while `work` runs (after one warm-up call of it). */
async function counted(work: () => Promise<unknown>): Promise<{ run: number; compiled: number }> {
  await work();
  const executor = t.database.db.getExecutor();
  const counts = { run: 0, compiled: 0 };
  const { executeQuery, compileQuery } = executor;
  const run = executeQuery.bind(executor);
  const compile = compileQuery.bind(executor);
  executor.executeQuery = (query) => {
    counts.run += 1;
    return run(query);
  };
  executor.compileQuery = (node, queryId) => {
    counts.compiled += 1;
    return compile(node, queryId);
  };
  try {
    await work();
  } finally {
    executor.executeQuery = executeQuery;
    executor.compileQuery = compileQuery;
  }
  return counts;
}

const ok = async (path: string, params: Record<string, unknown>, user: TestUser) => {
  const answer = await t.call(path, params, { token: user.token, method: 'GET' });
  expect(answer.error_code).toBe(0);
  return answer;
};

describe('hot reads', () => {
  it('page/info: the token, the page with its attachment count and share link, the project; nothing compiled', async () => {
    expect(await counted(() => ok('page/info', { page_id: pageId }, owner))).toEqual({ run: 3, compiled: 0 });
    // A member also has their grant rows read.
    expect(await counted(() => ok('page/info', { page_id: pageId }, reader))).toEqual({ run: 4, compiled: 0 });
  });

  it('item/myList: nothing compiled per request', async () => {
    expect((await counted(() => ok('item/myList', {}, reader))).compiled).toBe(0);
  });

  it('page/info still shows a share link made or withdrawn and an attachment bound since the last read', async () => {
    const read = async () => (await ok('page/info', { page_id: pageId }, reader)).data as { unique_key: string; attachment_count: number };
    expect(await read()).toMatchObject({ unique_key: '', attachment_count: 0 });
    const shared = await t.call('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 'true' }, { token: owner.token });
    const key = (shared.data as { unique_key: string }).unique_key;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect((await read()).unique_key).toBe(key);
    const file = await t.database.db.insertInto('upload_file').values({ sign: 'a.png', display_name: 'a.png', uid: owner.uid }).returning('file_id').executeTakeFirstOrThrow();
    await t.database.db.insertInto('file_page').values({ file_id: file.file_id, page_id: pageId, item_id: item.item_id }).execute();
    expect((await read()).attachment_count).toBe(1);
    await t.call('page/createSinglePage', { page_id: pageId, isCreateSiglePage: 'false' }, { token: owner.token });
    expect((await read()).unique_key).toBe('');
  });

  it('page/info refuses a member removed since their last read, and a page moved to the recycle bin', async () => {
    const other = await registerUser(t);
    await addMember(t, item.item_id, other, 0);
    const page = await createPage(t, owner, item.item_id, { title: 'Soon gone' });
    await ok('page/info', { page_id: page.page_id }, other);
    await t.database.db.deleteFrom('item_member').where('item_id', '=', item.item_id).where('uid', '=', other.uid).execute();
    expect((await t.call('page/info', { page_id: page.page_id }, { token: other.token })).error_code).toBe(10307);
    await t.call('page/delete', { page_id: page.page_id, item_id: item.item_id }, { token: owner.token });
    expect((await t.call('page/info', { page_id: page.page_id }, { token: owner.token })).error_code).toBe(10101);
  });

  it('item/myList shows a project at once when its owner adds you, and drops it when they remove you', async () => {
    const newcomer = await registerUser(t);
    const listed = async () => ((await ok('item/myList', {}, newcomer)).data as { item_id: number; manage: number }[]).map((i) => [i.item_id, i.manage]);
    const before = await listed();
    expect(before.some(([id]) => id === item.item_id)).toBe(false);
    await addMember(t, item.item_id, newcomer, 2);
    expect(await listed()).toContainEqual([item.item_id, 1]);
    await t.database.db.deleteFrom('item_member').where('item_id', '=', item.item_id).where('uid', '=', newcomer.uid).execute();
    expect(await listed()).toEqual(before);
    // Another caller's list is their own.
    expect((await ok('item/myList', {}, owner)).data).toEqual(expect.arrayContaining([expect.objectContaining({ item_id: item.item_id, creator: 1 })]));
  });
});
