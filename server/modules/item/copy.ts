import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';

/**
 * Copies a project's catalogs (with their nesting and order) and live pages (with their order) into a
 * new project, inside the caller's transaction. History, members and keys stay with the original.
 */
export async function copyItemContent(trx: Kysely<DB>, fromItemId: number, toItemId: number, now: number): Promise<void> {
  const catalogs = await trx.selectFrom('catalog').selectAll().where('item_id', '=', fromItemId).orderBy('level').orderBy('cat_id').execute();
  const newCatId = new Map<number, number>([[0, 0]]);
  for (const c of catalogs) {
    const parent = newCatId.get(c.parent_cat_id);
    // A catalog whose parent is gone would be unreachable; it is skipped like its pages.
    if (parent === undefined) continue;
    const created = await trx
      .insertInto('catalog')
      .values({ cat_name: c.cat_name, item_id: toItemId, s_number: c.s_number, addtime: now, parent_cat_id: parent, level: c.level })
      .returning('cat_id')
      .executeTakeFirstOrThrow();
    newCatId.set(c.cat_id, created.cat_id);
  }
  const pages = await trx.selectFrom('page').selectAll().where('item_id', '=', fromItemId).where('is_del', '=', 0).where('is_draft', '=', 0).orderBy('page_id').execute();
  for (const p of pages) {
    const catId = newCatId.get(p.cat_id);
    if (catId === undefined) continue;
    await trx
      .insertInto('page')
      .values({
        item_id: toItemId,
        cat_id: catId,
        page_title: p.page_title,
        page_content: p.page_content,
        s_number: p.s_number,
        author_uid: p.author_uid,
        author_username: p.author_username,
        addtime: now,
        page_addtime: now,
        page_comments: p.page_comments,
        ext_info: p.ext_info,
      })
      .execute();
  }
}
