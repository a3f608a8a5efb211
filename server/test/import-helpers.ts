import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import type { TestApp } from './harness.js';
import type { TestUser } from './factories.js';
import { uploadTo } from './upload-helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(here, 'fixtures', 'import', name));
}

export interface ImportAnswer {
  error_code: number;
  error_message?: string;
  data?: { item_id: number };
}

/** `import/auto` (or one of ShowDoc's other names for it) with a multipart file. */
export async function importFile(
  t: TestApp,
  user: TestUser | null,
  file: { filename: string; data: Buffer },
  fields: Record<string, string | number> = {},
  action = 'import/auto',
): Promise<ImportAnswer> {
  const res = await uploadTo(t, action, fields, { filename: file.filename, data: file.data }, user?.token);
  return res.body as unknown as ImportAnswer;
}

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** Unix mode bits of the entry (symlinks: 0o120777). */
  mode?: number;
}

/** A zip built in memory with yazl. */
export function buildZip(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data;
    if (entry.name.endsWith('/')) zip.addEmptyDirectory(entry.name, { mtime: new Date(2024, 0, 1) });
    else zip.addBuffer(data, entry.name, { ...(entry.mode !== undefined ? { mode: entry.mode } : {}), mtime: new Date(2024, 0, 1) });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  return n;
}

/** Everything an import could leave behind, counted. */
export async function footprint(t: TestApp) {
  const db = t.app.services.db;
  const count = async (table: 'item' | 'page' | 'catalog' | 'upload_file' | 'file_page' | 'page_history' | 'item_change_log') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    items: await count('item'),
    pages: await count('page'),
    catalogs: await count('catalog'),
    files: await count('upload_file'),
    bindings: await count('file_page'),
    history: await count('page_history'),
    log: await count('item_change_log'),
    blobs: countFiles(path.join(t.config.dataDir, 'uploads')),
  };
}

/** The project's catalogs as paths and its pages as "path/title", in reading order. */
export async function projectOutline(t: TestApp, itemId: number) {
  const db = t.app.services.db;
  const catalogs = await db.selectFrom('catalog').selectAll().where('item_id', '=', itemId).orderBy('s_number').orderBy('cat_id').execute();
  const byId = new Map(catalogs.map((c) => [c.cat_id, c]));
  const pathOf = (catId: number): string => {
    const c = byId.get(catId);
    return c ? (c.parent_cat_id ? `${pathOf(c.parent_cat_id)}/${c.cat_name}` : c.cat_name) : '';
  };
  const pages = await db.selectFrom('page').selectAll().where('item_id', '=', itemId).where('is_del', '=', 0).orderBy('s_number').orderBy('page_id').execute();
  return {
    catalogs: catalogs.map((c) => ({ path: pathOf(c.cat_id), level: c.level, s_number: c.s_number })),
    pages: pages.map((p) => ({ path: pathOf(p.cat_id), title: p.page_title, content: p.page_content, page: p })),
  };
}

export interface RawEntry {
  /** Written byte for byte: no checks, so hostile names can be made. */
  name: string | Buffer;
  /** Stored as given (already deflated when `deflated`). */
  data: Buffer;
  deflated?: boolean;
  /** Declared uncompressed size (default: the data's length). */
  size?: number;
  /** Unix mode bits (symlinks: 0o120777). */
  mode?: number;
}

/** A zip written by hand, for archives yazl refuses to make (and 100,000 entries in milliseconds). */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name) : entry.name;
    const method = entry.deflated ? 8 : 0;
    const size = entry.size ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(typeof entry.name === 'string' ? 0x800 : 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(typeof entry.name === 'string' ? 0x800 : 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Raw deflate data that inflates to `megabytes` MB of zeros, made in milliseconds: one fully flushed
 * megabyte (it refers to nothing before it) repeated, then an empty final block.
 */
export function zeroBomb(megabytes: number): Buffer {
  const deflate = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const last = zlib.deflateRawSync(Buffer.alloc(0));
  return Buffer.concat([...Array.from({ length: megabytes }, () => deflate), last]);
}
