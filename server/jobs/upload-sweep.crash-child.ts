/**
 * Run by upload-sweep.test.ts and killed there with SIGKILL: uploads in a few parallel streams the way
 * attachment/store.ts does (bytes put, then the row), and acknowledges each on stdout once its row is in.
 * Usage: node --import tsx upload-sweep.crash-child.ts <dataDir>
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { localBlobStore, newBlobKey } from '../storage/blob-store.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: upload-sweep.crash-child.ts <dataDir>');
const database = openDatabase(`sqlite:${path.join(dataDir, 'folio.db')}`);
await migrateToLatest(database);
const store = localBlobStore(path.join(dataDir, 'uploads'));
process.stdout.write('ready\n');

async function uploadForever(): Promise<never> {
  for (;;) {
    const data = crypto.randomBytes(32 * 1024 + crypto.randomInt(256 * 1024));
    const key = newBlobKey();
    await store.put(key, data);
    // The sign doubles as the content's hash, so the test can tell a partial file from a whole one.
    const sign = crypto.createHash('sha256').update(data).digest('hex');
    await database.db.insertInto('upload_file').values({ sign, display_name: 'crash.bin', file_size: data.length, storage_key: key }).execute();
    process.stdout.write(`ack ${key}\n`);
  }
}

await Promise.all([uploadForever(), uploadForever(), uploadForever(), uploadForever()]);
