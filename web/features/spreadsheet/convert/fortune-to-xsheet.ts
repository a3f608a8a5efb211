import type { Cell, CellMatrix, Sheet } from '@fortune-sheet/core';
import type { XCell, XRow, XSheet, XStyle, XWorkbook } from '../../../../common/spreadsheet/xsheet';
import { bordersFromFortune } from './borders';
import { styleFromFortune } from './cell-style';
import { cellName, columnName, rangeName } from '../../../../common/spreadsheet/address';
import { X_DEFAULT_COLS_LEN, X_DEFAULT_ROWS_LEN, type SheetExtras } from './sheet-model';

/** What x-spreadsheet would store as the cell's text: the formula, else the value as typed. */
function cellText(cell: Cell): string | undefined {
  if (typeof cell.f === 'string' && cell.f !== '') return cell.f.startsWith('=') ? cell.f : `=${cell.f}`;
  // Text with line breaks or runs of formatting is kept by Fortune-sheet as "inline string" parts.
  if (cell.ct?.t === 'inlineStr' && Array.isArray(cell.ct.s)) {
    return (cell.ct.s as { v?: unknown }[]).map((part) => (part.v === undefined || part.v === null ? '' : String(part.v))).join('');
  }
  // Dates are serial numbers inside Fortune-sheet; x-spreadsheet keeps what the user sees.
  if (cell.ct?.t === 'd' && typeof cell.m === 'string') return cell.m;
  if (cell.v === undefined || cell.v === null) return undefined;
  if (typeof cell.v === 'boolean') return cell.v ? 'TRUE' : 'FALSE';
  return String(cell.v);
}

function cellsOf(sheet: Sheet): { r: number; c: number; cell: Cell }[] {
  const out: { r: number; c: number; cell: Cell }[] = [];
  const matrix: CellMatrix | undefined = sheet.data;
  if (matrix) {
    matrix.forEach((row, r) => {
      row?.forEach((cell, c) => {
        if (cell) out.push({ r, c, cell });
      });
    });
    return out;
  }
  for (const entry of sheet.celldata ?? []) if (entry.v) out.push({ r: entry.r, c: entry.c, cell: entry.v });
  return out;
}

function freezeOf(frozen: Sheet['frozen']): string {
  if (!frozen) return 'A1';
  const row = frozen.range?.row_focus ?? 0;
  const col = frozen.range?.column_focus ?? 0;
  switch (frozen.type) {
    case 'row':
      return 'A2';
    case 'column':
      return 'B1';
    case 'both':
      return 'B2';
    case 'rangeRow':
      return cellName(row + 1, 0);
    case 'rangeColumn':
      return `${columnName(col + 1)}1`;
    case 'rangeBoth':
      return cellName(row + 1, col + 1);
    default:
      return 'A1';
  }
}

function numberMap(record: Record<string, number> | undefined): [number, number][] {
  return Object.entries(record ?? {})
    .filter(([key, value]) => /^\d+$/.test(key) && Number.isFinite(Number(value)))
    .map(([key, value]) => [Number(key), Number(value)]);
}

export function fortuneSheetToX(sheet: Sheet, extras: SheetExtras | undefined): XSheet {
  const config = sheet.config ?? {};
  const borders = bordersFromFortune(config.borderInfo);
  const styles: XStyle[] = [];
  const styleIndex = new Map<string, number>();
  const rows: Record<string, XRow> = {};
  let lastRow = -1;
  let lastCol = -1;

  const rowAt = (r: number): XRow => {
    let row = rows[r];
    if (!row) {
      row = {};
      rows[r] = row;
    }
    return row;
  };

  const cells = cellsOf(sheet);
  const seen = new Set<string>();
  const put = (r: number, c: number, cell: Cell | null) => {
    const key = `${r}_${c}`;
    seen.add(key);
    const xcell: XCell = {};
    if (cell) {
      const text = cellText(cell);
      if (text !== undefined && text !== '') xcell.text = text;
      if (cell.mc && cell.mc.rs !== undefined && cell.mc.cs !== undefined) xcell.merge = [cell.mc.rs - 1, cell.mc.cs - 1];
    }
    const base = cell ? styleFromFortune(cell) : undefined;
    const border = borders.get(key);
    const style: XStyle | undefined = border ? { ...base, border } : base;
    if (style) {
      const id = JSON.stringify(style);
      let index = styleIndex.get(id);
      if (index === undefined) {
        index = styles.length;
        styles.push(style);
        styleIndex.set(id, index);
      }
      xcell.style = index;
    }
    if (Object.keys(xcell).length === 0) return;
    const row = rowAt(r);
    row.cells ??= {};
    row.cells[c] = xcell;
    lastRow = Math.max(lastRow, r);
    lastCol = Math.max(lastCol, c);
  };
  for (const { r, c, cell } of cells) put(r, c, cell);
  // A border on a cell that holds nothing else.
  for (const key of borders.keys()) {
    if (seen.has(key)) continue;
    const [r, c] = key.split('_').map(Number) as [number, number];
    put(r, c, null);
  }

  for (const [r, height] of numberMap(config.rowlen)) {
    rowAt(r).height = height;
    lastRow = Math.max(lastRow, r);
  }
  for (const [r] of numberMap(config.rowhidden)) {
    rowAt(r).hide = true;
    lastRow = Math.max(lastRow, r);
  }

  const cols: Record<string, { width?: number; hide?: boolean }> = {};
  for (const [c, width] of numberMap(config.columnlen)) {
    cols[c] = { ...cols[c], width };
    lastCol = Math.max(lastCol, c);
  }
  for (const [c] of numberMap(config.colhidden)) {
    cols[c] = { ...cols[c], hide: true };
    lastCol = Math.max(lastCol, c);
  }

  const merges = Object.values(config.merge ?? {})
    .filter((merge) => merge.rs > 1 || merge.cs > 1)
    .map((merge) => rangeName({ top: merge.r, left: merge.c, bottom: merge.r + merge.rs - 1, right: merge.c + merge.cs - 1 }));
  for (const merge of Object.values(config.merge ?? {})) lastRow = Math.max(lastRow, merge.r + merge.rs - 1);

  // Rows below the last used one are not stored; `len` stays what the sheet had, or grows to fit.
  const rowsLen = Math.max(extras?.rowsLen ?? X_DEFAULT_ROWS_LEN, lastRow + 1);
  const colsLen = Math.max(extras?.colsLen ?? X_DEFAULT_COLS_LEN, lastCol + 1);
  return {
    name: sheet.name,
    freeze: freezeOf(sheet.frozen),
    styles,
    merges,
    rows: { ...rows, len: rowsLen },
    cols: { ...cols, len: colsLen },
    validations: [],
    autofilter: {},
    ...extras?.passthrough,
  };
}

/** The component's sheets (in their tab order) → ShowDoc's stored format. */
export function fortuneToXWorkbook(sheets: Sheet[], extras: Record<string, SheetExtras>): XWorkbook {
  return [...sheets]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((sheet) => fortuneSheetToX(sheet, sheet.id !== undefined ? extras[sheet.id] : undefined));
}
