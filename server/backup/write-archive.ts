import fs from 'node:fs';
import type { Readable } from 'node:stream';
import yazl from 'yazl';

export interface ArchiveEntry {
  name: string;
  /** A file on disk, read when its turn comes (uploads are not all held in memory). */
  file?: string;
  /** Size known before writing, for files. */
  size?: number;
  data?: Buffer;
  /** A stream opened when its turn comes (attachments from the blob store, local or S3). */
  open?: () => Promise<Readable>;
  /** Attachments are mostly compressed images already; the database compresses well. */
  compress: boolean;
}

/**
 * Writes the zip to `<target>.partial`, flushes it to disk and renames it into place, so a backup that
 * stopped half-way never carries the name of a finished one.
 */
export async function writeArchive(target: string, entries: ArchiveEntry[]): Promise<void> {
  const partial = `${target}.partial`;
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  for (const entry of entries) {
    const options = { compress: entry.compress, mtime, mode: 0o100600 };
    if (entry.data) zip.addBuffer(entry.data, entry.name, options);
    else if (entry.file) {
      const file = entry.file;
      zip.addReadStreamLazy(entry.name, { ...options, ...(entry.size !== undefined ? { size: entry.size } : {}) }, (done) => done(null, fs.createReadStream(file)));
    } else if (entry.open) {
      const open = entry.open;
      zip.addReadStreamLazy(entry.name, { ...options, ...(entry.size !== undefined ? { size: entry.size } : {}) }, (done) =>
        open().then(
          (stream) => done(null, stream),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), undefined as unknown as Readable),
        ),
      );
    }
  }
  zip.end();
  try {
    await new Promise<void>((resolve, reject) => {
      const out = fs.createWriteStream(partial, { mode: 0o600 });
      zip.on('error', reject);
      out.on('error', reject);
      out.on('close', resolve);
      zip.outputStream.on('error', reject);
      zip.outputStream.pipe(out);
    });
    const handle = await fs.promises.open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(partial, target);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}
