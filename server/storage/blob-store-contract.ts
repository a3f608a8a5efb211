import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { newBlobKey, type BlobStore, type StoredEntry } from './blob-store.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function scanned(store: BlobStore): Promise<StoredEntry[]> {
  const seen: StoredEntry[] = [];
  for await (const entry of store.scan()) seen.push(entry);
  return seen;
}

/**
 * What every BlobStore promises, whatever keeps the bytes (a local directory, an S3 bucket). `fresh` gives a
 * store nothing else writes to.
 */
export function blobStoreContract(fresh: () => Promise<BlobStore>): void {
  it('gives back the bytes it stored, whole and as a stream with their size', async () => {
    const store = await fresh();
    const key = newBlobKey();
    const data = crypto.randomBytes(300_000);
    await store.put(key, data);
    expect((await store.get(key))?.equals(data)).toBe(true);
    const opened = await store.open(key);
    expect(opened?.size).toBe(data.length);
    expect((await readAll(opened!.stream)).equals(data)).toBe(true);
    // An empty file is a file.
    const empty = newBlobKey();
    await store.put(empty, Buffer.alloc(0));
    expect((await store.get(empty))?.length).toBe(0);
    expect((await store.open(empty))?.size).toBe(0);
  });

  it('replaces a blob written again under the same key', async () => {
    const store = await fresh();
    const key = newBlobKey();
    await store.put(key, Buffer.from('first'));
    await store.put(key, Buffer.from('second, longer'));
    expect((await store.get(key))?.toString()).toBe('second, longer');
  });

  it('answers null for a blob that is not there, and removing one twice is no error', async () => {
    const store = await fresh();
    const key = newBlobKey();
    expect(await store.get(key)).toBeNull();
    expect(await store.open(key)).toBeNull();
    await store.put(key, Buffer.from('x'));
    await store.remove(key);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.open(key)).toBeNull();
  });

  it('refuses keys that are not its own', async () => {
    const store = await fresh();
    for (const key of ['../etc/passwd', 'ab/../../x', 'AB/0123456789abcdef0123456789abcdef', 'ab', 'ab/0123456789abcdef0123456789abcdef/x']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('invalid blob key');
      await expect(store.get(key)).rejects.toThrow('invalid blob key');
      await expect(store.open(key)).rejects.toThrow('invalid blob key');
      await expect(store.remove(key)).rejects.toThrow('invalid blob key');
    }
  });

  it('lists every blob, and removes one only when it was written before the cutoff', async () => {
    const store = await fresh();
    const keys = [newBlobKey(), newBlobKey(), newBlobKey()];
    for (const key of keys) await store.put(key, Buffer.from(key));
    const blobs = (await scanned(store)).filter((e) => e.kind === 'blob');
    expect(blobs).toHaveLength(3);
    expect(blobs).toEqual(expect.arrayContaining(keys.map((key) => ({ kind: 'blob', key }))));

    const now = Math.floor(Date.now() / 1000);
    const [first = '', second = ''] = keys;
    expect(await store.removeIfOlder({ kind: 'blob', key: first }, now - 3600)).toBe(false);
    expect(await store.get(first)).not.toBeNull();
    expect(await store.removeIfOlder({ kind: 'blob', key: first }, now + 3600)).toBe(true);
    expect(await store.get(first)).toBeNull();
    // Gone meanwhile: nothing to do, no error.
    expect(await store.removeIfOlder({ kind: 'blob', key: first }, now + 3600)).toBe(false);
    expect((await scanned(store)).filter((e) => e.kind === 'blob')).toHaveLength(2);
    expect(await store.get(second)).not.toBeNull();
  });
}
