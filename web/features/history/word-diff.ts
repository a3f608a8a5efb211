import { diffArrays, type ArrayChange } from 'diff';

/** A piece of one side of a changed line; `changed` pieces are what the other side does not have. */
export interface Segment {
  text: string;
  changed: boolean;
}

export interface LinePairSegments {
  left: Segment[];
  right: Segment[];
}

/** Longer lines (minified JSON, base64 images) are only coloured as a whole: word diffs there cost much and show little. */
export const MAX_WORD_DIFF_CHARS = 5000;

/**
 * Below this share of shared text the two lines are different lines, not an edited one: marking every
 * word would only be noise.
 */
const MIN_SIMILARITY = 0.3;

// Han, kana and Hangul are written without spaces, so each character is a word of its own; other
// letters and digits form words; runs of spaces stay together; anything else is one punctuation token.
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}\p{M}_])+|\s+|[\s\S]/gu;

export function tokenize(line: string): string[] {
  return line.match(TOKEN) ?? [];
}

/** The words of an earlier line (left) and of the line that replaced it (right), marked where they differ. */
export function wordSegments(before: string, after: string): LinePairSegments {
  const whole = { left: plain(before), right: plain(after) };
  if (before.length > MAX_WORD_DIFF_CHARS || after.length > MAX_WORD_DIFF_CHARS) return whole;
  const changes = diffArrays(tokenize(before), tokenize(after));
  if (similarity(changes, before, after) < MIN_SIMILARITY) return whole;

  const left: Segment[] = [];
  const right: Segment[] = [];
  changes.forEach((change, index) => {
    const text = change.value.join('');
    if (change.removed) push(left, text, true);
    else if (change.added) push(right, text, true);
    else {
      // A lone space between two edits reads as part of the edit, not as a shared word.
      const between = index > 0 && index < changes.length - 1 && /^\s+$/.test(text);
      push(left, text, between);
      push(right, text, between);
    }
  });
  return { left, right };
}

function plain(text: string): Segment[] {
  return text === '' ? [] : [{ text, changed: false }];
}

/** Appends a piece, joining it to the last one when both are marked alike. */
function push(segments: Segment[], text: string, changed: boolean): void {
  if (text === '') return;
  const last = segments[segments.length - 1];
  if (last && last.changed === changed) last.text += text;
  else segments.push({ text, changed });
}

/** Shared visible characters over the longer line's visible characters. */
function similarity(changes: ArrayChange<string>[], before: string, after: string): number {
  const visible = (text: string) => text.replace(/\s+/g, '').length;
  const longest = Math.max(visible(before), visible(after));
  if (longest === 0) return 1;
  const shared = changes.filter((change) => !change.added && !change.removed).reduce((sum, change) => sum + visible(change.value.join('')), 0);
  return shared / longest;
}
