import { markdownCell } from './markdown-cell';

/** Spreadsheets on the clipboard: this many rows and columns at most make it into one table. */
export const MAX_TABLE_ROWS = 2000;
export const MAX_TABLE_COLUMNS = 50;

/**
 * Text copied from Excel, WPS, LibreOffice or Google Sheets: cells split by tabs, rows by CRLF or LF,
 * a cell holding a tab, a quote or a line break wrapped in double quotes with quotes doubled.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const source = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  while (i < source.length) {
    const ch = source[i] as string;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === '\t') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      if (rows.length >= MAX_TABLE_ROWS) return rows;
      row = [];
      cell = '';
    } else cell += ch;
    i += 1;
  }
  if (cell !== '' || row.length > 0 || source.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** "Paste-insert table" (seed 001 §2): the first row is the header; short rows are padded. */
export function tsvToMarkdownTable(text: string): string | null {
  const rows = parseTsv(text).filter((row) => row.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) return null;
  const width = Math.min(MAX_TABLE_COLUMNS, Math.max(...rows.map((row) => row.length)));
  const line = (row: string[]) => `| ${Array.from({ length: width }, (_, i) => markdownCell(row[i] ?? '')).join(' | ')} |`;
  const [head, ...body] = rows as [string[], ...string[][]];
  return [line(head), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`, ...body.map(line)].join('\n') + '\n';
}
