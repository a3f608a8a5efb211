import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/tables.js';
import { storedSiteKey } from '../secret.js';
import { isBookkeepingTable } from '../db/bookkeeping-tables.js';
import { openDatabase, type Dialect } from '../db/database.js';
import { migrateTo, migrateToLatest } from '../db/migrate.js';
import { SECRET_ENTRY, SQLITE_ENTRY, UPLOADS_FOLDER, type Manifest, type Row } from './archive-format.js';
import { openBackupArchive, type BackupArchive } from './read-archive.js';
import { jsonRowSource, sqliteRowSource, type RowSource } from './row-source.js';
import { appliedMigrations, dataTables, type DataTable } from './table-catalog.js';
import { writeDurably } from './write-durably.js';
import type { BlobStore } from '../storage/blob-store.js';
import { storageFromConfig } from '../storage/from-config.js';

export interface RestoreIo {
  out(line: string): void;
  err(line: string): void;
}

/** The target is not empty, or the backup is newer than this Folio: nothing was changed. CLI exit code 3. */
export class RestoreRefused extends Error {}

/** Tables whose rows mean someone already uses the site. */
const CONTENT_TABLES = ['user', 'item', 'page', 'upload_file'];

/** Bound parameters per INSERT, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMETERS_PER_INSERT = 10_000;

/**
 * Restores a backup into an empty site: attachments first (a row is only ever written once its file is
 * durable), then every row in one transaction, so a failed restore leaves the site as empty as it was.
 * Rows go in through Kysely whatever the backup's dialect, so an SQLite backup restores into
 * PostgreSQL and back.
 */
export async function runRestore(config: Config, file: string, io: RestoreIo, storage: BlobStore = storageFromConfig(config)): Promise<Manifest> {
  const archive = await openBackupArchive(file);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-restore-'));
  const database = openDatabase(config.databaseUrl);
  try {
    const { manifest } = archive;
    await migrateToLatest(database);
    const db = database.db as unknown as Kysely<unknown>;
    const ours = await appliedMigrations(db);
    checkSchemaLevel(manifest.migrations, ours);
    await requireEmpty(db, config.databaseUrl);
    // Rows go into the schema they were read from; migrations made since then run over them afterwards.
    const level = manifest.migrations[manifest.migrations.length - 1];
    if (level && level !== ours[ours.length - 1]) await migrateTo(database, level);

    const uploads = await restoreUploads(archive, storage);
    const source = await rowSourceFor(archive, work);
    try {
      await db.transaction().execute(async (trx) => {
        await requireEmpty(trx, config.databaseUrl);
        // A server started on the empty target made a site key of its own; it sealed nothing, and the backup's wins.
        // (Below 0008 the table does not exist yet: migrating down to the backup's level dropped it.)
        if (manifest.migrations.includes('0008_shared_state')) await sql`delete from folio_site_key`.execute(trx);
        await copyRows(trx, database.dialect, manifest, source, io);
      });
    } finally {
      source.close();
    }
    await migrateToLatest(database);
    await restoreSecret(archive, manifest, config, io, database.db);
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    io.out(`Restored ${rows} rows and ${uploads} attachments from a ${manifest.dialect} backup of ${manifest.createdAt} (Folio ${manifest.folioVersion}).`);
    return manifest;
  } finally {
    archive.close();
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A backup from an older Folio restores into this one; one from a newer Folio (a migration we lack) does not. */
function checkSchemaLevel(backup: string[], ours: string[]): void {
  const unknown = backup.filter((name) => !ours.includes(name));
  if (unknown.length > 0) throw new RestoreRefused(`The backup was made by a newer Folio (migration ${unknown.join(', ')}); upgrade Folio first, then restore.`);
  if (backup.length === 0 || backup.some((name, i) => ours[i] !== name)) throw new RestoreRefused(`The backup's migrations (${backup.join(', ')}) are not a level this Folio knows.`);
}

async function requireEmpty(db: Kysely<unknown>, where: string): Promise<void> {
  for (const table of CONTENT_TABLES) {
    const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    const rows = Number(result.rows[0]?.n ?? 0);
    if (rows > 0) {
      throw new RestoreRefused(
        `Refusing to restore: the target site is not empty (${rows} rows in "${table}" of ${redact(where)}). Restore only into a new, empty site: a fresh DATA_DIR, or a new PostgreSQL database.`,
      );
    }
  }
}

/** A PostgreSQL URL without its password, for messages. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/**
 * Through the site's blob store (local directory or bucket), whose put() is durable before it resolves. One
 * attachment at a time is held in memory: an upload is at most the site's upload limit (100 MB at most).
 */
async function restoreUploads(archive: BackupArchive, storage: BlobStore): Promise<number> {
  let count = 0;
  for (const name of archive.names) {
    if (!name.startsWith(UPLOADS_FOLDER)) continue;
    await storage.put(name.slice(UPLOADS_FOLDER.length), await archive.read(name));
    count++;
  }
  return count;
}

async function rowSourceFor(archive: BackupArchive, work: string): Promise<RowSource> {
  if (archive.manifest.dialect === 'postgres') return jsonRowSource(archive);
  const file = path.join(work, SQLITE_ENTRY);
  await archive.extract(SQLITE_ENTRY, file);
  return sqliteRowSource(file);
}

async function copyRows(trx: Kysely<unknown>, dialect: Dialect, manifest: Manifest, source: RowSource, io: RestoreIo): Promise<void> {
  const targetTables = await dataTables(trx, dialect);
  const byName = new Map(targetTables.map((t) => [t.name, t]));
  // Whatever `migrate` seeded is replaced by the backup's rows; children go before their parents.
  for (const table of [...targetTables].reverse()) await sql`delete from ${sql.table(table.name)}`.execute(trx);
  const insertable = trx as unknown as Kysely<Record<string, Row>>;
  for (const table of manifest.tables) {
    // Older archives carried rate-limit counters and job leases; they are not restored.
    if (isBookkeepingTable(table.name)) continue;
    const target = byName.get(table.name);
    if (!target) {
      io.err(`Skipped table ${table.name}: this Folio no longer has it.`);
      continue;
    }
    // The schema is at the backup's level, so this keeps every column unless the file lists unknown ones.
    const columns = table.columns.filter((c) => target.columns.includes(c));
    const dropped = table.columns.filter((c) => !target.columns.includes(c));
    if (dropped.length > 0) io.err(`Table ${table.name}: left out columns this schema does not have (${dropped.join(', ')}).`);
    const perInsert = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / Math.max(1, columns.length)));
    let batch: Row[] = [];
    let copied = 0;
    for await (const row of source.rows(table.name, columns)) {
      batch.push(row);
      if (batch.length >= perInsert) {
        await insertable.insertInto(table.name).values(batch).execute();
        copied += batch.length;
        batch = [];
      }
    }
    if (batch.length > 0) await insertable.insertInto(table.name).values(batch).execute();
    copied += batch.length;
    if (copied !== table.rows) throw new Error(`Table ${table.name}: the manifest lists ${table.rows} rows, the backup holds ${copied}; the file is damaged.`);
  }
  if (dialect === 'postgres') await resetSequences(trx, targetTables);
}

