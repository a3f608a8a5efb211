/**
 * Lengths of titles and names are counted as people see characters, so a title of emoji or combining
 * marks is not cut short.
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Longest run of code units one counted character is allowed here. ICU segments the whole string it is
 * given (a 10 MB name takes seconds), so only a prefix long enough for `max` characters is segmented.
 */
const UNITS_PER_CHARACTER = 32;

/** The first `max` characters as people count them (importers cut long names before writing). */
export function firstGraphemes(text: string, max: number): string {
  let out = '';
  let count = 0;
  for (const { segment } of graphemes.segment(text.slice(0, max * UNITS_PER_CHARACTER))) {
    if (++count > max) break;
    out += segment;
  }
  return out;
}

/** Characters as people count them, counting stops after `stopAfter`. */
export function graphemeCount(text: string, stopAfter: number): number {
  if (text.length > stopAfter * UNITS_PER_CHARACTER) return stopAfter + 1;
  let count = 0;
  for (const _ of graphemes.segment(text)) if (++count > stopAfter) break;
  return count;
}
