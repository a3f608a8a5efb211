import Database from 'better-sqlite3';

/** The dummy table every ShowDoc SQLite file carries so a web server that serves it as PHP dies early. */
export const SHOWDOC_MARKER_TABLE = '<?php ';

export class NotShowDocError extends Error {}

/**
 * Opens ShowDoc's `showdoc.db.php` read-only (the file is never written) and checks it is one: a plain
 * SQLite file with the `<?php ` table and ShowDoc's core tables.
 */
export function openShowDocSource(file: string): Database.Database {
  let source: Database.Database;
  try {
    source = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new NotShowDocError(`Cannot open ${file} as an SQLite database: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    const tables = sourceTables(source);
    const missing = [SHOWDOC_MARKER_TABLE, 'user', 'item', 'page', 'catalog'].filter((t) => !tables.includes(t));
    if (missing.length) {
      throw new NotShowDocError(
        `${file} is not a ShowDoc database (missing table${missing.length > 1 ? 's' : ''} ${missing.map((t) => JSON.stringify(t)).join(', ')}). ` +
          'Give the path of ShowDoc\'s Sqlite/showdoc.db.php.',
      );
    }
  } catch (err) {
    source.close();
    if (err instanceof NotShowDocError) throw err;
    throw new NotShowDocError(`${file} is not a readable SQLite database: ${err instanceof Error ? err.message : String(err)}`);
  }
  return source;
}

export function sourceTables(source: Database.Database): string[] {
  return source
    .prepare("select name from sqlite_master where type = 'table' order by name")
    .pluck()
    .all()
    .map(String);
}

export function hasTable(source: Database.Database, table: string): boolean {
  return source.prepare("select 1 from sqlite_master where type = 'table' and name = ?").pluck().get(table) !== undefined;
}

export function columnsOf(source: Database.Database, table: string): Set<string> {
  const rows = source.prepare(`pragma table_info(${quoteIdent(table)})`).all() as { name: string }[];
  return new Set(rows.map((r) => r.name));
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A row of a ShowDoc table, columns read loosely: ShowDoc's schema varies across versions. */
export type SourceRow = Record<string, unknown>;

/**
 * Streams a table in primary-key order (never the whole table in memory). A table that this ShowDoc
 * version does not have yields nothing.
 */
export function* rowsOf(source: Database.Database, table: string, orderBy: string): Generator<SourceRow> {
  if (!hasTable(source, table)) return;
  const statement = source.prepare(`select * from ${quoteIdent(table)} order by ${quoteIdent(orderBy)}`);
  // Text that is not valid UTF-8 comes back from the driver with U+FFFD in place of the bad bytes.
  yield* statement.iterate() as IterableIterator<SourceRow>;
}

export function countRows(source: Database.Database, table: string): number {
  if (!hasTable(source, table)) return 0;
  return Number(source.prepare(`select count(*) from ${quoteIdent(table)}`).pluck().get());
}
