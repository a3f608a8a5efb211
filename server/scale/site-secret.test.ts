import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { loadSiteSecret, storeSiteKey, storedSiteKey } from '../secret.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

describe('the site secret in the database (issue 24)', () => {
  let database: TestDatabase;
  let others: Database[];
  let dataDirs: string[];
  const configIn = (dataDir: string, secret: string | null = null): Config => loadConfig({ NODE_ENV: 'test' }, { dataDir, databaseUrl: database.url, secret });
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-scale-secret-'));
    dataDirs.push(dir);
    return dir;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    others = [];
    dataDirs = [];
  });
  afterEach(async () => {
    for (const other of others) await other.close();
    await database.cleanup();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('two servers starting at once, each with its own empty DATA_DIR, end up with the same key', async () => {
    const handles = Array.from({ length: 4 }, () => {
      const other = openDatabase(database.url);
      others.push(other);
      return other;
    });
    const keys = await Promise.all(handles.map((h) => loadSiteSecret(configIn(freshDir()), h.db)));
    expect(keys[0]?.length).toBe(32);
    for (const key of keys) expect(key.equals(keys[0] as Buffer)).toBe(true);
    expect((await storedSiteKey(database.db))?.equals(keys[0] as Buffer)).toBe(true);
    // Nothing is written to the machine's disk any more.
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'secret.key'))).toBe(false);
  });

  it('a later start reads the stored key back', async () => {
    const first = await loadSiteSecret(configIn(freshDir()), database.db);
    const again = await loadSiteSecret(configIn(freshDir()), database.db);
    expect(again.equals(first)).toBe(true);
  });

  it('an existing DATA_DIR/secret.key is adopted on the first start, so what it sealed still opens', async () => {
    const dir = freshDir();
    const old = crypto.randomBytes(32);
    fs.writeFileSync(path.join(dir, 'secret.key'), old.toString('hex'));
    expect((await loadSiteSecret(configIn(dir), database.db)).equals(old)).toBe(true);
    // A second server without the file gets the adopted key from the database.
    expect((await loadSiteSecret(configIn(freshDir()), database.db)).equals(old)).toBe(true);
  });

  it('FOLIO_SECRET wins, and stores nothing', async () => {
    const given = 'x'.repeat(40);
    const key = await loadSiteSecret(configIn(freshDir(), given), database.db);
    expect(key.equals(crypto.createHash('sha256').update(given).digest())).toBe(true);
    expect(await storedSiteKey(database.db)).toBeNull();
  });

  it('a restore can replace the stored key; a racing start cannot', async () => {
    const first = crypto.randomBytes(32);
    const second = crypto.randomBytes(32);
    await storeSiteKey(database.db, first, 'keep');
    await storeSiteKey(database.db, second, 'keep');
    expect((await storedSiteKey(database.db))?.equals(first)).toBe(true);
    await storeSiteKey(database.db, second, 'replace');
    expect((await storedSiteKey(database.db))?.equals(second)).toBe(true);
  });
});
