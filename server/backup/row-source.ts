import readline from 'node:readline';
import SQLite from 'better-sqlite3';
import { tableEntry, toRowValue, type Row } from './archive-format.js';
import type { BackupArchive } from './read-archive.js';

/** The rows of one table of a backup, whichever database made it. */
export interface RowSource {
  rows(table: string, columns: string[]): AsyncIterable<Row>;
  close(): void;
}

/** An SQLite backup's database file, extracted and opened read-only. */
export function sqliteRowSource(file: string): RowSource {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  return {
    async *rows(table, columns) {
      const select = db.prepare(`select * from "${table.replace(/"/g, '""')}"`);
      for (const record of select.iterate() as Iterable<Record<string, unknown>>) {
        const row: Row = {};
        for (const column of columns) row[column] = toRowValue(table, column, record[column]);
        yield row;
      }
    },
    close: () => db.close(),
  };
}

/** A PostgreSQL backup's JSON lines, streamed out of the archive. */
export function jsonRowSource(archive: BackupArchive): RowSource {
  return {
    async *rows(table, columns) {
      const lines = readline.createInterface({ input: await archive.open(tableEntry(table)), crlfDelay: Infinity });
      for await (const line of lines) {
        if (line === '') continue;
        const record = JSON.parse(line) as Record<string, unknown>;
        const row: Row = {};
        for (const column of columns) row[column] = toRowValue(table, column, record[column] ?? null);
        yield row;
      }
    },
    close: () => undefined,
  };
}
