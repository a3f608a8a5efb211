import type { TestApp } from './harness.js';
import type { TestUser } from './factories.js';

/**
 * Shared steps of the catalog, recycle-bin and change-log tests: calls as a person, and the rows a test
 * checks afterwards.
 */

export type Caller = TestUser | null;

export function as(t: TestApp, user: Caller, path: string, params: Record<string, unknown> = {}, options: { json?: boolean; lang?: string } = {}) {
  return t.call(path, params, {
    ...(user ? { token: user.token } : {}),
    ...(options.json ? { json: true } : {}),
    ...(options.lang ? { headers: { 'accept-language': options.lang } } : {}),
  });
}

/** `catalog/save` that must succeed; answers the new or saved cat_id. */
export async function saveCatalog(t: TestApp, user: TestUser, params: Record<string, unknown>): Promise<number> {
  const res = await as(t, user, 'catalog/save', params);
  if (res.error_code !== 0) throw new Error(`catalog/save failed: ${res.error_code} ${res.error_message}`);
  return res.data as number;
}

export async function catalogRow(t: TestApp, catId: number) {
  return t.database.db.selectFrom('catalog').selectAll().where('cat_id', '=', catId).executeTakeFirst();
}

export async function catalogsOf(t: TestApp, itemId: number) {
  return t.database.db.selectFrom('catalog').selectAll().where('item_id', '=', itemId).orderBy('cat_id').execute();
}

export async function pageRow(t: TestApp, pageId: number) {
  return t.database.db.selectFrom('page').selectAll().where('page_id', '=', pageId).executeTakeFirst();
}

export async function recycleRows(t: TestApp, itemId: number) {
  return t.database.db.selectFrom('recycle').selectAll().where('item_id', '=', itemId).orderBy('id').execute();
}

export async function changeLogRows(t: TestApp, itemId: number) {
  return t.database.db.selectFrom('item_change_log').selectAll().where('item_id', '=', itemId).orderBy('id').execute();
}

/** A page written as a row, with the fields these tests vary. */
export async function insertPage(
  t: TestApp,
  itemId: number,
  fields: { cat_id?: number; title?: string; content?: string; s_number?: number; is_draft?: number; author_uid?: number; is_del?: number },
): Promise<number> {
  const now = t.clock.now();
  const row = await t.database.db
    .insertInto('page')
    .values({
      item_id: itemId,
      cat_id: fields.cat_id ?? 0,
      page_title: fields.title ?? 'page',
      page_content: fields.content ?? '',
      s_number: fields.s_number ?? 99,
      is_draft: fields.is_draft ?? 0,
      author_uid: fields.author_uid ?? 0,
      is_del: fields.is_del ?? 0,
      addtime: now,
      page_addtime: now,
    })
    .returning('page_id')
    .executeTakeFirstOrThrow();
  return row.page_id;
}
