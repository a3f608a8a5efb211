import { diffArrays } from 'diff';

/**
 * Lines of an earlier version (left) and of the page now (right), aligned row by row for the diff
 * screen. A removed run followed by an added run is a rewrite: its lines are paired as `changed` rows,
 * so the two columns stay side by side and each pair can be compared word by word.
 */
export type RowKind = 'same' | 'removed' | 'added' | 'changed';

export interface SideLine {
  /** 1-based, in its own text. */
  number: number;
  text: string;
}

export interface DiffRow {
  kind: RowKind;
  left: SideLine | null;
  right: SideLine | null;
}

export interface DiffSummary {
  added: number;
  removed: number;
}

/**
 * Beyond this many inserted plus deleted lines the exact diff is not worth its cost (it grows with the
 * square of the distance: about 0.1 s here, 1.5 s at 4,000): the differing middle is shown as one rewrite.
 */
export const MAX_EDIT_LENGTH = 1000;

/** Lines of a text, whichever line endings it was saved with; a final line break ends the last line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function alignLines(history: string, current: string): DiffRow[] {
  const left = splitLines(history);
  const right = splitLines(current);

  // Most saves touch a few lines: the shared start and end are matched here, in linear time, so the
  // diff below only sees the part that differs (and a giant rewrite still keeps them).
  let start = 0;
  while (start < left.length && start < right.length && left[start] === right[start]) start++;
  let leftEnd = left.length;
  let rightEnd = right.length;
  while (leftEnd > start && rightEnd > start && left[leftEnd - 1] === right[rightEnd - 1]) {
    leftEnd--;
    rightEnd--;
  }

  const rows: DiffRow[] = [];
  const builder = rowBuilder(rows);
  builder.same(left.slice(0, start));

  const leftMiddle = left.slice(start, leftEnd);
  const rightMiddle = right.slice(start, rightEnd);
  const changes = diffArrays(leftMiddle, rightMiddle, { maxEditLength: MAX_EDIT_LENGTH });
  if (changes === undefined) {
    builder.replace(leftMiddle, rightMiddle);
  } else {
    let removed: string[] = [];
    let added: string[] = [];
    for (const change of changes) {
      if (change.removed) removed = removed.concat(change.value);
      else if (change.added) added = added.concat(change.value);
      else {
        builder.replace(removed, added);
        removed = [];
        added = [];
        builder.same(change.value);
      }
    }
    builder.replace(removed, added);
  }

  builder.same(left.slice(leftEnd));
  return rows;
}

/** Appends rows, numbering each side's lines as it goes. */
function rowBuilder(rows: DiffRow[]) {
  let leftNumber = 0;
  let rightNumber = 0;
  const leftLine = (text: string): SideLine => ({ number: ++leftNumber, text });
  const rightLine = (text: string): SideLine => ({ number: ++rightNumber, text });
  return {
    same(lines: readonly string[]) {
      for (const text of lines) rows.push({ kind: 'same', left: leftLine(text), right: rightLine(text) });
    },
    /** Removed lines replaced by added ones: paired in order, the longer side's rest alone. */
    replace(removed: readonly string[], added: readonly string[]) {
      const paired = Math.min(removed.length, added.length);
      for (let index = 0; index < paired; index++) {
        rows.push({ kind: 'changed', left: leftLine(removed[index] as string), right: rightLine(added[index] as string) });
      }
      for (const text of removed.slice(paired)) rows.push({ kind: 'removed', left: leftLine(text), right: null });
      for (const text of added.slice(paired)) rows.push({ kind: 'added', left: null, right: rightLine(text) });
    },
  };
}

/** Lines the current version added and lines it no longer has; a changed line counts as both. */
export function summarize(rows: readonly DiffRow[]): DiffSummary {
  let added = 0;
  let removed = 0;
  for (const row of rows) {
    if (row.kind === 'added' || row.kind === 'changed') added++;
    if (row.kind === 'removed' || row.kind === 'changed') removed++;
  }
  return { added, removed };
}
