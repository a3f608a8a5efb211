import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './tables.js';

/**
 * Transactions and row locks, the one place that knows the two databases lock differently. SQLite runs
 * one transaction at a time (one connection, one writer), so every lock here is a no-op on it; PostgreSQL
 * runs them side by side, and these helpers take the row or advisory locks that make them take turns.
 * Modules ask for "this project held", "this row held", never for the dialect.
 */

export type Trx = Transaction<DB>;

/** What the helpers need of a service's context. */
type Handle = Pick<Database, 'db' | 'dialect'>;

/**
 * Runs `work` in one transaction that holds these projects exclusively: two changes to the same project's
 * pages or catalog trees are applied one after the other, so two concurrent moves cannot together build a
 * cycle or a tree deeper than allowed (security.md G4) and two saves cannot both read the same version.
 * The item rows are locked in id order, so two cross-project copies cannot deadlock.
 */
export async function withItemsLocked<T>(database: Handle, itemIds: readonly number[], work: (trx: Trx) => Promise<T>): Promise<T> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  return database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres' && ids.length > 0) {
      await trx.selectFrom('item').select('item_id').where('item_id', 'in', ids).orderBy('item_id').forUpdate().execute();
    }
    // Every caller holds a project to change it, so holding it bumps its version stamp; a rolled-back write
    // rolls the bump back too, and a bump without a visible change only costs one cache miss.
    await bumpItemStamps(trx, ids);
    return work(trx);
  });
}

/**
 * Runs `work` in one transaction that takes turns with every other transaction started under the same
 * `name`, for a rule that spans rows no lock can name ("is there an administrator yet?").
 */
export async function withNamedLock<T>(database: Handle, name: string, work: (trx: Trx) => Promise<T>): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
    return work(trx);
  });
}

/**
 * The rows of `query` held until the transaction ends (`SELECT … FOR UPDATE` on PostgreSQL; SQLite has no
 * such clause and needs none).
 */
export function forUpdate<TB extends keyof DB, O>(database: Pick<Handle, 'dialect'>, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return database.dialect === 'postgres' ? query.forUpdate() : query;
}

/**
 * Bumps the project's "last changed" time, as ShowDoc does for every change to its pages and catalogs,
 * and its version stamp (bumpItemStamps).
 */
export async function touchItem(trx: Trx, itemId: number, now: number): Promise<void> {
  await trx
    .updateTable('item')
    .set({ last_update_time: now, folio_version: sql<number>`folio_version + 1` })
    .where('item_id', '=', itemId)
    .execute();
}

/**
 * Adds one to the version stamp (`item.folio_version`) of these projects, in the writer's transaction.
 * The stamp keys cached `item/info` answers (server/modules/item/info-cache.ts): every server reads it
 * from the database per request, so a write on one server is seen by the caches of all of them.
 */
export async function bumpItemStamps(trx: Kysely<DB>, itemIds: readonly number[]): Promise<void> {
  // One row at a time in id order, the order withItemsLocked takes them in: an UPDATE … IN (…) locks rows
  // in whatever order PostgreSQL visits them, and could deadlock with a locked write of the same projects
  // (a team change touches every project of the team).
  for (const itemId of [...new Set(itemIds)].sort((a, b) => a - b)) {
    await trx
      .updateTable('item')
      .set({ folio_version: sql<number>`folio_version + 1` })
      .where('item_id', '=', itemId)
      .execute();
  }
}
