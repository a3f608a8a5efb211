import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type SQLite from 'better-sqlite3';

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/** Enough for every distinct query Folio makes (a few hundred) with room for IN lists of varying length. */
const DEFAULT_CAPACITY = 2000;

/**
 * better-sqlite3 under Kysely prepares every query anew: about a sixth of a page read's CPU went to
 * `prepare`. Statements are kept by their SQL text, least recently used first out. A statement still
 * being iterated (a streamed query) is never handed out twice; that caller gets a fresh one.
 */
export function withStatementCache(database: SQLite.Database, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const statements = new Map<string, RowsAsObjects>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      // A schema change (a migration on this connection) can change what `select *` returns: every kept
      // statement and its column names go, and are prepared again as they are asked for.
      if (SCHEMA_CHANGE.test(sql)) statements.clear();
      const cached = statements.get(sql);
      if (cached && !cached.statement.busy) {
        // Re-inserted so the map's order stays least recently used first.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = new RowsAsObjects(database.prepare(sql));
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

/**
 * A statement whose `all` builds its row objects in JavaScript from better-sqlite3's raw arrays: the
 * objects better-sqlite3 builds itself cost about 0.7 µs per column on this project's machines, so 200
 * search hits of 18 columns or a user's 450 projects of 16 took milliseconds (issue 21). Same objects:
 * the columns' names as keys, in order, a later column of the same name winning.
 */
class RowsAsObjects implements SqliteStatement {
  private names: string[] | undefined;

  constructor(readonly statement: SQLite.Statement) {}

  get reader(): boolean {
    return this.statement.reader;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    if (!this.statement.reader) return this.statement.all(parameters);
    let rows: unknown[][];
    try {
      rows = this.statement.raw(true).all(parameters) as unknown[][];
    } finally {
      this.statement.raw(false);
    }
    // Asked once (it costs ~40 µs for 16 columns), and again if another process's schema change gave
    // `select *` other columns (SQLite prepares the statement again by itself).
    let names = (this.names ??= this.columnNames());
    if (rows.length > 0 && rows[0]?.length !== names.length) names = this.names = this.columnNames();
    const objects: Record<string, unknown>[] = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] ?? [];
      const object: Record<string, unknown> = {};
      for (let c = 0; c < names.length; c++) object[names[c] ?? ''] = row[c];
      objects[r] = object;
    }
    return objects;
  }

  private columnNames(): string[] {
    return this.statement.columns().map((column) => column.name);
  }

  run(parameters: ReadonlyArray<unknown>): SQLite.RunResult {
    return this.statement.run(parameters);
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.statement.iterate(parameters);
  }
}
