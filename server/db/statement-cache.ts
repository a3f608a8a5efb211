import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type SQLite from 'better-sqlite3';

/** Enough for every distinct query Folio makes (a few hundred) with room for IN lists of varying length. */
const DEFAULT_CAPACITY = 2000;

/**
 * better-sqlite3 under Kysely prepares every query anew: about a sixth of a page read's CPU went to
 * `prepare`. Statements are kept by their SQL text, least recently used first out. A statement still
 * being iterated (a streamed query) is never handed out twice; that caller gets a fresh one.
 */
export function withStatementCache(database: SQLite.Database, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Re-inserted so the map's order stays least recently used first.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (cached) return statement;
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}
