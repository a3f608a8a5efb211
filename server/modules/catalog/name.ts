import { ApiError } from '../../http/api-error.js';

/** Counted as people see characters, so a name of emoji or combining marks is not cut short. */
export const MAX_CATALOG_NAME_CHARS = 255;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A catalog name as the caller wrote it: stored byte for byte (no trimming, no escaping), refused when
 * blank or longer than MAX_CATALOG_NAME_CHARS.
 */
export function catalogName(raw: string): string {
  if (raw.trim() === '') throw new ApiError(10101, 'catalog.nameRequired');
  let count = 0;
  for (const _ of graphemes.segment(raw)) {
    if (++count > MAX_CATALOG_NAME_CHARS) throw new ApiError(10100, 'catalog.nameTooLong', { max: String(MAX_CATALOG_NAME_CHARS) });
  }
  return raw;
}
