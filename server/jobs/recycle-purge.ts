import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';

/** Deleted pages stay restorable this long (seed 000 §4: "cleaned after more than 30 days"). */
export const RECYCLE_RETENTION_SECONDS = 30 * 24 * 3600;
const BATCH = 500;

/**
 * Removes for good the pages that have been in a recycle bin longer than RECYCLE_RETENTION_SECONDS,
 * with their recycle rows and history (share links, locks, attachment bindings and comments follow
 * their page through the foreign keys). Works in small transactions so a large backlog never holds the
 * database for long. A page restored meanwhile is left alone: the delete re-checks `is_del`.
 *
 * ShowDoc purged by the page's last save time, so a page edited long ago and deleted today vanished at
 * the next run; Folio counts from the deletion. Soft-deleted pages without a recycle row (imported
 * from ShowDoc) have no deletion time and are kept.
 */
export async function purgeRecycleBin(db: Kysely<DB>, now: number): Promise<{ pages: number }> {
  const cutoff = now - RECYCLE_RETENTION_SECONDS;
  let pages = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('recycle')
      .leftJoin('page', 'page.page_id', 'recycle.page_id')
      .select(['recycle.id', 'recycle.page_id', 'page.is_del'])
      .where('recycle.del_time', '<', cutoff)
      .where('recycle.id', '>', afterId)
      .orderBy('recycle.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]?.id ?? afterId;
    const deletedPageIds = rows.filter((row) => row.is_del === 1).map((row) => row.page_id);
    pages += await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recycle').where('id', 'in', rows.map((row) => row.id)).execute();
      if (deletedPageIds.length === 0) return 0;
      await trx.deleteFrom('page_history').where('page_id', 'in', deletedPageIds).where((eb) => eb.exists(eb.selectFrom('page').select('page_id').whereRef('page.page_id', '=', 'page_history.page_id').where('page.is_del', '=', 1))).execute();
      const result = await trx.deleteFrom('page').where('page_id', 'in', deletedPageIds).where('is_del', '=', 1).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
    if (rows.length < BATCH) break;
  }
  return { pages };
}
