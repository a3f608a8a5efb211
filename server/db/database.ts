import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DB } from './tables.js';
import { withStatementCache } from './statement-cache.js';
import { registerSearchFunctions } from './page-search-terms.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

let pgModule: typeof pg | undefined;

/**
 * The PostgreSQL driver, loaded (synchronously: it is CommonJS) by the first PostgreSQL open, so an SQLite
 * site never holds it (issue 21: idle memory).
 */
function postgresDriver(): typeof pg {
  if (pgModule) return pgModule;
  const driver = createRequire(import.meta.url)('pg') as typeof pg;
  // PostgreSQL sends BIGINT (unix times) and COUNT(*) as strings; ours all fit in a JS number.
  driver.types.setTypeParser(driver.types.builtins.INT8, (v) => Number(v));
  driver.types.setTypeParser(driver.types.builtins.NUMERIC, (v) => Number(v));
  pgModule = driver;
  return driver;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export interface OpenOptions {
  /** PostgreSQL schema to work in (tests give each app its own). */
  pgSchema?: string;
}

export function openDatabase(url: string, options: OpenOptions = {}): Database {
  if (isPostgresUrl(url)) {
    const pool = new (postgresDriver().Pool)({
      connectionString: url,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle connection the server ends (a restart, an administrator, a dropped test database) is
    // reported on the pool; without a listener that 'error' event would crash the process. The pool has
    // already discarded the connection and opens a new one for the next query.
    pool.on('error', () => undefined);
    // A connection cut while checked out between two statements (inside a transaction) reports on the
    // client itself, not on the pool, and would crash the process the same way; the statement that next
    // uses it fails instead, and the pool drops it on release (security.md R14).
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  registerSearchFunctions(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
