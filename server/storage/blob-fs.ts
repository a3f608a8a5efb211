import fs from 'node:fs/promises';

/** One directory entry, as the local store needs it. */
export interface ListedEntry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
}

/**
 * The file-system steps of the local blob store, apart so a test can watch their order (a row must never
 * be written before the bytes and their name are on disk) or make one of them fail.
 */
export interface BlobFs {
  /** Creates the directory and its parents; the first one it created, or undefined when it existed. */
  mkdir(dir: string): Promise<string | undefined>;
  /** Creates `file` (it must not exist), writes the bytes and flushes them to the disk. */
  writeDurably(file: string, data: Buffer): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Flushes a directory, so the names created or renamed in it survive a power loss. */
  syncDir(dir: string): Promise<void>;
  readFile(file: string): Promise<Buffer>;
  /** Removes a file; a missing file is not an error. */
  remove(file: string): Promise<void>;
  /** The entries of a directory, read a few at a time (no array of a huge folder); none when it is missing. */
  list(dir: string): AsyncIterable<ListedEntry>;
  /** The last write (Unix seconds), or null when the file is gone. */
  modifiedAt(file: string): Promise<number | null>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export const nodeBlobFs: BlobFs = {
  mkdir: (dir) => fs.mkdir(dir, { recursive: true }),
  async writeDurably(file, data) {
    const handle = await fs.open(file, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => fs.rename(from, to),
  async syncDir(dir) {
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  readFile: (file) => fs.readFile(file),
  remove: (file) => fs.rm(file, { force: true }),
  async *list(dir) {
    let opened;
    try {
      opened = await fs.opendir(dir, { bufferSize: 256 });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    // The iterator closes the directory when the loop ends, also on break or error.
    for await (const entry of opened) yield { name: entry.name, isFile: entry.isFile(), isDirectory: entry.isDirectory() };
  },
  async modifiedAt(file) {
    try {
      return Math.floor((await fs.lstat(file)).mtimeMs / 1000);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  },
};
