import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/tables.js';
import { readOptions } from '../modules/common/options.js';
import type { BlobReader, BlobStore, StoredEntry } from './blob-store.js';
import { activeOssOptions, completeOssOptions } from './oss-setting.js';
import { storageFromConfig } from './from-config.js';
import { s3BlobStore, type S3StoreOptions } from './s3-store.js';

/**
 * The attachment store when the operator gave no FOLIO_STORAGE: the admin console's storage setting
 * (`oss_open` + `oss_setting`) picks the local folder or a bucket, and may change while Folio runs.
 *
 * The setting is read through the options cache (common/options.ts): an admin's save on this server is
 * seen by the next call, a save on another server within OPTIONS_CACHE_MS, so several servers on one
 * database converge without a message bus. New files go to the active store. Files stored before a
 * switch keep working: a read that misses in the active store tries the other one (the local folder
 * after switching to a bucket; the configured bucket after switching it off), and a removal removes
 * from both.
 */
export interface SiteBlobStore extends BlobStore {
  /** Where new files go now. */
  active(): Promise<'settings' | 'local'>;
}

export interface SiteStoreOptions {
  db: Kysely<DB>;
  local: BlobStore;
  /** The store of one bucket setting: s3BlobStore in production. */
  bucketStore: (options: S3StoreOptions) => BlobStore;
}

interface Resolved {
  /** The stored option values this was built from. */
  signature: string;
  active: BlobStore;
  /** Where a read that misses in `active` looks next. */
  fallback: BlobStore | null;
  remote: boolean;
}

export function siteBlobStore({ db, local, bucketStore }: SiteStoreOptions): SiteBlobStore {
  let resolved: Resolved | null = null;
  // One client per bucket setting: rebuilding on every read would open new connections each time.
  const buckets = new Map<string, BlobStore>();
  const bucketFor = (options: S3StoreOptions) => {
    const id = JSON.stringify(options);
    let store = buckets.get(id);
    if (!store) {
      buckets.clear();
      store = bucketStore(options);
      buckets.set(id, store);
    }
    return store;
  };

  async function resolve(): Promise<Resolved> {
    const o = await readOptions(db, ['oss_open', 'oss_setting']);
    const signature = `${o.oss_open ?? ''}\n${o.oss_setting ?? ''}`;
    if (resolved?.signature === signature) return resolved;
    const on = activeOssOptions(o.oss_open, o.oss_setting);
    if (on) {
      resolved = { signature, active: bucketFor(on), fallback: local, remote: true };
    } else {
      // Switched off (or never on): a complete bucket setting still answers for files stored there.
      const off = completeOssOptions(o.oss_setting);
      resolved = { signature, active: local, fallback: off ? bucketFor(off) : null, remote: false };
    }
    return resolved;
  }

  return {
    async active() {
      return (await resolve()).remote ? 'settings' : 'local';
    },
    async put(key, data) {
      await (await resolve()).active.put(key, data);
    },
    async get(key) {
      const r = await resolve();
      return (await r.active.get(key)) ?? (r.fallback ? r.fallback.get(key) : null);
    },
    async open(key): Promise<BlobReader | null> {
      const r = await resolve();
      return (await r.active.open(key)) ?? (r.fallback ? r.fallback.open(key) : null);
    },
    async remove(key) {
      const r = await resolve();
      await r.active.remove(key);
      if (!r.fallback) return;
      if (r.remote) {
        await r.fallback.remove(key);
      } else {
        // A bucket that is switched off (and may be gone for good) must not block deleting a file.
        await r.fallback.remove(key).catch(() => undefined);
      }
    },
    async *scan(): AsyncIterable<StoredEntry> {
      // The active store and the local folder (its temp files, and files from before a switch); a
      // bucket switched off is not swept.
      const r = await resolve();
      yield* r.active.scan();
      if (r.remote) yield* local.scan();
    },
    async removeIfOlder(entry, cutoff) {
      // Temp files exist only in the local folder; a blob may be in either store.
      if (entry.kind === 'temp') return local.removeIfOlder(entry, cutoff);
      const r = await resolve();
      const removed = await r.active.removeIfOlder(entry, cutoff);
      if (r.remote) return (await local.removeIfOlder(entry, cutoff)) || removed;
      return removed;
    },
  };
}


/**
 * The site's attachment store: the operator's FOLIO_STORAGE bucket when set (it wins, and the console's
 * setting is then only data), else the local folder or the console's bucket as the admin chooses.
 */
export function siteStorage(config: Pick<Config, 'dataDir' | 'storage'>, db: Kysely<DB>): BlobStore {
  if (config.storage.kind !== 'local') return storageFromConfig(config);
  return siteBlobStore({ db, local: storageFromConfig(config), bucketStore: (options) => s3BlobStore(options) });
}
