import type { Cell, CellWithRowAndCol, Sheet, SheetConfig } from '@fortune-sheet/core';
import type { XCell, XRow, XSheet, XWorkbook } from '../../../../common/spreadsheet/xsheet';
import { borderToFortune, type FortuneCellBorder } from './borders';
import { styleToFortune } from './cell-style';
import { parseCell, parseRange } from '../../../../common/spreadsheet/address';
import { MIN_COLS, MIN_ROWS, type FortuneBook, type SheetExtras } from './sheet-model';

const KNOWN_KEYS = new Set(['name', 'freeze', 'styles', 'merges', 'rows', 'cols']);

/** A number whose text is exactly what x-spreadsheet stored ('1200.5', not '1200.50' or '007'). */
function canonicalNumber(text: string): number | null {
  if (text.trim() === '' || text !== text.trim()) return null;
  const value = Number(text);
  return Number.isFinite(value) && String(value) === text ? value : null;
}

function cellValue(text: string, format: string | undefined): Pick<Cell, 'v' | 'm' | 'f'> {
  if (text.startsWith('=') && text.length > 1) return { f: text };
  const number = format === 'text' ? null : canonicalNumber(text);
  if (number !== null) return { v: number, m: text };
  return { v: text, m: text };
}

function rowEntries(rows: XSheet['rows']): [number, XRow][] {
  if (!rows) return [];
  const out: [number, XRow][] = [];
  for (const [key, row] of Object.entries(rows)) {
    if (!/^\d+$/.test(key) || typeof row !== 'object' || row === null) continue;
    out.push([Number(key), row]);
  }
  return out;
}

function colEntries(cols: XSheet['cols']): [number, { width?: number; hide?: boolean }][] {
  if (!cols) return [];
  const out: [number, { width?: number; hide?: boolean }][] = [];
  for (const [key, col] of Object.entries(cols)) {
    if (!/^\d+$/.test(key) || typeof col !== 'object' || col === null) continue;
    out.push([Number(key), col]);
  }
  return out;
}

/** x-spreadsheet's `freeze` ('C3': rows 1–2 and columns A–B frozen) as Fortune-sheet's. */
function frozenOf(freeze: string | undefined): Sheet['frozen'] | undefined {
  const pos = freeze ? parseCell(freeze) : null;
  if (!pos || (pos.row === 0 && pos.col === 0)) return undefined;
  const range = { row_focus: pos.row - 1, column_focus: pos.col - 1 };
  if (pos.col === 0) return { type: 'rangeRow', range };
  if (pos.row === 0) return { type: 'rangeColumn', range };
  return { type: 'rangeBoth', range };
}

function sheetToFortune(sheet: XSheet, index: number): { sheet: Sheet; extras: SheetExtras } {
  const id = `sheet-${index + 1}`;
  const styles = sheet.styles ?? [];
  const celldata: CellWithRowAndCol[] = [];
  const config: SheetConfig = { merge: {}, rowlen: {}, columnlen: {}, rowhidden: {}, colhidden: {}, borderInfo: [] };
  const borders: FortuneCellBorder[] = [];
  // Fortune-sheet evaluates and keeps up to date only the formula cells its calculation chain lists.
  const calcChain: { r: number; c: number; id: string }[] = [];
  const cellAt = new Map<string, Cell>();
  let lastRow = 0;
  let lastCol = 0;

  for (const [r, row] of rowEntries(sheet.rows)) {
    if (row.height !== undefined) config.rowlen![r] = row.height;
    if (row.hide) config.rowhidden![r] = 0;
    for (const [key, xcell] of Object.entries(row.cells ?? {}) as [string, XCell][]) {
      if (!/^\d+$/.test(key) || typeof xcell !== 'object' || xcell === null) continue;
      const c = Number(key);
      const style = xcell.style !== undefined ? styles[xcell.style] : undefined;
      const cell: Cell = { ...styleToFortune(style), ...(xcell.text !== undefined ? cellValue(xcell.text, style?.format) : {}) };
      if (style?.border) {
        const border = borderToFortune(r, c, style.border);
        if (border) borders.push(border);
      }
      if (cell.f !== undefined) calcChain.push({ r, c, id });
      cellAt.set(`${r}_${c}`, cell);
      celldata.push({ r, c, v: cell });
      lastRow = Math.max(lastRow, r);
      lastCol = Math.max(lastCol, c);
    }
  }

  for (const ref of sheet.merges ?? []) {
    const range = parseRange(ref);
    if (!range) continue;
    const rs = range.bottom - range.top + 1;
    const cs = range.right - range.left + 1;
    config.merge![`${range.top}_${range.left}`] = { r: range.top, c: range.left, rs, cs };
    for (let r = range.top; r <= range.bottom; r += 1) {
      for (let c = range.left; c <= range.right; c += 1) {
        const mc = r === range.top && c === range.left ? { r, c, rs, cs } : { r: range.top, c: range.left };
        const existing = cellAt.get(`${r}_${c}`);
        if (existing) existing.mc = mc;
        else celldata.push({ r, c, v: { mc } });
      }
    }
    lastRow = Math.max(lastRow, range.bottom);
    lastCol = Math.max(lastCol, range.right);
  }

  for (const [c, col] of colEntries(sheet.cols)) {
    if (col.width !== undefined) config.columnlen![c] = col.width;
    if (col.hide) config.colhidden![c] = 0;
  }
  config.borderInfo = borders;

  const rowsLen = typeof sheet.rows?.len === 'number' ? sheet.rows.len : undefined;
  const colsLen = typeof sheet.cols?.len === 'number' ? sheet.cols.len : undefined;
  const passthrough: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(sheet)) if (!KNOWN_KEYS.has(key)) passthrough[key] = value;

  const frozen = frozenOf(sheet.freeze);
  const out: Sheet = {
    id,
    name: typeof sheet.name === 'string' && sheet.name !== '' ? sheet.name : `Sheet${index + 1}`,
    order: index,
    status: index === 0 ? 1 : 0,
    row: Math.max(MIN_ROWS, rowsLen ?? 0, lastRow + 1),
    column: Math.max(MIN_COLS, colsLen ?? 0, lastCol + 1),
    celldata,
    config,
    calcChain,
    ...(frozen ? { frozen } : {}),
  };
  return { sheet: out, extras: { ...(rowsLen !== undefined ? { rowsLen } : {}), ...(colsLen !== undefined ? { colsLen } : {}), passthrough } };
}

/** ShowDoc's stored sheets → what the Fortune-sheet component shows; an empty workbook gets one sheet. */
export function xWorkbookToFortune(workbook: XWorkbook): FortuneBook {
  const sheets = workbook.length > 0 ? workbook : [{ name: 'sheet1' }];
  const book: FortuneBook = { sheets: [], extras: {} };
  sheets.forEach((sheet, index) => {
    const converted = sheetToFortune(sheet, index);
    book.sheets.push(converted.sheet);
    book.extras[converted.sheet.id!] = converted.extras;
  });
  return book;
}

/** A page's content as sheets: ShowDoc writes '' for a new spreadsheet project; anything unreadable is an error. */
export function parseXWorkbook(content: string): XWorkbook {
  if (content.trim() === '') return [];
  const value: unknown = JSON.parse(content);
  if (!Array.isArray(value)) throw new Error('not a sheet list');
  return value.filter((sheet): sheet is XSheet => typeof sheet === 'object' && sheet !== null) as XWorkbook;
}
