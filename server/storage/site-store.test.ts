import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { forgetCachedOptions, writeOptions } from '../modules/common/options.js';
import type { BlobStore, StoredEntry } from './blob-store.js';
import type { S3StoreOptions } from './s3-store.js';
import { siteBlobStore } from './site-store.js';

/** The store the admin's setting picks, with stores in memory: where writes, reads, removals and the sweep go. */

function memoryStore(): BlobStore & { blobs: Map<string, Buffer> } {
  const blobs = new Map<string, Buffer>();
  return {
    blobs,
    put: async (key, data) => void blobs.set(key, data),
    get: async (key) => blobs.get(key) ?? null,
    open: async () => null,
    remove: async (key) => void blobs.delete(key),
    async *scan(): AsyncIterable<StoredEntry> {
      for (const key of blobs.keys()) yield { kind: 'blob', key };
    },
    removeIfOlder: async (entry) => entry.kind === 'blob' && blobs.delete(entry.key),
  };
}

const KEY_A = `aa/${'a'.repeat(32)}`;
const KEY_B = `bb/${'b'.repeat(32)}`;
const SETTING = JSON.stringify({ oss_type: 's3_storage', bucket: 'site-bucket', endpoint: 'http://127.0.0.1:1', key: 'k', secret: 's' });

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.cleanup());

describe('siteBlobStore', () => {
  let local: ReturnType<typeof memoryStore>;
  let bucket: ReturnType<typeof memoryStore>;
  let built: S3StoreOptions[];
  let store: ReturnType<typeof siteBlobStore>;

  beforeEach(async () => {
    await database.db.deleteFrom('options').execute();
    forgetCachedOptions(database.db);
    local = memoryStore();
    bucket = memoryStore();
    built = [];
    store = siteBlobStore({ db: database.db, local, bucketStore: (options) => (built.push(options), bucket) });
  });

  it('writes to the local folder until storage is switched on, then to the bucket, reading both', async () => {
    await store.put(KEY_A, Buffer.from('before'));
    expect(await store.active()).toBe('local');
    await writeOptions(database.db, { oss_open: '1', oss_setting: SETTING });
    expect(await store.active()).toBe('settings');
    await store.put(KEY_B, Buffer.from('after'));
    expect([...local.blobs.keys()]).toEqual([KEY_A]);
    expect([...bucket.blobs.keys()]).toEqual([KEY_B]);
    expect(String(await store.get(KEY_A))).toBe('before');
    expect(String(await store.get(KEY_B))).toBe('after');

    await writeOptions(database.db, { oss_open: '0' });
    expect(await store.active()).toBe('local');
    expect(String(await store.get(KEY_B))).toBe('after');
    // One client for the one bucket setting, however often it is read.
    expect(built).toHaveLength(1);
  });

  it('removes a file from both stores, and the sweep sees both while the bucket is on', async () => {
    await store.put(KEY_A, Buffer.from('old'));
    await writeOptions(database.db, { oss_open: '1', oss_setting: SETTING });
    await store.put(KEY_B, Buffer.from('new'));
    const seen: string[] = [];
    for await (const entry of store.scan()) if (entry.kind === 'blob') seen.push(entry.key);
    expect(seen.sort()).toEqual([KEY_A, KEY_B]);
    await store.remove(KEY_A);
    expect(await store.get(KEY_A)).toBeNull();
    expect(await store.removeIfOlder({ kind: 'blob', key: KEY_B }, 0)).toBe(true);
    expect(bucket.blobs.size + local.blobs.size).toBe(0);
  });

  it('stays local when the setting is on but incomplete, and a broken switched-off bucket never blocks a removal', async () => {
    await writeOptions(database.db, { oss_open: '1', oss_setting: '{"oss_type":"aliyun","bucket":"half"}' });
    expect(await store.active()).toBe('local');
    await writeOptions(database.db, { oss_open: '0', oss_setting: SETTING });
    bucket.remove = async () => {
      throw new Error('bucket is down');
    };
    await store.put(KEY_A, Buffer.from('x'));
    await store.remove(KEY_A);
    expect(local.blobs.size).toBe(0);
  });
});