/** Rows went in with their ids, so each id sequence must continue after the highest one. */
async function resetSequences(trx: Kysely<unknown>, tables: DataTable[]): Promise<void> {
  const serials = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`.execute(trx);
  const copied = new Set(tables.map((t) => t.name));
  for (const { table_name, column_name } of serials.rows) {
    if (!copied.has(table_name)) continue;
    await sql`select setval(pg_get_serial_sequence(format('%I', ${table_name}::text), ${column_name}),
      coalesce((select max(${sql.ref(column_name)}) from ${sql.table(table_name)}), 0) + 1, false)`.execute(trx);
  }
}

/**
 * The backed-up site's key, so its sealed open-API tokens open again (the target is empty: nothing it
 * sealed with its own key is lost). FOLIO_SECRET, when set, wins over any key file.
 */
async function restoreSecret(archive: BackupArchive, manifest: Manifest, config: Config, io: RestoreIo, siteDb: Kysely<DB>): Promise<void> {
  if (!manifest.secretKey) {
    // Since 0008 the key travels in the database's rows (folio_site_key); only a site without one used FOLIO_SECRET.
    if (config.secret === null && !(await storedSiteKey(siteDb))) io.err('The backed-up site used FOLIO_SECRET: set the same FOLIO_SECRET here, or project open-API tokens must be reset.');
    return;
  }
  if (config.secret !== null) {
    io.err("FOLIO_SECRET is set here, so the backup's secret.key is not used: project open-API tokens must be reset, or unset FOLIO_SECRET.");
    return;
  }
  if (!archive.names.includes(SECRET_ENTRY)) throw new Error('The manifest lists a secret.key the backup does not hold; the file is damaged.');
  await writeDurably(path.join(config.dataDir, 'secret.key'), await archive.open(SECRET_ENTRY));
}
