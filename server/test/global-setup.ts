import { spawn } from 'node:child_process';
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
    const base = new URL(pgUrl).pathname.slice(1) || 'folio';
    await dropDeadRuns(pgUrl, base);
    const name = `${base}_tpl_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    await adminQuery(pgUrl, `create database "${name}"`);
    const database = openDatabase(databaseUrl(pgUrl, name));
    try {
      await migrateToLatest(database);
    } finally {
      // A template must have no open connection while it is copied.
      await database.close();
    }
    template = { kind: 'postgres', url: pgUrl, name };
    // Every test app's copy carries the template's name as a prefix; none is dropped during the run
    // (test-database.ts). They go with the template, in a process of their own (drop-test-databases.ts).
    teardown = async () => startDropping(pgUrl, name);
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

/** Drops a run's databases in a detached process that outlives this one (drop-test-databases.ts). */
function startDropping(pgUrl: string, template: string): void {
  const script = path.join(import.meta.dirname, 'drop-test-databases.ts');
  spawn(process.execPath, ['--import', 'tsx', script, pgUrl, template], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * Templates (and their copies) of runs whose process is gone and whose databases were not dropped: a run
 * killed before its end, or a dropper cut short. Their names carry the run's process id.
 */
async function dropDeadRuns(pgUrl: string, base: string): Promise<void> {
  const { rows } = await adminQuery<{ datname: string }>(pgUrl, 'select datname from pg_database where datname ~ $1', [`^${base}_tpl_[0-9]+_[0-9a-f]{6}$`]);
  for (const { datname } of rows) {
    const pid = Number(/_tpl_(\d+)_/.exec(datname)?.[1]);
    if (pid !== process.pid && !processAlive(pid)) startDropping(pgUrl, datname);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
