import fs from 'node:fs';
import SQLite from 'better-sqlite3';

/**
 * A consistent copy of a live SQLite database. `VACUUM INTO` runs as one read transaction, so the copy
 * is the database as of one commit, while the server keeps writing (WAL lets writers go on beside a
 * reader). SQLite's online backup API (`db.backup()`) restarts whenever another connection writes, so
 * under a steady stream of saves it might never finish; `VACUUM INTO` cannot be starved that way.
 * Copying the `.db` file itself would miss what is still in the `-wal` file (security.md §5.1).
 */
export function snapshotSqlite(sourceFile: string, copyFile: string): void {
  if (!fs.existsSync(sourceFile)) throw new Error(`No database at ${sourceFile}`);
  // Opened read-write, as the server opens it: a read-only connection cannot create the WAL index.
  const source = new SQLite(sourceFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.prepare('VACUUM INTO ?').run(copyFile);
  } finally {
    source.close();
  }
  checkIntegrity(copyFile);
}

/** `PRAGMA integrity_check` on a copy: a backup that would not open is worse than none. */
export function checkIntegrity(file: string): void {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result: unknown = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The database copy failed its integrity check: ${String(result)}`);
  } finally {
    copy.close();
  }
}
