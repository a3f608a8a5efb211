import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { adminQuery, databaseUrl, type TemplateDatabase } from './template-database.js';

/**
 * Migrates one database per run; every test app starts from a copy of it (test-database.ts) instead of
 * running the migrations again. SQLite: a file in a temp folder. PostgreSQL: a database next to the
 * one TEST_DATABASE_URL names, used as `CREATE DATABASE … TEMPLATE`; its name carries the process id
 * so two runs on one server do not share it.
 */
export default async function setup(project: TestProject) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  let template: TemplateDatabase;
  let teardown: () => Promise<void>;
  if (pgUrl) {
    const name = `${new URL(pgUrl).pathname.slice(1) || 'folio'}_tpl_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    await adminQuery(pgUrl, `create database "${name}"`);
    const database = openDatabase(databaseUrl(pgUrl, name));
    try {
      await migrateToLatest(database);
    } finally {
      // A template must have no open connection while it is copied.
      await database.close();
    }
    template = { kind: 'postgres', url: pgUrl, name };
    teardown = async () => {
      // Every test app's copy carries the template's name as a prefix: they are dropped here, not one by one
      // during the run (test-database.ts), and so are the ones a crashed test file left behind.
      const { rows } = await adminQuery<{ datname: string }>(pgUrl, `select datname from pg_database where datname like '${name}%'`);
      // Several at once: each DROP waits for a checkpoint, and drops that wait together share one.
      const copies = rows.map((r) => r.datname).filter((d) => d !== name);
      const dropNext = async (): Promise<void> => {
        for (let copy = copies.pop(); copy; copy = copies.pop()) await adminQuery(pgUrl, `drop database if exists "${copy}" with (force)`);
      };
      await Promise.all(Array.from({ length: 8 }, dropNext));
      await adminQuery(pgUrl, `drop database if exists "${name}" with (force)`);
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-template-'));
    const file = path.join(dir, 'template.db');
    const database = openDatabase(`sqlite:${file}`);
    try {
      await migrateToLatest(database);
    } finally {
      // Closing the last connection checkpoints the WAL into the file, so the file alone is the database.
      await database.close();
    }
    template = { kind: 'sqlite', file };
    teardown = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  project.provide('folioTemplate', template);
  return teardown;
}
