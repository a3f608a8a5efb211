import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { runBackup } from '../backup/backup.js';
import { runRestore } from '../backup/restore.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { createTestDatabase } from '../test/test-database.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { createItem } from '../test/item-factories.js';
import { createPage } from '../test/page-factories.js';
import { PNG, signOf, uploadTo } from '../test/upload-helpers.js';
import { localBlobStore, newBlobKey, type BlobStore } from './blob-store.js';
import { localUploadsDir } from './from-config.js';
import { migrateBlobs, runStorageCommand } from './migrate-cli.js';
import { s3BlobStore } from './s3-store.js';
import { startTestS3Server, type TestS3Server } from './s3-test-server.js';

const quiet = { out: () => undefined, err: () => undefined };

let s3: TestS3Server;
let t: TestApp;
let owner: TestUser;
let local: BlobStore;
const uploaded: { key: string; sign: string; data: Buffer }[] = [];

/** Folio's answer for an attachment link, as bytes. */
async function download(app: TestApp, sign: string): Promise<Buffer | number> {
  const res = await app.app.inject({ method: 'GET', url: `/api/attachment/visitFile?sign=${sign}` });
  return res.statusCode === 200 ? Buffer.from(res.rawPayload) : res.statusCode;
}

beforeAll(async () => {
  s3 = await startTestS3Server('folio-move');
  t = await startTestApp();
  local = localBlobStore(localUploadsDir(t.config.dataDir));
  owner = await registerUser(t);
  const item = await createItem(t, owner);
  const page = await createPage(t, owner, item.item_id);
  for (let i = 0; i < 3; i++) {
    const data = Buffer.concat([PNG, crypto.randomBytes(1000 + i * 500)]);
    const res = await uploadTo(t, 'page/uploadImg', { item_id: item.item_id, page_id: page.page_id }, { field: 'editormd-image-file', filename: `s${i}.png`, data }, owner.token);
    const sign = signOf(res.body.url);
    const row = await t.database.db.selectFrom('upload_file').select('storage_key').where('sign', '=', sign).executeTakeFirstOrThrow();
    uploaded.push({ key: row.storage_key, sign, data });
  }
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('folio storage migrate', () => {
  it('copies every named blob to the bucket, checks it, skips it on a rerun, and keeps the source', async () => {
    const bucket = s3BlobStore(s3.options('migrate/'));
    const first = await migrateBlobs(t.database.db, local, bucket, quiet);
    expect(first).toEqual({ copied: 3, alreadyThere: 0, missing: [], failed: [] });
    for (const { key, data } of uploaded) {
      expect((await bucket.get(key))?.equals(data)).toBe(true);
      expect((await local.get(key))?.equals(data)).toBe(true);
    }
    // Idempotent: a second run copies nothing; an object that differs is copied again.
    const [changed] = uploaded;
    await bucket.put(changed!.key, Buffer.from('damaged'));
    expect(await migrateBlobs(t.database.db, local, bucket, quiet)).toEqual({ copied: 1, alreadyThere: 2, missing: [], failed: [] });
    expect((await bucket.get(changed!.key))?.equals(changed!.data)).toBe(true);

    // The site now serves every link from the bucket.
    const before = t.app.services.storage;
    t.app.services.storage = bucket;
    try {
      for (const { sign, data } of uploaded) expect(await download(t, sign)).toEqual(data);
    } finally {
      t.app.services.storage = before;
    }
  });

  it('reports a blob missing from the source and one whose copy cannot be written', async () => {
    const key = newBlobKey();
    const row = await t.database.db
      .insertInto('upload_file')
      .values({ sign: crypto.randomBytes(32).toString('hex'), display_name: 'gone.png', file_type: 'image/png', file_size: 1, uid: owner.uid, item_id: 0, page_id: 0, addtime: 1, last_update_time: 1, storage_key: key })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    try {
      const lines: string[] = [];
      const target = s3BlobStore(s3.options('missing/'));
      const report = await migrateBlobs(t.database.db, local, target, { out: () => undefined, err: (line) => lines.push(line) });
      expect(report).toMatchObject({ copied: 3, missing: [key], failed: [] });
      expect(lines.join('\n')).toContain(key);
      const refusing: BlobStore = { ...s3BlobStore(s3.options('refusing/')), put: () => Promise.reject(new Error('bucket full')) };
      const failing = await migrateBlobs(t.database.db, local, refusing, quiet);
      expect(failing).toMatchObject({ copied: 0, alreadyThere: 0, missing: [key] });
      expect([...failing.failed].sort()).toEqual(uploaded.map((u) => u.key).sort());
    } finally {
      await t.database.db.deleteFrom('upload_file').where('file_id', '=', row.file_id).execute();
    }
  });

  it('copies back from the bucket to the local directory with the command', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-move-'));
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const env = { NODE_ENV: 'production', LOG_LEVEL: 'silent', FOLIO_STORAGE: `s3://${s3.bucket}/migrate`, FOLIO_S3_ENDPOINT: s3.endpoint, FOLIO_S3_ACCESS_KEY_ID: 'S3RVER', FOLIO_S3_SECRET_ACCESS_KEY: 'S3RVER' };
    const config = loadConfig(env, { databaseUrl: t.config.databaseUrl, dataDir });
    try {
      expect(await runStorageCommand(config, ['migrate', '--to', 'local'], io)).toBe(0);
      expect(lines.join('\n')).toContain('Copied 3, already there 0, missing from the source 0, failed 0.');
      const back = localBlobStore(localUploadsDir(dataDir));
      for (const { key, data } of uploaded) expect((await back.get(key))?.equals(data)).toBe(true);
      lines.length = 0;
      expect(await runStorageCommand(config, ['migrate', '--to=local'], io)).toBe(0);
      expect(lines.join('\n')).toContain('Copied 0, already there 3');

      expect(await runStorageCommand(config, ['migrate'], quiet)).toBe(2);
      expect(await runStorageCommand(config, ['migrate', '--to', 'ftp'], quiet)).toBe(2);
      expect(await runStorageCommand(config, ['copy', '--to', 's3'], quiet)).toBe(2);
      const localOnly = loadConfig({ NODE_ENV: 'production' }, { databaseUrl: t.config.databaseUrl, dataDir });
      lines.length = 0;
      expect(await runStorageCommand(localOnly, ['migrate', '--to', 's3'], io)).toBe(2);
      expect(lines.join('\n')).toContain('FOLIO_STORAGE=s3://');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('backup and restore of a site whose attachments live in a bucket', () => {
  it('backs up the bucket’s attachments and restores them into another bucket prefix', async () => {
    const source = s3BlobStore(s3.options('migrate/'));
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-s3-backup-'));
    const file = path.join(scratch, 'site.zip');
    const target = await createTestDatabase();
    try {
      const manifest = await runBackup(t.config, file, quiet, source);
      expect(manifest.uploads).toEqual({ count: 3, bytes: uploaded.reduce((n, u) => n + u.data.length, 0), missing: [] });
      const restoredInto = s3BlobStore(s3.options('restored/'));
      const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }, { databaseUrl: target.url, dataDir: scratch, webDir: null, secret: t.config.secret });
      await runRestore(config, file, quiet, restoredInto);
      for (const { key, data } of uploaded) expect((await restoredInto.get(key))?.equals(data)).toBe(true);
      // Nothing went to the local directory of the restored site.
      expect(fs.existsSync(localUploadsDir(scratch))).toBe(false);
    } finally {
      await target.cleanup();
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
