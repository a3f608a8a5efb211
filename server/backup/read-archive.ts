import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { MANIFEST_ENTRY, Manifest, SECRET_ENTRY, SQLITE_ENTRY, STORAGE_KEY, TABLES_FOLDER, UPLOADS_FOLDER } from './archive-format.js';

export interface BackupArchive {
  manifest: Manifest;
  /** Entry names, in archive order. */
  names: string[];
  open(name: string): Promise<Readable>;
  read(name: string): Promise<Buffer>;
  extract(name: string, file: string): Promise<void>;
  close(): void;
}

/** An entry name a Folio backup can hold; anything else means the file is not one (or was tampered with). */
function isBackupEntry(name: string): boolean {
  if (name === MANIFEST_ENTRY || name === SQLITE_ENTRY || name === SECRET_ENTRY) return true;
  if (name.startsWith(TABLES_FOLDER)) return /^[a-z0-9_]+\.jsonl$/.test(name.slice(TABLES_FOLDER.length));
  if (name.startsWith(UPLOADS_FOLDER)) return STORAGE_KEY.test(name.slice(UPLOADS_FOLDER.length));
  return false;
}

export class NotABackup extends Error {}

export async function openBackupArchive(file: string): Promise<BackupArchive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (error, opened) =>
      error || !opened ? reject(new NotABackup(`${file} is not a Folio backup (${error?.message ?? 'unreadable'})`)) : resolve(opened),
    );
  });
  try {
    const entries = await listEntries(zip);
    for (const name of entries.keys()) if (!isBackupEntry(name)) throw new NotABackup(`${file} is not a Folio backup: unexpected entry ${name.slice(0, 120)}`);
    const open = (name: string) => {
      const entry = entries.get(name);
      if (!entry) return Promise.reject(new NotABackup(`the backup has no ${name}`));
      return new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error ?? new Error(name)) : resolve(stream))));
    };
    const read = async (name: string) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await open(name)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const parsed = Manifest.safeParse(JSON.parse((await read(MANIFEST_ENTRY)).toString('utf8')));
    if (!parsed.success) throw new NotABackup(`${file} has a manifest this Folio does not understand: ${parsed.error.issues[0]?.message ?? ''}`);
    return {
      manifest: parsed.data,
      names: [...entries.keys()],
      open,
      read,
      extract: async (name, target) => pipeline(await open(name), fs.createWriteStream(target, { mode: 0o600 })),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    if (error instanceof SyntaxError) throw new NotABackup(`${file} has a damaged manifest`);
    throw error;
  }
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('error', (error: Error) => reject(new NotABackup(`damaged archive: ${error.message}`)));
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.has(entry.fileName)) return reject(new NotABackup(`the archive holds ${entry.fileName} twice`));
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}
