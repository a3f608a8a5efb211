import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where attachment bytes live: a directory outside anything served (ARCHITECTURE "Files"), or later an
 * S3-compatible bucket behind the same three calls. Keys are random and carry no name or extension of
 * the uploader's, so nothing stored can be addressed or executed by its name.
 */
export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when the blob is gone. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** A fresh key: 128 random bits, fanned out into 256 subdirectories so no directory grows huge. */
export function newBlobKey(): string {
  const id = crypto.randomBytes(16).toString('hex');
  return `${id.slice(0, 2)}/${id}`;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

export function localBlobStore(root: string): BlobStore {
  const where = (key: string) => {
    // Keys come from newBlobKey and the database; anything else never becomes a path.
    if (!KEY.test(key)) throw new Error('invalid blob key');
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = where(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a crash never leaves half a file under the real key.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, data, { mode: 0o600 });
      await fs.rename(temp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(where(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(where(key), { force: true });
    },
  };
}
