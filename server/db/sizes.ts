import { sql, type Kysely } from 'kysely';
import type { Dialect } from './database.js';
import type { DB } from './tables.js';

/** The database's size on disk: SQLite's pages in use, or PostgreSQL's `pg_database_size`. */
export async function databaseBytes(db: Kysely<DB>, dialect: Dialect): Promise<number> {
  const query =
    dialect === 'postgres'
      ? sql<{ n: number }>`select pg_database_size(current_database()) as n`
      : sql<{ n: number }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`;
  const result = await query.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
