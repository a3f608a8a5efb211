import type { Envelope, TestApp } from './harness.js';
import type { TestUser } from './factories.js';
import { uniqueName } from './item-factories.js';
import { forgetCachedOptions } from '../modules/common/options.js';

/**
 * Pages made and read the way the page tests need them: through page/save as the editor does, and
 * straight from the tables when a test checks what was stored.
 */

export interface SavedPage {
  page_id: number;
  page_title: string;
  /** The markdown as written (stored escaped). */
  content: string;
}

/** page/save as the given user; the envelope as it came back. */
export function savePage(t: TestApp, user: TestUser | undefined, params: Record<string, unknown>): ReturnType<TestApp['call']> {
  return t.call('page/save', params, user ? { token: user.token } : {});
}

/** A new page made through page/save (a catalog's, or at the root); fails the test if refused. */
export async function createPage(t: TestApp, user: TestUser, itemId: number, fields: { cat_id?: number; title?: string; content?: string } = {}): Promise<SavedPage> {
  const page_title = fields.title ?? uniqueName('page');
  const content = fields.content ?? `Body of ${page_title}`;
  const res = await savePage(t, user, { item_id: itemId, page_id: 0, cat_id: fields.cat_id ?? 0, page_title, page_content: content });
  if (res.error_code !== 0) throw new Error(`page/save ${page_title} failed: ${res.error_code} ${res.error_message}`);
  return { page_id: (res.data as { page_id: number }).page_id, page_title, content };
}

/** A new version of an existing page, as the editor sends it; fails the test if refused. */
export async function updatePage(t: TestApp, user: TestUser, page: { page_id: number }, itemId: number, fields: Record<string, unknown> = {}): Promise<Envelope> {
  const current = await pageRow(t, page.page_id);
  const res = await savePage(t, user, { item_id: itemId, page_id: page.page_id, cat_id: current.cat_id, page_title: current.page_title, page_content: 'updated', ...fields });
  if (res.error_code !== 0) throw new Error(`page/save ${page.page_id} failed: ${res.error_code} ${res.error_message}`);
  return res;
}

export async function pageRow(t: TestApp, pageId: number) {
  return t.database.db.selectFrom('page').selectAll().where('page_id', '=', pageId).executeTakeFirstOrThrow();
}

/** The page's history rows, newest first. */
export async function historyRows(t: TestApp, pageId: number) {
  return t.database.db.selectFrom('page_history').selectAll().where('page_id', '=', pageId).orderBy('page_history_id', 'desc').execute();
}

export async function setSiteOption(t: TestApp, name: string, value: string | null): Promise<void> {
  await t.database.db.deleteFrom('options').where('option_name', '=', name).execute();
  if (value !== null) await t.database.db.insertInto('options').values({ option_name: name, option_value: value }).execute();
  // Written behind the app's back: the app's cached copy of the options must go (common/options.ts).
  forgetCachedOptions(t.database.db);
}

/** A live edit lock of `user` on the page, written as setLock would write it. */
export async function lockPage(t: TestApp, pageId: number, user: TestUser, seconds = 1800): Promise<void> {
  await t.database.db
    .insertInto('page_lock')
    .values({ page_id: pageId, lock_uid: user.uid, lock_username: user.username, lock_to: t.clock.now() + seconds, addtime: t.clock.now() })
    .execute();
}
