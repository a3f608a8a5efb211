import { ApiError } from '../../http/api-error.js';

/**
 * What may be uploaded (security.md §1.7, C2–C9): ShowDoc's blocklist over every extension of the name,
 * an allowlist of the last one, and the bytes themselves sniffed — the stored type is what the content
 * is, never what the client claims. The same rules hold for administrators.
 */

/** Reference §9.4: refused wherever they appear in the name (`a.php.jpg`, `x.jpg.php`). */
const BLOCKED = new Set(
  'php php3 php4 php5 phtml pht phps php7 php8 jsp jspx jspa jsw jsv asp aspx asa asax ascx ashx cfm cfml pl cgi py sh bash zsh bat cmd com scr vb vbe vbs ws wsf hta htaccess shtml shtm stm html htm xhtml xht svg svgz xml xsl js mjs cjs exe dll msi'.split(' '),
);

/** Whether an extension is refused wherever it appears; the admin's extra extensions can never include one. */
export function isBlockedExtension(ext: string): boolean {
  const e = ext.toLowerCase();
  return BLOCKED.has(e) || e.startsWith('php');
}

/** Raster images: shown inline. Anything else is only ever downloaded. */
const RASTER: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

/** Reference §9.4's allowlist, minus what a browser could run (.css stays a download). */
const ALLOWED = new Set([
  ...Object.keys(RASTER),
  ...'mp3 wav mp4 mov flac mkv zip tar gz tgz ipa apk rar 7z iso pdf epub xps doc docx wps ppt pptx xls xlsx txt md psd csv cer pub json css log yaml yml'.split(' '),
]);

/** Text formats file-type cannot recognise: accepted only when the bytes are plain text. */
const TEXT = new Set(['txt', 'md', 'csv', 'json', 'css', 'log', 'yaml', 'yml', 'pub', 'cer']);

/** Extensions whose sniffed kinds may differ from the name (office files are zips, old ones OLE). */
const SNIFF_ALIASES: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  apk: ['apk', 'zip', 'jar'],
  ipa: ['zip'],
  epub: ['epub', 'zip'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  wps: ['cfb'],
  tgz: ['gz'],
  ico: ['ico', 'cur'],
  mkv: ['mkv', 'webm'],
  mp4: ['mp4', 'm4v', 'mov'],
  mov: ['mov', 'mp4', 'qt'],
  xps: ['zip'],
};

export interface CheckedUpload {
  /** The name shown to people: the client's, cleaned. */
  displayName: string;
  /** The MIME type the bytes were recognised as. */
  mime: string;
  isRasterImage: boolean;
}

const MAX_NAME_CHARS = 200;

/** Control characters, bidi overrides and path parts out; a name is data, never a path. */
export function cleanDisplayName(raw: string): string {
  const base = raw.replace(/\0/g, '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const name = clean === '' || clean === 'blob' ? 'blob.jpg' : clean;
  return Array.from(name).slice(-MAX_NAME_CHARS).join('');
}

/** Every dot-separated part after the first, lower-cased, with the tricks ShowDoc saw stripped. */
function extensionsOf(name: string): string[] {
  const stripped = name
    .toLowerCase()
    .replace(/::\$data$/i, '')
    .replace(/[.\s]+$/, '');
  return stripped.split('.').slice(1);
}

/**
 * Text is what has no NUL bytes. Markup inside is fine (documentation quotes HTML): text files are only
 * ever served as downloads, as text/plain, with nosniff and a sandboxing policy.
 */
function looksLikeText(data: Buffer): boolean {
  return !data.subarray(0, 8192).includes(0);
}

export interface UploadCheckOptions {
  /** The editor's image upload: a raster image or nothing. */
  imagesOnly: boolean;
  /**
   * Extensions the site administrator allowed on top of the list (setting `upload_extensions`, already
   * free of blocked ones). Folio cannot tell what their bytes should be, so such files are stored as
   * opaque downloads (application/octet-stream), never shown inline.
   */
  extraExtensions?: ReadonlySet<string>;
}

/** Checks a file; `imagesOnly` for the editor's image upload (a raster image or nothing). */
export async function checkUpload(filename: string, data: Buffer, options: UploadCheckOptions): Promise<CheckedUpload> {
  if (data.length === 0) throw new ApiError(10101, 'upload.empty');
  const displayName = cleanDisplayName(filename);
  const extensions = extensionsOf(displayName);
  if (filename.includes('\0') || extensions.some((ext) => BLOCKED.has(ext) || ext.startsWith('php'))) throw new ApiError(10101, 'upload.typeRefused');
  const last = extensions.at(-1) ?? '';
  if (!ALLOWED.has(last)) {
    if (options.imagesOnly || !options.extraExtensions?.has(last)) throw new ApiError(10101, 'upload.typeRefused');
    return { displayName, mime: 'application/octet-stream', isRasterImage: false };
  }
  if (options.imagesOnly && !RASTER[last]) throw new ApiError(10101, 'upload.notImage');

  // file-type loads with the first upload checked, not at start (issue 21: idle memory).
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(data);
  if (RASTER[last]) {
    if (!sniffed || !Object.values(RASTER).includes(sniffed.mime)) throw new ApiError(10101, 'upload.contentMismatch');
    return { displayName, mime: sniffed.mime, isRasterImage: true };
  }
  if (TEXT.has(last)) {
    if (sniffed || !looksLikeText(data)) throw new ApiError(10101, 'upload.contentMismatch');
    return { displayName, mime: last === 'json' ? 'application/json' : 'text/plain; charset=utf-8', isRasterImage: false };
  }
  const expected = SNIFF_ALIASES[last] ?? [last];
  if (!sniffed || !expected.includes(sniffed.ext)) throw new ApiError(10101, 'upload.contentMismatch');
  return { displayName, mime: sniffed.mime, isRasterImage: false };
}
