import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Manifest } from './archive-format.js';
import { appliedMigrations, dataTables, type DataTable } from './table-catalog.js';

/** What one database snapshot holds, read from inside that snapshot. */
export interface SnapshotContents {
  dialect: Dialect;
  migrations: string[];
  tables: Manifest['tables'];
  /** Every attachment a row names: these files go into the archive with it. */
  storageKeys: string[];
}

export async function describeSnapshot(db: Kysely<unknown>, dialect: Dialect, rowsOf?: (table: DataTable) => Promise<number>): Promise<SnapshotContents> {
  const migrations = await appliedMigrations(db);
  const tables: Manifest['tables'] = [];
  for (const table of await dataTables(db, dialect)) {
    const rows = rowsOf ? await rowsOf(table) : await countRows(db, table.name);
    tables.push({ name: table.name, columns: table.columns, rows });
  }
  const keys = await sql<{ storage_key: string }>`select storage_key from upload_file where storage_key <> '' order by storage_key`.execute(db);
  return { dialect, migrations, tables, storageKeys: [...new Set(keys.rows.map((r) => r.storage_key))] };
}

async function countRows(db: Kysely<unknown>, table: string): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
