import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { BlobStore } from '../storage/blob-store.js';

/**
 * A blob or temp file younger than this is left alone: an upload in progress has written its bytes but
 * not yet its row (imports store every image before their transaction), and must not lose them.
 */
export const SWEEP_MIN_AGE_SECONDS = 3600;
const BATCH = 500;

export interface SweepResult {
  /** Blobs no `upload_file.storage_key` named. */
  blobs: number;
  /** Temp files of writes a crash interrupted. */
  temps: number;
}

/**
 * Removes what a crash (kill -9, power loss) leaves in the upload store: temp files of interrupted writes,
 * and blobs stored before a row that was never written. `upload_file.storage_key` is the only column that
 * names a blob. Only files last written more than SWEEP_MIN_AGE_SECONDS before `now` go. The store is
 * read as a stream and the keys are looked up in batches, so a large store costs little memory and few
 * queries. A file that vanished meanwhile (an admin's delete, another server's sweep) is no error.
 *
 * While the database names no blob at all, only temp files are removed: that is a fresh site, or a
 * database that is not this folder's (a wrong DATABASE_URL, a restore half done), and removing every
 * attachment would be a loss no sweep is worth.
 */
export async function sweepUploads(db: Kysely<DB>, storage: BlobStore, now: number): Promise<SweepResult> {
  const cutoff = now - SWEEP_MIN_AGE_SECONDS;
  const result: SweepResult = { blobs: 0, temps: 0 };
  const anyNamed = await db.selectFrom('upload_file').select('file_id').where('storage_key', '<>', '').limit(1).executeTakeFirst();
  let batch: string[] = [];

  const sweepBatch = async () => {
    const keys = batch;
    batch = [];
    const named = await db.selectFrom('upload_file').select('storage_key').where('storage_key', 'in', keys).execute();
    const kept = new Set(named.map((row) => row.storage_key));
    for (const key of keys) {
      if (!kept.has(key) && (await storage.removeIfOlder({ kind: 'blob', key }, cutoff))) result.blobs++;
    }
  };

  for await (const entry of storage.scan()) {
    if (entry.kind === 'temp') {
      if (await storage.removeIfOlder(entry, cutoff)) result.temps++;
    } else if (anyNamed) {
      batch.push(entry.key);
      if (batch.length >= BATCH) await sweepBatch();
    }
  }
  if (batch.length > 0) await sweepBatch();
  return result;
}
