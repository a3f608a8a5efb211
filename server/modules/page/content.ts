import zlib from 'node:zlib';
import { ApiError } from '../../http/api-error.js';

/**
 * Page bodies are stored as the person wrote them: raw markdown, never HTML-escaped (ARCHITECTURE.md),
 * after an optional URL-decoding pass (`is_urlencode`, which ShowDoc's browser app always sends).
 * ShowDoc stored them entity-escaped (showdoc-behaviour.md §2.6); its data is unescaped when imported,
 * so every body here is the markdown itself, searchable and exportable as it is.
 */

/** Characters of markdown one page may hold, counted after URL-decoding and before escaping. */
export const MAX_CONTENT_CHARS = 2_000_000;

/** What page/save stores for the `page_content` it received. */
export function storedContent(raw: string, isUrlencoded: boolean): string {
  // ShowDoc refuses empty content before decoding it, so an encoded space is "content".
  if (raw === '') throw new ApiError(10101, 'page.contentEmpty');
  const text = isUrlencoded ? urldecode(raw) : raw;
  if (text.length > MAX_CONTENT_CHARS) throw new ApiError(10100, 'page.contentTooLong', { max: String(MAX_CONTENT_CHARS) });
  return wellFormed(text);
}

/** PHP's `urldecode`: `+` is a space, `%XX` a byte; bytes that are not UTF-8 are refused, not guessed. */
function urldecode(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new ApiError(10100, 'page.contentEncoding');
  }
}

/** Half of a surrogate pair cannot be stored as UTF-8; it becomes U+FFFD, as the database drivers would make it anyway. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Inflated legacy bodies larger than this are left as they are stored. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** base64 of a zlib stream: CMF 0x78 and one of the FLG bytes PHP's gzcompress writes. */
const ZLIB_BASE64 = /^e[AFJN][A-Za-z0-9+/]*={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The old ShowDoc server stored some bodies (mostly history rows) as `base64(gzcompress(text, 9))`.
 * Every read path tries that and falls back to the stored text, as ShowDoc does.
 */
export function readableContent(stored: string): string {
  if (stored.length < 12 || stored.length % 4 !== 0 || !ZLIB_BASE64.test(stored)) return stored;
  try {
    const inflated = zlib.inflateSync(Buffer.from(stored, 'base64'), { maxOutputLength: MAX_INFLATED_BYTES });
    return utf8.decode(inflated);
  } catch {
    return stored;
  }
}

