import type { XCell, XSheet } from './xsheet.js';

export interface PlacedCell {
  row: number;
  col: number;
  cell: XCell;
}

const byNumber = (a: string, b: string) => Number(a) - Number(b);

/** The cells of a sheet in reading order (row by row, left to right), empty ones included. */
export function sheetCells(sheet: XSheet): PlacedCell[] {
  const out: PlacedCell[] = [];
  const rows = sheet.rows ?? {};
  for (const rowKey of Object.keys(rows).filter((k) => /^[0-9]+$/.test(k)).sort(byNumber)) {
    const row = rows[rowKey];
    if (typeof row !== 'object' || !row.cells) continue;
    for (const colKey of Object.keys(row.cells).filter((k) => /^[0-9]+$/.test(k)).sort(byNumber)) {
      const cell = row.cells[colKey];
      if (cell) out.push({ row: Number(rowKey), col: Number(colKey), cell });
    }
  }
  return out;
}

/** Cells with something typed in them. */
export function filledCells(sheet: XSheet): PlacedCell[] {
  return sheetCells(sheet).filter(({ cell }) => cell.text !== undefined && cell.text !== '');
}
