import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBackup } from '../backup/backup.js';
import { runRestore } from '../backup/restore.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { loadSiteSecret, storedSiteKey } from '../secret.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

describe('the site secret kept in the database, through backup and restore (issue 24)', () => {
  let work: string;
  let source: TestDatabase;
  let target: TestDatabase;
  const configOf = (database: TestDatabase, name: string): Config =>
    loadConfig({ NODE_ENV: 'test' }, { dataDir: path.join(work, name), databaseUrl: database.url, secret: null, webDir: null });

  beforeEach(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-scale-backup-'));
    source = await createTestDatabase();
    target = await createTestDatabase({ migrate: false });
  });
  afterEach(async () => {
    await source.cleanup();
    await target.cleanup();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("travels with the database: the restored site has the backed-up site's key, even where a server started first", async () => {
    const key = await loadSiteSecret(configOf(source, 'source'), source.db);
    const file = path.join(work, 'site.folio-backup');
    await runBackup(configOf(source, 'source'), file, { err: () => undefined });
    await source.close();
    // A server started on the empty target before the restore made a key of its own.
    const targetConfig = configOf(target, 'target');
    await migrateToLatest(target);
    const own = await loadSiteSecret(targetConfig, target.db);
    expect(own.equals(key)).toBe(false);
    await target.close();

    const complaints: string[] = [];
    await runRestore(targetConfig, file, { out: () => undefined, err: (line) => complaints.push(line) });
    expect(complaints.filter((line) => /FOLIO_SECRET|secret/i.test(line))).toEqual([]);
    const reopened = openDatabase(target.url);
    try {
      expect((await storedSiteKey(reopened.db))?.equals(key)).toBe(true);
      expect((await loadSiteSecret(targetConfig, reopened.db)).equals(key)).toBe(true);
    } finally {
      await reopened.close();
    }
  });
});
