import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** File → fsync → rename → fsync of the folder (security.md §5.1), so a restored file is on disk before its row. */
export async function writeDurably(file: string, data: Readable): Promise<void> {
  const folder = path.dirname(file);
  await fs.promises.mkdir(folder, { recursive: true });
  const temp = `${file}.${process.pid}.restore.tmp`;
  try {
    await pipeline(data, fs.createWriteStream(temp, { mode: 0o600 }));
    const handle = await fs.promises.open(temp, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, file);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  const dir = await fs.promises.open(folder, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
