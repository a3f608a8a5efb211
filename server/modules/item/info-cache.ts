/**
 * Serialized `item/info` answers, least recently used first out once their bytes pass a bound. The key
 * is the answer's ETag (info-scope.ts): it names the project's version stamp and everything about the
 * caller that changes the answer, so an entry is never wrong, only unused once the stamp moves on.
 * Nothing here is trusted as the project's state: the stamp comes from the database per request.
 */
export class InfoCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  get(key: string): Buffer | undefined {
    const body = this.entries.get(key);
    if (body === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, body);
    return body;
  }

  set(key: string, body: Buffer): void {
    // An answer larger than a quarter of the bound would push out most others for one caller.
    if (body.length > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.length;
    }
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }
}

/** 64 MB: about fifty answers of a 10 000-page project, thousands of ordinary ones. */
export const INFO_CACHE_BYTES = 64 * 1024 * 1024;

// One cache per database handle, so two apps in one process (tests, tools) never share answers.
const caches = new WeakMap<object, InfoCache>();

export function infoCacheFor(db: object): InfoCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new InfoCache(INFO_CACHE_BYTES);
    caches.set(db, cache);
  }
  return cache;
}
