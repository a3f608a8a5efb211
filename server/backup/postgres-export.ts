import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { tableEntry, toRowValue, type Row } from './archive-format.js';
import { describeSnapshot, type SnapshotContents } from './snapshot.js';
import type { DataTable } from './table-catalog.js';

const BATCH = 1000;

/**
 * Every table of a PostgreSQL site as JSON lines, all read in one REPEATABLE READ transaction: one
 * snapshot, however long the export takes and whatever the server commits meanwhile. Chosen over
 * `pg_dump` because it needs no client binary of a matching version, works inside whatever schema
 * the site's `search_path` names, and gives rows that restore into SQLite as well as PostgreSQL.
 * Files are written under `folder` as the archive will name them.
 */
export async function exportPostgres(db: Kysely<unknown>, folder: string): Promise<SnapshotContents> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => describeSnapshot(trx, 'postgres', (table) => exportTable(trx, table, folder)));
}

/** Pages through the table by physical row id, stable inside the snapshot; returns the row count. */
async function exportTable(db: Kysely<unknown>, table: DataTable, folder: string): Promise<number> {
  const file = path.join(folder, tableEntry(table.name));
  await fs.mkdir(path.dirname(file), { recursive: true });
  const out = await fs.open(file, 'w', 0o600);
  let count = 0;
  let after = '(0,0)';
  try {
    for (;;) {
      const page = await sql<Record<string, unknown> & { folio_backup_ctid: string }>`
        select ctid::text as folio_backup_ctid, * from ${sql.table(table.name)}
        where ctid > ${after}::tid order by ctid limit ${BATCH}`.execute(db);
      if (page.rows.length === 0) break;
      const lines = page.rows.map((record) => {
        const row: Row = {};
        for (const column of table.columns) row[column] = toRowValue(table.name, column, record[column]);
        return `${JSON.stringify(row)}\n`;
      });
      await out.write(lines.join(''));
      count += page.rows.length;
      after = page.rows[page.rows.length - 1]!.folio_backup_ctid;
      if (page.rows.length < BATCH) break;
    }
    await out.sync();
  } finally {
    await out.close();
  }
  return count;
}
