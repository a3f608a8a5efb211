import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { DB } from '../db/tables.js';
import type { BlobStore } from './blob-store.js';
import { localBlobStore } from './blob-store.js';
import { localUploadsDir } from './from-config.js';
import { s3BlobStore } from './s3-store.js';

export const STORAGE_USAGE = `  storage migrate --to s3|local  copy every attachment the database names into the bucket of FOLIO_STORAGE
                                 (--to s3) or into DATA_DIR/uploads (--to local), each checked by size and
                                 SHA-256; safe to rerun, never deletes the source (docs/storage.md)
`;

export interface StorageCliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface MigrateReport {
  copied: number;
  /** Already in the target with the same bytes. */
  alreadyThere: number;
  /** Named by a row but absent from the source. */
  missing: string[];
  /** Copied, but what was read back differed (or the copy failed). */
  failed: string[];
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/**
 * Copies every blob `upload_file` names from one store to the other. A blob already in the target with the
 * same size and SHA-256 is left alone, so a run that stopped half-way is simply run again. Each copy is read
 * back from the target and compared. The source is never changed.
 */
export async function migrateBlobs(db: Kysely<DB>, from: BlobStore, to: BlobStore, io: StorageCliIo): Promise<MigrateReport> {
  const rows = await db.selectFrom('upload_file').select('storage_key').distinct().where('storage_key', '!=', '').orderBy('storage_key').execute();
  const report: MigrateReport = { copied: 0, alreadyThere: 0, missing: [], failed: [] };
  for (const { storage_key: key } of rows) {
    const data = await from.get(key);
    if (!data) {
      report.missing.push(key);
      io.err(`Missing from the source: ${key} (its row is kept; the file was gone before this copy)`);
      continue;
    }
    const digest = sha256(data);
    const existing = await to.get(key);
    if (existing && existing.length === data.length && sha256(existing) === digest) {
      report.alreadyThere++;
      continue;
    }
    try {
      await to.put(key, data);
      const back = await to.get(key);
      if (!back || back.length !== data.length || sha256(back) !== digest) throw new Error('the copy read back differs from the source');
      report.copied++;
    } catch (error) {
      report.failed.push(key);
      io.err(`Could not copy ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return report;
}

/** `folio storage migrate --to s3|local`: the other store is the source. */
export async function runStorageCommand(config: Config, args: string[], io: StorageCliIo): Promise<number> {
  const [sub, flag, target, ...rest] = args;
  const to = flag?.startsWith('--to=') ? flag.slice('--to='.length) : flag === '--to' ? target : undefined;
  const extra = flag?.startsWith('--to=') ? [target, ...rest].filter((a) => a !== undefined) : rest;
  if (sub !== 'migrate' || (to !== 's3' && to !== 'local') || extra.length > 0) {
    io.err('Usage: folio storage migrate --to s3|local');
    return 2;
  }
  if (config.storage.kind !== 's3') {
    io.err('Set FOLIO_STORAGE=s3://bucket/prefix (and FOLIO_S3_* as docs/storage.md lists) to name the bucket to copy to or from.');
    return 2;
  }
  const { kind: _kind, ...bucketOptions } = config.storage;
  const local = localBlobStore(localUploadsDir(config.dataDir));
  const bucket = s3BlobStore(bucketOptions);
  const [from, into] = to === 's3' ? [local, bucket] : [bucket, local];
  const where = `s3://${bucketOptions.bucket}/${bucketOptions.prefix}`;
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    io.out(to === 's3' ? `Copying attachments from ${localUploadsDir(config.dataDir)} to ${where} …` : `Copying attachments from ${where} to ${localUploadsDir(config.dataDir)} …`);
    const report = await migrateBlobs(database.db, from, into, io);
    io.out(`Copied ${report.copied}, already there ${report.alreadyThere}, missing from the source ${report.missing.length}, failed ${report.failed.length}.`);
    if (report.failed.length > 0) {
      io.err('Some copies failed; run the command again (copied files are skipped). Keep FOLIO_STORAGE as it was until it reports none failed.');
      return 1;
    }
    io.out(to === 's3' ? 'Every attachment is in the bucket: start Folio with this FOLIO_STORAGE.' : 'Every attachment is in DATA_DIR/uploads: start Folio without FOLIO_STORAGE (or FOLIO_STORAGE=local).');
    return 0;
  } finally {
    await database.close();
  }
}
