import type { Kysely } from 'kysely';
import type { Ctx } from '../../context.js';
import type { DB } from '../../db/tables.js';

export interface PageToRecycle {
  page_id: number;
  page_title: string;
}

/** Rows per statement: well under the parameter limits of both databases. */
const CHUNK = 200;

/**
 * Soft-deletes pages of one project and gives each its recycle-bin row (who deleted it, and when), in
 * the caller's transaction. Every path that deletes pages goes through here, so every deleted page can
 * be restored until the purge job removes it (ShowDoc left pages of deleted catalogs without a row).
 */
export async function moveToRecycleBin(ctx: Ctx, trx: Kysely<DB>, itemId: number, pages: PageToRecycle[]): Promise<void> {
  const now = ctx.clock.now();
  for (let i = 0; i < pages.length; i += CHUNK) {
    const chunk = pages.slice(i, i + CHUNK);
    const ids = chunk.map((p) => p.page_id);
    await trx.updateTable('page').set({ is_del: 1 }).where('item_id', '=', itemId).where('page_id', 'in', ids).execute();
    // One row per page: a stale row from an earlier deletion gives way to this one.
    await trx.deleteFrom('recycle').where('page_id', 'in', ids).execute();
    await trx
      .insertInto('recycle')
      .values(
        chunk.map((p) => ({
          item_id: itemId,
          page_id: p.page_id,
          page_title: p.page_title,
          del_by_uid: ctx.user?.uid ?? 0,
          del_by_username: ctx.user?.username ?? '',
          del_time: now,
        })),
      )
      .execute();
  }
}
