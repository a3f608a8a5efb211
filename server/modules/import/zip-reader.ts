import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { ApiError } from '../../http/api-error.js';
import { MAX_ZIP_ENTRIES, MAX_ZIP_ENTRY_BYTES, MAX_ZIP_PATH_DEPTH, MAX_ZIP_TOTAL_BYTES } from './limits.js';

/**
 * Zip archives read in memory, never extracted to disk (security.md C10, C11): every entry name is
 * checked before anything is inflated, and a name that could point outside the archive (`..`, an
 * absolute path, a drive letter, a backslash trick) or a symbolic link refuses the whole archive, as
 * it can only come from a crafted file. Sizes are checked against the headers first and then counted
 * again while inflating, so a zip that lies about its sizes stops at the cap (yauzl's
 * `validateEntrySizes` also stops an entry the moment it outgrows its header).
 */

export interface ZipEntryInfo {
  /** `/`-separated, without `.` segments or a trailing slash. */
  path: string;
  /** Declared size. */
  size: number;
}

export interface ZipArchive {
  /** Every file (not folder) in the archive, in archive order. */
  files: ZipEntryInfo[];
  /** The bytes of some of the files; each read counts towards the archive's limits. */
  read(paths: readonly string[]): Promise<Map<string, Buffer>>;
  close(): void;
}

const MB = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const gbk = new TextDecoder('gbk', { fatal: true });

export function isZip(data: Buffer): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

/** ShowDoc guessed the charset of names (J2): UTF-8 when valid, else GBK, else refused. */
function entryName(entry: yauzl.Entry): string {
  for (const field of entry.extraFields) {
    // Info-ZIP's Unicode Path field, valid only while it matches the plain name it replaces.
    if (field.id === 0x7075 && field.data.length >= 6 && field.data.readUInt8(0) === 1 && field.data.readUInt32LE(1) === zlib.crc32(entry.fileNameRaw)) {
      try {
        return utf8.decode(field.data.subarray(5));
      } catch {
        break;
      }
    }
  }
  const raw = entry.fileNameRaw;
  // Tools that write GBK names sometimes claim UTF-8 anyway (bit 11): the bytes decide.
  try {
    return utf8.decode(raw);
  } catch {
    // not UTF-8: try GBK
  }
  try {
    return gbk.decode(raw);
  } catch {
    throw new ApiError(10101, 'import.zipNameEncoding');
  }
}

/** The entry's path, or an error that refuses the archive. Folders end in `/` and come back with `folder: true`. */
export function safeEntryPath(name: string): { path: string; folder: boolean } {
  const unsafe = () => new ApiError(10101, 'import.zipUnsafePath', { name: name.slice(0, 200) });
  // eslint-disable-next-line no-control-regex
  if (name === '' || /[\u0000]/.test(name)) throw unsafe();
  // Windows tools read a backslash as a separator, so it is one here too.
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) throw unsafe();
  const parts = slashed.split('/');
  const folder = parts[parts.length - 1] === '';
  const segments = parts.filter((part) => part !== '' && part !== '.');
  if (segments.some((part) => part === '..')) throw unsafe();
  if (segments.length === 0) throw unsafe();
  if (segments.length - (folder ? 0 : 1) > MAX_ZIP_PATH_DEPTH) throw new ApiError(10101, 'import.zipTooDeep', { max: String(MAX_ZIP_PATH_DEPTH) });
  return { path: segments.join('/'), folder };
}

function isSymlink(entry: yauzl.Entry): boolean {
  return ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

const invalid = () => new ApiError(10101, 'import.zipInvalid');

async function openZip(data: Buffer): Promise<yauzl.ZipFile> {
  // yauzl loads with the first archive opened, not at start (issue 21: idle memory).
  const { default: yauzl } = await import('yauzl');
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (err, zip) => (err || !zip ? reject(invalid()) : resolve(zip)));
  });
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    let declared = 0;
    let seen = 0;
    const fail = (error: unknown) => {
      zip.removeAllListeners();
      reject(error instanceof ApiError ? error : invalid());
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        if (++seen > MAX_ZIP_ENTRIES) throw new ApiError(10101, 'import.zipTooManyEntries', { max: String(MAX_ZIP_ENTRIES) });
        const name = entryName(entry);
        const { path, folder } = safeEntryPath(name);
        if (isSymlink(entry)) throw new ApiError(10101, 'import.zipSymlink', { name: path.slice(0, 200) });
        if (!folder) {
          if (entry.uncompressedSize > MAX_ZIP_ENTRY_BYTES) throw new ApiError(10101, 'import.zipEntryTooLarge', { name: path.slice(0, 200), max: String(MAX_ZIP_ENTRY_BYTES / MB) });
          declared += entry.uncompressedSize;
          if (declared > MAX_ZIP_TOTAL_BYTES) throw new ApiError(10101, 'import.zipTooLarge', { max: String(MAX_ZIP_TOTAL_BYTES / MB) });
          // A second entry of the same name would shadow the first: the first one counts, as unzip keeps it.
          if (!entries.has(path)) entries.set(path, entry);
        }
        zip.readEntry();
      } catch (error) {
        fail(error);
      }
    });
    zip.readEntry();
  });
}

/** Opens an archive and checks every entry's name, kind and declared size. */
export async function openArchive(data: Buffer): Promise<ZipArchive> {
  const zip = await openZip(data);
  // The entry count of the directory record, before a single entry is read.
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    zip.close();
    throw new ApiError(10101, 'import.zipTooManyEntries', { max: String(MAX_ZIP_ENTRIES) });
  }
  let entries: Map<string, yauzl.Entry>;
  try {
    entries = await listEntries(zip);
  } catch (error) {
    zip.close();
    throw error;
  }
  let inflated = 0;

  function inflate(entry: yauzl.Entry, path: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      zip.openReadStream(entry, (err, stream: Readable | undefined) => {
        if (err || !stream) return reject(invalid());
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          inflated += chunk.length;
          const error =
            size > MAX_ZIP_ENTRY_BYTES
              ? new ApiError(10101, 'import.zipEntryTooLarge', { name: path.slice(0, 200), max: String(MAX_ZIP_ENTRY_BYTES / MB) })
              : inflated > MAX_ZIP_TOTAL_BYTES
                ? new ApiError(10101, 'import.zipTooLarge', { max: String(MAX_ZIP_TOTAL_BYTES / MB) })
                : null;
          if (error) {
            stream.destroy();
            return reject(error);
          }
          chunks.push(chunk);
        });
        // yauzl reports an entry that inflates past its declared size as an error here.
        stream.on('error', () => reject(invalid()));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });
  }

  return {
    files: [...entries].map(([path, entry]) => ({ path, size: entry.uncompressedSize })),
    async read(paths) {
      const out = new Map<string, Buffer>();
      for (const path of paths) {
        const entry = entries.get(path);
        if (entry && !out.has(path)) out.set(path, await inflate(entry, path));
      }
      return out;
    },
    close: () => zip.close(),
  };
}
