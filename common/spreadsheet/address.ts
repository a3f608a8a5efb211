/**
 * A1-style cell addresses as x-spreadsheet writes them: columns A…Z, AA…, rows from 1. Indexes are
 * 0-based, as in the stored `rows`/`cells` keys.
 */

export interface CellIndex {
  row: number;
  col: number;
}

export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** 0 → 'A', 25 → 'Z', 26 → 'AA'. */
export function columnName(col: number): string {
  let name = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** 'A' → 0, 'aa' → 26; -1 for anything that is not column letters. */
export function columnIndex(name: string): number {
  if (!/^[A-Za-z]{1,4}$/.test(name)) return -1;
  let n = 0;
  for (const ch of name.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** (0, 0) → 'A1'. */
export function cellName(row: number, col: number): string {
  return `${columnName(col)}${row + 1}`;
}

/** 'B5' → { row: 4, col: 1 }; null when it is not an address (`$` anchors are allowed). */
export function parseCell(ref: string): CellIndex | null {
  const match = /^\$?([A-Za-z]{1,4})\$?([0-9]{1,7})$/.exec(ref.trim());
  if (!match?.[1] || !match[2]) return null;
  const row = Number(match[2]) - 1;
  if (row < 0) return null;
  return { row, col: columnIndex(match[1]) };
}

/** 'B5:F5' → rows 4–4, columns 1–5 (either corner first); a single cell is a one-cell range. */
export function parseRange(ref: string): CellRange | null {
  const [a, b, extra] = ref.split(':');
  if (a === undefined || extra !== undefined) return null;
  const from = parseCell(a);
  const to = parseCell(b ?? a);
  if (!from || !to) return null;
  return { top: Math.min(from.row, to.row), left: Math.min(from.col, to.col), bottom: Math.max(from.row, to.row), right: Math.max(from.col, to.col) };
}

/** { top: 4, left: 1, bottom: 4, right: 5 } → 'B5:F5'. */
export function rangeName(range: CellRange): string {
  return `${cellName(range.top, range.left)}:${cellName(range.bottom, range.right)}`;
}
