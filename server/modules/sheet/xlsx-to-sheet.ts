// Types only here: exceljs (about 20 MB resident) loads on the first spreadsheet import or export, not at
// server start (issue 21).
import type ExcelJS from 'exceljs';
import { cellName, parseRange } from '../../../common/spreadsheet/address.js';
import type { XCell, XRow, XSheet, XStyle, XWorkbook } from '../../../common/spreadsheet/xsheet.js';
import { ApiError } from '../../http/api-error.js';
import { DropList } from './dropped.js';
import { MAX_CELLS, MAX_COLUMNS, MAX_ROWS, MAX_SHEETS } from './limits.js';
import { PT_PER_PX, PX_PER_CHAR } from './sheet-to-xlsx.js';
import { styleFromExcel } from './styles.js';

/**
 * An .xlsx file (already through the zip guard) as an x-spreadsheet workbook: values as text,
 * formulas as `=…` (the browser computes them), styles that map, merges, widths, heights and frozen
 * panes. What has no place in x-spreadsheet's format is listed in `drops`.
 */

export interface XlsxRead {
  workbook: XWorkbook;
  cells: number;
  drops: DropList;
}

/** Workbook parts exceljs does not read, found by their names in the zip. */
const PART_DROPS: [RegExp, 'chart' | 'pivot' | 'macro'][] = [
  [/^xl\/charts\/chart[^/]*\.xml$/i, 'chart'],
  [/^xl\/pivotTables\//i, 'pivot'],
  [/^xl\/vbaProject\.bin$/i, 'macro'],
];

interface Untyped {
  conditionalFormattings?: unknown[];
  dataValidations?: { model?: Record<string, unknown> };
  sheetProtection?: { sheet?: boolean };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Excel dates carry no zone: exceljs reads them as UTC. */
function dateText(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const seconds = date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds();
  return seconds === 0 ? day : `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

function cellText(cell: ExcelJS.Cell, sheet: string, drops: DropList): string | undefined {
  const value = cell.value;
  const where = cell.address;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : dateText(value);
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = cell.formula;
    return formula ? `=${formula}` : undefined;
  }
  if ('richText' in value) {
    if (value.richText.some((run) => run.font && Object.keys(run.font).length > 0)) drops.add(sheet, 'richText', where);
    return value.richText.map((run) => run.text).join('');
  }
  if ('hyperlink' in value) {
    drops.add(sheet, 'hyperlink', where);
    const text = value.text as unknown;
    if (typeof text === 'string') return text;
    if (text && typeof text === 'object' && 'richText' in text) return (text as ExcelJS.CellRichTextValue).richText.map((run) => run.text).join('');
    return value.hyperlink;
  }
  if ('error' in value) {
    drops.add(sheet, 'error', where);
    return value.error;
  }
  return undefined;
}

class StyleTable {
  readonly styles: XStyle[] = [];
  private readonly index = new Map<string, number>();

  add(style: XStyle): number | undefined {
    if (Object.keys(style).length === 0) return undefined;
    const key = JSON.stringify(style);
    let at = this.index.get(key);
    if (at === undefined) {
      at = this.styles.push(style) - 1;
      this.index.set(key, at);
    }
    return at;
  }
}

function readSheet(ws: ExcelJS.Worksheet, name: string, drops: DropList, budget: { cells: number }): XSheet {
  const styles = new StyleTable();
  const rows: NonNullable<XSheet['rows']> = {};
  let lastRow = 0;
  let lastCol = 0;
  const extra = ws as unknown as Untyped;

  if (ws.state !== 'visible') drops.add(name, 'hidden');
  if (ws.getImages().length > 0) drops.add(name, 'image');
  if ((extra.conditionalFormattings?.length ?? 0) > 0) drops.add(name, 'conditional');
  if (Object.keys(extra.dataValidations?.model ?? {}).length > 0) drops.add(name, 'validation');
  if (ws.autoFilter) drops.add(name, 'autofilter');
  if (extra.sheetProtection?.sheet) drops.add(name, 'protection');

  ws.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const r = rowNumber - 1;
    if (r >= MAX_ROWS) {
      if (row.hasValues) drops.add(name, 'outOfRange', cellName(r, 0));
      return;
    }
    const xrow: XRow = {};
    if (row.hidden) drops.add(name, 'hiddenRow', String(rowNumber));
    if (row.height) xrow.height = Math.round(row.height / PT_PER_PX);
    row.eachCell({ includeEmpty: false }, (cell, colNumber) => {
      const c = colNumber - 1;
      if (c >= MAX_COLUMNS) {
        drops.add(name, 'outOfRange', cell.address);
        return;
      }
      // A merged range keeps its value and style on its top-left cell only, as x-spreadsheet does.
      if (cell.isMerged && cell.master.address !== cell.address) return;
      const text = cellText(cell, name, drops);
      if (cell.note) drops.add(name, 'comment', cell.address);
      const { style, lost } = styleFromExcel(cell.style);
      for (const kind of lost) drops.add(name, kind, cell.address);
      const styleIndex = styles.add(style);
      if (text === undefined && styleIndex === undefined) return;
      const xcell: XCell = {};
      if (text !== undefined && text !== '') {
        xcell.text = text;
        if (++budget.cells > MAX_CELLS) throw new ApiError(10101, 'sheet.tooManyCells', { max: String(MAX_CELLS) });
      }
      if (styleIndex !== undefined) xcell.style = styleIndex;
      xrow.cells ??= {};
      xrow.cells[String(c)] = xcell;
      lastRow = Math.max(lastRow, r);
      lastCol = Math.max(lastCol, c);
    });
    if (xrow.cells || xrow.height) rows[String(r)] = xrow;
  });

  const merges: string[] = [];
  for (const merge of ws.model.merges ?? []) {
    const range = parseRange(merge);
    if (!range || range.bottom >= MAX_ROWS || range.right >= MAX_COLUMNS) continue;
    merges.push(merge);
    const top = (rows[String(range.top)] ??= {}) as XRow;
    top.cells ??= {};
    const cell = (top.cells[String(range.left)] ??= {});
    cell.merge = [range.bottom - range.top, range.right - range.left];
    lastRow = Math.max(lastRow, range.bottom);
    lastCol = Math.max(lastCol, range.right);
  }

  const cols: NonNullable<XSheet['cols']> = {};
  const columnCount = Math.min(ws.columnCount, MAX_COLUMNS);
  for (let c = 1; c <= columnCount; c++) {
    const column = ws.getColumn(c);
    const entry: { width?: number; hide?: boolean } = {};
    // exceljs reports 9 for a column without a width of its own.
    if (column.width && column.width !== 9) entry.width = Math.round(column.width * PX_PER_CHAR);
    if (column.hidden) entry.hide = true;
    if (entry.width || entry.hide) cols[String(c - 1)] = entry;
  }
  rows.len = Math.max(100, lastRow + 1);
  cols.len = Math.max(26, lastCol + 1);

  const sheet: XSheet = { name, freeze: 'A1', styles: styles.styles, merges, rows, cols, validations: [], autofilter: {} };
  // exceljs leaves `views` null for a sheet that declares none.
  const view = (ws.views as ExcelJS.WorksheetView[] | null)?.[0];
  if (view?.state === 'frozen') {
    const row = Math.min(view.ySplit ?? 0, MAX_ROWS);
    const col = Math.min(view.xSplit ?? 0, MAX_COLUMNS);
    sheet.freeze = cellName(row, col);
  }
  return sheet;
}

export async function xlsxToWorkbook(data: Buffer, partNames: readonly string[]): Promise<XlsxRead> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(10101, 'sheet.xlsxInvalid');
  }
  const drops = new DropList();
  for (const part of partNames) {
    const kind = PART_DROPS.find(([pattern]) => pattern.test(part))?.[1];
    if (kind) drops.add('', kind);
  }
  if (book.worksheets.length > MAX_SHEETS) throw new ApiError(10101, 'sheet.tooManySheets', { max: String(MAX_SHEETS) });
  if (book.worksheets.length === 0) throw new ApiError(10101, 'sheet.xlsxInvalid');
  const budget = { cells: 0 };
  const workbook = book.worksheets.map((ws) => readSheet(ws, ws.name, drops, budget));
  return { workbook, cells: budget.cells, drops };
}
