import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database.js';
import type { DB } from './tables.js';

/**
 * After rows were written with explicit ids (a ShowDoc import keeps its ids), moves PostgreSQL's id
 * sequence past the largest one; SQLite's AUTOINCREMENT follows by itself.
 */
export async function syncIdSequence(db: Kysely<DB>, dialect: Dialect, table: string, idColumn: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${idColumn}), coalesce((select max(${sql.ref(idColumn)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
    db,
  );
}
