import type { Kysely, Transaction } from 'kysely';
import type { Ctx } from '../../context.js';
import type { DB } from '../../db/tables.js';

/** ShowDoc's vocabulary for the project activity log (reference §4, `item_change_log`), plus Folio's `recover` (a page restored from the recycle bin). */
export type ChangeAction = 'create' | 'update' | 'delete' | 'export' | 'binding' | 'unbound' | 'drag' | 'recover';
export type ChangeObject = 'page' | 'catalog' | 'item' | 'team' | 'member' | 'tree';

export interface ChangeEntry {
  itemId: number;
  action: ChangeAction;
  object: ChangeObject;
  objectId: number;
  objectName: string;
  remark?: string;
}

/** Rows kept per project; older ones are dropped as new ones arrive. */
export const CHANGE_LOG_KEEP = 300;

/**
 * Writes one activity-log row and trims the project's log to the newest CHANGE_LOG_KEEP rows. Pass the
 * transaction of the change itself so the log never claims a change that rolled back.
 */
export async function recordChange(ctx: Ctx, entry: ChangeEntry, db: Kysely<DB> | Transaction<DB> = ctx.db): Promise<void> {
  await db
    .insertInto('item_change_log')
    .values({
      uid: ctx.user?.uid ?? 0,
      item_id: entry.itemId,
      op_action_type: entry.action,
      op_object_type: entry.object,
      op_object_id: entry.objectId,
      op_object_name: entry.objectName.slice(0, 2000),
      remark: (entry.remark ?? '').slice(0, 2000),
      optime: ctx.clock.now(),
    })
    .execute();
  const cutoff = await db
    .selectFrom('item_change_log')
    .select('id')
    .where('item_id', '=', entry.itemId)
    .orderBy('id', 'desc')
    .offset(CHANGE_LOG_KEEP)
    .limit(1)
    .executeTakeFirst();
  if (cutoff) await db.deleteFrom('item_change_log').where('item_id', '=', entry.itemId).where('id', '<=', cutoff.id).execute();
}
