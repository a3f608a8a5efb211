import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { isPostgresUrl, openDatabase } from '../db/database.js';
import { FOLIO_VERSION } from '../version.js';
import type { BlobStore } from '../storage/blob-store.js';
import { siteStorage } from '../storage/site-store.js';
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  SECRET_ENTRY,
  SQLITE_ENTRY,
  STORAGE_KEY,
  tableEntry,
  type Manifest,
} from './archive-format.js';
import { exportPostgres } from './postgres-export.js';
import { describeSnapshot, type SnapshotContents } from './snapshot.js';
import { snapshotSqlite } from './sqlite-snapshot.js';
import { writeArchive, type ArchiveEntry } from './write-archive.js';

export interface BackupIo {
  err(line: string): void;
}

/**
 * One file holding the site: a snapshot of the database, then the attachments its rows name. Blobs are
 * written once under random keys and their row is committed only after the file is in place, so every
 * key the snapshot names has its file when we come to copy it — unless the attachment was deleted after
 * the snapshot (row first, file later); such keys are listed in the manifest as missing.
 */
export async function runBackup(config: Config, target: string, io: BackupIo, storage?: BlobStore): Promise<Manifest> {
  if (fs.existsSync(target)) throw new BackupRefused(`${target} already exists; give a new file name (a backup is never overwritten).`);
  if (storage) return backUp(config, target, io, storage);
  // The site's own store: FOLIO_STORAGE, else the admin console's bucket (read from the options table), else DATA_DIR/uploads.
  const database = openDatabase(config.databaseUrl);
  try {
    return await backUp(config, target, io, siteStorage(config, database.db));
  } finally {
    await database.close();
  }
}

async function backUp(config: Config, target: string, io: BackupIo, storage: BlobStore): Promise<Manifest> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-backup-'));
  try {
    const createdAt = new Date().toISOString();
    const { contents, databaseEntries } = await snapshotDatabase(config, work);
    const uploads = await collectUploads(storage, contents.storageKeys);
    for (const key of uploads.missing) io.err(`Attachment ${key} was deleted while the backup ran; its row is kept without the file.`);
    const secretFile = path.join(config.dataDir, 'secret.key');
    const secret = config.secret === null && fs.existsSync(secretFile) ? fs.readFileSync(secretFile) : null;
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      folioVersion: FOLIO_VERSION,
      dialect: contents.dialect,
      createdAt,
      migrations: contents.migrations,
      tables: contents.tables,
      uploads: { count: uploads.entries.length, bytes: uploads.bytes, missing: uploads.missing },
      secretKey: secret !== null,
    };
    await writeArchive(target, [
      { name: MANIFEST_ENTRY, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), compress: true },
      ...databaseEntries,
      ...(secret ? [{ name: SECRET_ENTRY, data: secret, compress: false }] : []),
      ...uploads.entries,
    ]);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Refused before anything was written: the CLI exits with 3. */
export class BackupRefused extends Error {}

async function snapshotDatabase(config: Config, work: string): Promise<{ contents: SnapshotContents; databaseEntries: ArchiveEntry[] }> {
  if (isPostgresUrl(config.databaseUrl)) {
    const database = openDatabase(config.databaseUrl);
    try {
      const contents = await exportPostgres(database.db as unknown as Kysely<unknown>, work);
      const databaseEntries = contents.tables.map((t) => ({ name: tableEntry(t.name), file: path.join(work, tableEntry(t.name)), compress: true }));
      return { contents, databaseEntries };
    } finally {
      await database.close();
    }
  }
  const copy = path.join(work, SQLITE_ENTRY);
  snapshotSqlite(config.databaseUrl.replace(/^sqlite:/, ''), copy);
  // Counts and attachment keys come from the copy, so they describe exactly what was saved.
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(copy, { readonly: true }) }) });
  try {
    const contents = await describeSnapshot(db, 'sqlite');
    return { contents, databaseEntries: [{ name: SQLITE_ENTRY, file: copy, size: fs.statSync(copy).size, compress: true }] };
  } finally {
    await db.destroy();
  }
}

/**
 * Each named blob is looked up first (its size, or that it is gone), then streamed into the archive when its
 * turn comes, from the local directory or the bucket alike: no attachment is held in memory.
 */
async function collectUploads(storage: BlobStore, keys: string[]): Promise<{ entries: ArchiveEntry[]; bytes: number; missing: string[] }> {
  const entries: ArchiveEntry[] = [];
  const missing: string[] = [];
  let bytes = 0;
  for (const key of keys) {
    if (!STORAGE_KEY.test(key)) throw new Error(`upload_file names a storage key Folio never makes: ${key.slice(0, 80)}`);
    const found = await storage.open(key);
    if (!found) {
      missing.push(key);
      continue;
    }
    found.stream.destroy();
    bytes += found.size;
    const open = async () => {
      const blob = await storage.open(key);
      if (!blob) throw new Error(`Attachment ${key} disappeared while the backup was written; run the backup again.`);
      return blob.stream;
    };
    entries.push({ name: `uploads/${key}`, open, size: found.size, compress: false });
  }
  return { entries, bytes, missing };
}
