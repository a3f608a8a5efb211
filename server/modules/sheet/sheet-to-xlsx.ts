// Types only here: exceljs (about 20 MB resident) loads on the first spreadsheet import or export, not at
// server start (issue 21).
import type ExcelJS from 'exceljs';
import { parseCell, parseRange, rangeName } from '../../../common/spreadsheet/address.js';
import { sheetCells } from '../../../common/spreadsheet/cells.js';
import type { XSheet, XWorkbook } from '../../../common/spreadsheet/xsheet.js';
import { styleToExcel } from './styles.js';

/**
 * A stored workbook as an .xlsx file. Formulas go out as formulas (Excel computes them on opening:
 * the server does not evaluate them); numbers typed as text go out as numbers when they read back to
 * the same text, so sums work in Excel and the sheet re-imports unchanged.
 */

/** x-spreadsheet measures in pixels; Excel widths are in characters of the default font (7 px). */
export const PX_PER_CHAR = 7;
/** Row heights: Excel points, x-spreadsheet pixels at 96 dpi. */
export const PT_PER_PX = 0.75;

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ], and unique. */
function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[:\\/?*[\]]/g, '_').slice(0, 31).trim() || 'Sheet';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, 31 - String(n).length - 1)}_${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

function cellValue(text: string): ExcelJS.CellValue {
  if (text.startsWith('=') && text.length > 1) return { formula: text.slice(1) } as ExcelJS.CellFormulaValue;
  if (/^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/.test(text) && String(Number(text)) === text) return Number(text);
  return text;
}

function writeSheet(book: ExcelJS.Workbook, sheet: XSheet, name: string): void {
  const freeze = sheet.freeze ? parseCell(sheet.freeze) : null;
  const ws = book.addWorksheet(name, {
    views: freeze && (freeze.row > 0 || freeze.col > 0) ? [{ state: 'frozen', xSplit: freeze.col, ySplit: freeze.row }] : [],
  });
  const styles = (sheet.styles ?? []).map(styleToExcel);
  for (const { row, col, cell } of sheetCells(sheet)) {
    const style = cell.style !== undefined ? styles[cell.style] : undefined;
    if (cell.text === undefined && !style) continue;
    const target = ws.getCell(row + 1, col + 1);
    if (cell.text !== undefined && cell.text !== '') target.value = cellValue(cell.text);
    if (style) target.style = style;
  }
  for (const [key, row] of Object.entries(sheet.rows ?? {})) {
    if (/^[0-9]+$/.test(key) && typeof row === 'object' && row.height) ws.getRow(Number(key) + 1).height = row.height * PT_PER_PX;
  }
  for (const [key, col] of Object.entries(sheet.cols ?? {})) {
    if (!/^[0-9]+$/.test(key) || typeof col !== 'object') continue;
    const column = ws.getColumn(Number(key) + 1);
    if (col.width) column.width = col.width / PX_PER_CHAR;
    if (col.hide) column.hidden = true;
  }
  const merged = new Set<string>();
  for (const merge of sheet.merges ?? []) {
    const range = parseRange(merge);
    if (!range || (range.top === range.bottom && range.left === range.right)) continue;
    const ref = rangeName(range);
    if (merged.has(ref)) continue;
    merged.add(ref);
    try {
      ws.mergeCells(ref);
    } catch {
      // Overlapping merges: x-spreadsheet can hold them, Excel cannot; the first one wins.
    }
  }
}

export async function workbookToXlsx(workbook: XWorkbook): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  book.creator = 'Folio';
  // No cached results are written, so Excel must compute every formula on opening.
  book.calcProperties.fullCalcOnLoad = true;
  const taken = new Set<string>();
  const sheets = workbook.length > 0 ? workbook : [{ name: 'Sheet1' }];
  for (const sheet of sheets) writeSheet(book, sheet, sheetName(sheet.name, taken));
  return Buffer.from(await book.xlsx.writeBuffer());
}
