import type { DiffRow } from './side-by-side';

/**
 * The one-column diff of a phone: each rewrite shows all its old lines, then all its new lines, as
 * `diff -u` does, rather than alternating old and new line by line.
 */
export interface UnifiedLine {
  kind: 'same' | 'removed' | 'added';
  oldNumber: number | null;
  newNumber: number | null;
  text: string;
  /** The aligned row it comes from: a `changed` row carries the other side for word highlights. */
  row: DiffRow;
}

export function unifiedLines(rows: readonly DiffRow[]): UnifiedLine[] {
  const lines: UnifiedLine[] = [];
  let removed: UnifiedLine[] = [];
  let added: UnifiedLine[] = [];
  const flush = () => {
    lines.push(...removed, ...added);
    removed = [];
    added = [];
  };
  for (const row of rows) {
    if (row.kind === 'same') {
      flush();
      lines.push({ kind: 'same', oldNumber: row.left?.number ?? null, newNumber: row.right?.number ?? null, text: row.left?.text ?? '', row });
      continue;
    }
    if (row.left) removed.push({ kind: 'removed', oldNumber: row.left.number, newNumber: null, text: row.left.text, row });
    if (row.right) added.push({ kind: 'added', oldNumber: null, newNumber: row.right.number, text: row.right.text, row });
  }
  flush();
  return lines;
}
