import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

export interface TestDatabase extends Database {
  /** What to give buildApp as the database URL (SQLite file or PostgreSQL server). */
  url: string;
  pgSchema?: string;
  /** Closes the connection and removes the file or schema. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database: an SQLite file in the temp folder, or — when TEST_DATABASE_URL is set —
 * a new schema on that PostgreSQL server, so parallel test files never see each other's rows.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const suffix = crypto.randomBytes(6).toString('hex');
  let database: TestDatabase;
  if (pgUrl) {
    const pgSchema = `t_${suffix}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    // Extensions are database-wide: made once in `public`, never inside a test's own schema.
    await admin.query('create extension if not exists pg_trgm with schema public').catch(() => undefined);
    await admin.query(`create schema ${pgSchema}`);
    await admin.end();
    const opened = openDatabase(pgUrl, { pgSchema: `${pgSchema},public` });
    database = {
      ...opened,
      url: pgUrl,
      pgSchema,
      async cleanup() {
        await opened.close();
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop schema if exists ${pgSchema} cascade`);
        await c.end();
      },
    };
  } else {
    const file = path.join(os.tmpdir(), `folio-test-${suffix}.db`);
    const opened = openDatabase(`sqlite:${file}`);
    database = {
      ...opened,
      url: `sqlite:${file}`,
      async cleanup() {
        await opened.close();
        for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
      },
    };
  }
  if (options.migrate !== false) await migrateToLatest(database);
  return database;
}
