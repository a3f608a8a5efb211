import type { DiffRow } from './side-by-side';

/**
 * Long runs of unchanged lines fold away behind "show N unchanged lines", keeping a few lines of
 * context next to every change, so a one-line edit in a long page is found without scrolling.
 */
export type DiffChunk =
  | { kind: 'rows'; rows: DiffRow[] }
  /** `id` is the index of its first row: stable while the rows are. */
  | { kind: 'fold'; id: number; rows: DiffRow[] };

export interface FoldOptions {
  /** Unchanged lines kept visible on each side of a change. */
  context: number;
  /** A fold hides at least this many lines; shorter runs are simply shown. */
  minHidden: number;
}

export const DEFAULT_FOLD: FoldOptions = { context: 3, minHidden: 4 };

export function foldUnchanged(rows: readonly DiffRow[], options: FoldOptions = DEFAULT_FOLD): DiffChunk[] {
  const chunks: DiffChunk[] = [];
  let shown: DiffRow[] = [];
  const flush = () => {
    if (shown.length > 0) chunks.push({ kind: 'rows', rows: shown });
    shown = [];
  };

  let index = 0;
  while (index < rows.length) {
    if ((rows[index] as DiffRow).kind !== 'same') {
      shown.push(rows[index] as DiffRow);
      index++;
      continue;
    }
    let end = index;
    while (end < rows.length && (rows[end] as DiffRow).kind === 'same') end++;
    // Context only where there is a change to give context to.
    const before = index > 0 ? options.context : 0;
    const after = end < rows.length ? options.context : 0;
    const hidden = end - index - before - after;
    if (hidden < options.minHidden) {
      shown.push(...rows.slice(index, end));
    } else {
      shown.push(...rows.slice(index, index + before));
      flush();
      chunks.push({ kind: 'fold', id: index + before, rows: rows.slice(index + before, end - after) });
      shown.push(...rows.slice(end - after, end));
    }
    index = end;
  }
  flush();
  return chunks;
}
