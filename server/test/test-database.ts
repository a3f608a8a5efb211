import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { adminQuery, databaseUrl, runTemplate } from './template-database.js';

export interface TestDatabase extends Database {
  /** What to give buildApp as the database URL (SQLite file or PostgreSQL database). */
  url: string;
  /** Closes the connection and removes the file or database. */
  cleanup(): Promise<void>;
}

/**
 * A migrated database of its own: an SQLite file in the temp folder, or — when TEST_DATABASE_URL is
 * set — a new database on that PostgreSQL server, so parallel test files never see each other's rows.
 * Under vitest it is a copy of the run's template (global-setup.ts), migrated once; `migrate: false`
 * gives an empty one instead.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const suffix = crypto.randomBytes(6).toString('hex');
  const template = options.migrate === false ? undefined : await runTemplate();
  let database: TestDatabase;
  let copied = false;
  if (pgUrl) {
    // Named after the template when there is one, so the run's teardown finds copies a crash left behind.
    copied = template?.kind === 'postgres';
    const name = template?.kind === 'postgres' ? `${template.name}_${suffix}` : `${new URL(pgUrl).pathname.slice(1) || 'folio'}_t_${suffix}`;
    await adminQuery(pgUrl, template?.kind === 'postgres' ? `create database "${name}" template "${template.name}"` : `create database "${name}"`);
    const url = withoutCommitFlush(databaseUrl(pgUrl, name));
    const opened = openDatabase(url);
    database = {
      ...opened,
      url,
      async cleanup() {
        await opened.close();
        // A copy of the run's template is dropped with the template when the run ends (global-setup.ts):
        // PostgreSQL checkpoints on every DROP DATABASE, which, between busy tests, cost a fifth of the run.
        if (!copied) await adminQuery(pgUrl, `drop database if exists "${name}" with (force)`);
      },
    };
  } else {
    const file = path.join(os.tmpdir(), `folio-test-${suffix}.db`);
    if (template?.kind === 'sqlite') {
      fs.copyFileSync(template.file, file);
      copied = true;
    }
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
  if (options.migrate !== false && !copied) await migrateToLatest(database);
  return database;
}

/**
 * A test database's commits do not wait for the WAL to reach the disk (synchronous_commit=off, set per
 * connection): a crash could lose the last commits of a database the run throws away anyway, and the run
 * waits on the disk less (it is partly bound by it). Visibility and locking are unchanged.
 */
function withoutCommitFlush(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', '-c synchronous_commit=off');
  return u.toString();
}
