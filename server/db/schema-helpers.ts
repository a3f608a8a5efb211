import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './database.js';

/**
 * What differs between SQLite and PostgreSQL when creating tables, so each migration is written once.
 * Unix times are BIGINT on PostgreSQL (SQLite's INTEGER is already 64-bit).
 */
export function schemaFor(dialect: Dialect) {
  return {
    /** An auto-increment integer primary key. */
    id<T extends string, C extends string>(table: CreateTableBuilder<T, C>, name: string): CreateTableBuilder<T, C> {
      return dialect === 'postgres'
        ? table.addColumn(name, 'serial', (c) => c.primaryKey())
        : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
    },
    time: dialect === 'postgres' ? ('bigint' as const) : ('integer' as const),
  };
}
