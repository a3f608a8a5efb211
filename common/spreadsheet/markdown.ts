import { filledCells } from './cells.js';
import type { XSheet, XWorkbook } from './xsheet.js';

/**
 * Sheets as markdown tables (the Word export lays them out as Word tables). The table spans the used
 * range: from A1 to the last row and column holding text; formulas show as typed, since Folio does
 * not evaluate them on the server.
 */

/** Columns and rows a table keeps; a sheet beyond them is cut, and says so. */
export const MARKDOWN_MAX_COLUMNS = 100;
export const MARKDOWN_MAX_ROWS = 5000;

function escapeCell(text: string): string {
  return text
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/[\\`*_[\]<>|#~]/g, (ch) => `\\${ch}`)
    .trim();
}

export interface SheetTable {
  markdown: string;
  /** True when rows or columns beyond the caps were left out. */
  cut: boolean;
}

export function sheetMarkdownTable(sheet: XSheet): SheetTable | null {
  const cells = filledCells(sheet);
  if (cells.length === 0) return null;
  const lastRow = Math.max(...cells.map((c) => c.row));
  const lastCol = Math.max(...cells.map((c) => c.col));
  const rows = Math.min(lastRow + 1, MARKDOWN_MAX_ROWS);
  const cols = Math.min(lastCol + 1, MARKDOWN_MAX_COLUMNS);
  const grid: string[][] = Array.from({ length: rows }, () => Array.from({ length: cols }, () => ''));
  for (const { row, col, cell } of cells) {
    const line = grid[row];
    if (line && col < cols) line[col] = escapeCell(cell.text ?? '');
  }
  const format = (line: string[]) => `| ${line.map((text) => (text === '' ? ' ' : text)).join(' | ')} |`;
  const [header = [], ...body] = grid;
  const markdown = [format(header), `|${' --- |'.repeat(cols)}`, ...body.map(format)].join('\n');
  return { markdown, cut: lastRow + 1 > rows || lastCol + 1 > cols };
}

/** Every sheet: its name in bold, then its table. */
export function workbookMarkdown(workbook: XWorkbook): string {
  return workbook
    .map((sheet) => {
      const table = sheetMarkdownTable(sheet);
      const title = `**${escapeCell(sheet.name)}**`;
      if (!table) return title;
      return `${title}\n\n${table.markdown}${table.cut ? '\n\n…' : ''}`;
    })
    .join('\n\n');
}
