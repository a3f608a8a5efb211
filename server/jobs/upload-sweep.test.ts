import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/database.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { localBlobStore, newBlobKey } from '../storage/blob-store.js';
import { folioJobs } from './scheduler.js';
import { SWEEP_MIN_AGE_SECONDS, sweepUploads } from './upload-sweep.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const uploads = (app: TestApp) => path.join(app.config.dataDir, 'uploads');
const exists = (file: string) => fs.stat(file).then(() => true, () => false);

/** Sets a file's last write to `secondsAgo` before the test clock's now (the sweep's "now"). */
async function age(app: TestApp, file: string, secondsAgo: number): Promise<void> {
  const when = app.clock.now() - secondsAgo;
  await fs.utimes(file, when, when);
}

/** A stored blob, recorded in `upload_file` when `named`. */
async function blob(app: TestApp, options: { named: boolean; secondsAgo: number }): Promise<{ key: string; file: string }> {
  const key = newBlobKey();
  await app.app.services.storage.put(key, Buffer.from(`bytes of ${key}`));
  if (options.named) await app.database.db.insertInto('upload_file').values({ sign: key.replace('/', ''), display_name: 'a.txt', storage_key: key }).execute();
  const file = path.join(uploads(app), key);
  await age(app, file, options.secondsAgo);
  return { key, file };
}

/** A temp file as a put() killed between write and rename leaves it. */
async function tempFile(app: TestApp, secondsAgo: number): Promise<string> {
  const key = newBlobKey();
  const file = path.join(uploads(app), `${key}.${process.pid}.tmp`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, 'half an upload');
  await age(app, file, secondsAgo);
  return file;
}

const OLD = SWEEP_MIN_AGE_SECONDS + 60;
const YOUNG = SWEEP_MIN_AGE_SECONDS - 60;
const sweep = (app: TestApp) => sweepUploads(app.database.db, app.app.services.storage, app.clock.now());

describe('sweepUploads', () => {
  it('removes orphan blobs and temp files older than an hour; keeps young ones and every blob a row names', async () => {
    const named = await blob(t, { named: true, secondsAgo: 30 * 24 * 3600 });
    const orphan = await blob(t, { named: false, secondsAgo: OLD });
    const youngOrphan = await blob(t, { named: false, secondsAgo: YOUNG });
    const staleTemp = await tempFile(t, OLD);
    const youngTemp = await tempFile(t, YOUNG);
    const foreign = path.join(uploads(t), named.key.slice(0, 2), 'README');
    await fs.writeFile(foreign, 'an operator’s note');
    await age(t, foreign, OLD);

    expect(await sweep(t)).toEqual({ blobs: 1, temps: 1 });
    expect(await exists(orphan.file)).toBe(false);
    expect(await exists(staleTemp)).toBe(false);
    expect(await exists(named.file)).toBe(true);
    expect(await exists(youngOrphan.file)).toBe(true);
    expect(await exists(youngTemp)).toBe(true);
    expect(await exists(foreign)).toBe(true);
    // The named file is still served whole.
    expect((await t.app.services.storage.get(named.key))?.toString()).toBe(`bytes of ${named.key}`);

    // An hour later the young orphan goes too; the young temp file as well.
    t.clock.advance(120);
    expect(await sweep(t)).toEqual({ blobs: 1, temps: 1 });
    expect(await exists(youngOrphan.file)).toBe(false);
    expect(await exists(named.file)).toBe(true);
  });

  it('works through more blobs than one lookup batch', async () => {
    const app = t;
    // Written straight to the folder and recorded in bulk: put() flushes every file, too slow for hundreds.
    const keys = Array.from({ length: 600 }, () => newBlobKey());
    const files = keys.map((key) => path.join(uploads(app), key));
    for (const file of files) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, 'x');
      await age(t, file, OLD);
    }
    const named = new Set(keys.filter((_, i) => i % 10 === 0));
    const rows = [...named].map((key) => ({ sign: key.replace('/', ''), display_name: 'a.txt', storage_key: key }));
    for (let i = 0; i < rows.length; i += 50) await t.database.db.insertInto('upload_file').values(rows.slice(i, i + 50)).execute();

    expect(await sweep(t)).toEqual({ blobs: keys.length - named.size, temps: 0 });
    for (const [i, key] of keys.entries()) expect(await exists(files[i]!)).toBe(named.has(key));
    expect(await sweep(t)).toEqual({ blobs: 0, temps: 0 });
  });

  it('runs soon after start and then daily, with the app’s store and clock', async () => {
    const job = folioJobs(t.app.services).find((j) => j.name === 'upload-sweep');
    expect(job).toMatchObject({ every: 24 * 3600 });
    expect(job?.firstAfter).toBeLessThanOrEqual(60);
    const orphan = await blob(t, { named: false, secondsAgo: OLD });
    await blob(t, { named: true, secondsAgo: OLD });
    await job?.run();
    expect(await exists(orphan.file)).toBe(false);
  });
});

describe('sweepUploads on a site whose database names no blob', () => {
  it('removes stale temp files but keeps every blob (a fresh site, or the wrong database for this folder)', async () => {
    const fresh = await startTestApp();
    try {
      expect(await sweep(fresh)).toEqual({ blobs: 0, temps: 0 });
      const orphan = await blob(fresh, { named: false, secondsAgo: OLD });
      const staleTemp = await tempFile(fresh, OLD);
      expect(await sweep(fresh)).toEqual({ blobs: 0, temps: 1 });
      expect(await exists(orphan.file)).toBe(true);
      expect(await exists(staleTemp)).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});

describe('a crash while uploads stream', () => {
  // The child keeps its own SQLite database: what is under test is the file system and the order of the
  // steps, the same on either database, so the PostgreSQL run skips it.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('leaves no row without its whole file, and the sweep removes the rest', { timeout: 60_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'folio-crash-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./upload-sweep.crash-child.ts', import.meta.url)), dataDir], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const acknowledged: string[] = [];
      for await (const line of readline.createInterface({ input: child.stdout })) {
        if (line.startsWith('ack ')) acknowledged.push(line.slice(4));
        // Killed mid-stream: four uploads are somewhere between their first byte and their row.
        if (acknowledged.length === 40) child.kill('SIGKILL');
      }
      expect(await exited).toBeNull();
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);

      const database = openDatabase(`sqlite:${path.join(dataDir, 'folio.db')}`);
      try {
        const store = localBlobStore(path.join(dataDir, 'uploads'));
        const rows = await database.db.selectFrom('upload_file').select(['sign', 'file_size', 'storage_key']).execute();
        expect(rows.map((r) => r.storage_key)).toEqual(expect.arrayContaining(acknowledged));
        for (const row of rows) {
          const data = await store.get(row.storage_key);
          expect(data?.length).toBe(row.file_size);
          expect(crypto.createHash('sha256').update(data ?? '').digest('hex')).toBe(row.sign);
        }

        // Two hours on, everything no row names is gone and nothing a row names is.
        const later = Math.floor(Date.now() / 1000) + 2 * 3600;
        await sweepUploads(database.db, store, later);
        const named = new Set(rows.map((r) => r.storage_key));
        const left: string[] = [];
        for await (const entry of store.scan()) left.push(entry.kind === 'blob' ? entry.key : entry.name);
        expect(left.sort()).toEqual([...named].sort());
      } finally {
        await database.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
