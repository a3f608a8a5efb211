import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { nodeBlobFs, type BlobFs } from './blob-fs.js';

/**
 * Where attachment bytes live: a directory outside anything served (ARCHITECTURE "Files"), or later an
 * S3-compatible bucket behind the same calls. Keys are random and carry no name or extension of
 * the uploader's, so nothing stored can be addressed or executed by its name.
 */
export interface BlobStore {
  /**
   * Stores the bytes durably: when it resolves they survive a crash or power loss, so the caller may
   * then record the key in the database (never before, or a row could name bytes that are gone).
   */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when the blob is gone. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream with their size, or null when the blob is gone: downloads hold no file in memory. */
  open(key: string): Promise<BlobReader | null>;
  remove(key: string): Promise<void>;
  /**
   * Everything in the store, streamed (server/jobs/upload-sweep.ts): blobs by key, and temp files of
   * writes a crash interrupted. Nothing is read or stat'ed until asked.
   */
  scan(): AsyncIterable<StoredEntry>;
  /** Removes an entry when it was last written before `cutoff` (Unix seconds); true when removed. */
  removeIfOlder(entry: StoredEntry, cutoff: number): Promise<boolean>;
}

export interface BlobReader {
  stream: Readable;
  size: number;
}

export type StoredEntry = { kind: 'blob'; key: string } | { kind: 'temp'; name: string };

/** A fresh key: 128 random bits, fanned out into 256 subdirectories so no directory grows huge. */
export function newBlobKey(): string {
  const id = crypto.randomBytes(16).toString('hex');
  return `${id.slice(0, 2)}/${id}`;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;
/** A key as newBlobKey makes them; every store refuses any other before it becomes a path or object name. */
export const isBlobKey = (key: string): boolean => KEY.test(key);
const FAN_OUT = /^[0-9a-f]{2}$/;
const BLOB_NAME = /^[0-9a-f]{32}$/;
/** `<id>.<random>.tmp` as put() names its temp files (older versions: the process id), `<id>.<pid>.restore.tmp` as a restore does. */
const TEMP_NAME = /^[0-9a-f]{32}\.[0-9a-z]+(\.[0-9a-z]+)*\.tmp$/;

export function localBlobStore(root: string, io: BlobFs = nodeBlobFs): BlobStore {
  const where = (key: string) => {
    // Keys come from newBlobKey and the database; anything else never becomes a path.
    if (!KEY.test(key)) throw new Error('invalid blob key');
    return path.join(root, key);
  };
  const pathOf = (entry: StoredEntry) => {
    if (entry.kind === 'blob') return where(entry.key);
    const [fan = '', name = '', ...rest] = entry.name.split('/');
    if (rest.length > 0 || !FAN_OUT.test(fan) || !TEMP_NAME.test(name)) throw new Error('invalid temp name');
    return path.join(root, fan, name);
  };

  return {
    async put(key, data) {
      const file = where(key);
      const dir = path.dirname(file);
      const made = await io.mkdir(dir);
      if (made !== undefined) {
        // Each directory made just now (the fan-out folder, on first use the store itself) is a new entry
        // of its parent, which must reach the disk too.
        await io.syncDir(path.dirname(made));
        for (let up = path.dirname(dir); up.length >= made.length; up = path.dirname(up)) await io.syncDir(up);
      }
      // Written aside and renamed, so a crash never leaves half a file under the real key; the file is
      // flushed before the rename and the directory after it, so the name never points at lost bytes.
      const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      try {
        await io.writeDurably(temp, data);
        await io.rename(temp, file);
      } catch (error) {
        await io.remove(temp).catch(() => undefined);
        throw error;
      }
      await io.syncDir(dir);
    },
    async get(key) {
      try {
        return await io.readFile(where(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async open(key) {
      // Opened before answering, so a missing file is a clean null rather than a stream that fails later.
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(where(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(key) {
      await io.remove(where(key));
    },
    async *scan() {
      for await (const fan of io.list(root)) {
        if (!fan.isDirectory || !FAN_OUT.test(fan.name)) continue;
        for await (const file of io.list(path.join(root, fan.name))) {
          if (!file.isFile) continue;
          // Other names (an operator's notes, a backup tool's files) are not Folio's to remove.
          if (BLOB_NAME.test(file.name)) yield { kind: 'blob', key: `${fan.name}/${file.name}` };
          else if (TEMP_NAME.test(file.name)) yield { kind: 'temp', name: `${fan.name}/${file.name}` };
        }
      }
    },
    async removeIfOlder(entry, cutoff) {
      const file = pathOf(entry);
      const modified = await io.modifiedAt(file);
      if (modified === null || modified >= cutoff) return false;
      await io.remove(file);
      return true;
    },
  };
}
