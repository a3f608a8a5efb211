import type { XCell, XRow, XSheet, XStyle, XWorkbook } from './xsheet.js';

/**
 * Reads whatever a spreadsheet page holds into a workbook, and never throws: ShowDoc wrote an array
 * of sheets (x-spreadsheet's `getData()`), older builds a single sheet object, a new project an empty
 * page; a ShowDoc database copied as it is holds the JSON HTML-escaped. Anything unreadable is an
 * empty workbook, so a broken page still opens (and can be saved over).
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#039;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // ShowDoc stored page_content HTML-escaped: `[{&quot;name&quot;:…`.
    if (!text.includes('&quot;')) return undefined;
    try {
      return JSON.parse(text.replace(/&(quot|#0?39|lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity));
    } catch {
      return undefined;
    }
  }
}

function readCell(value: unknown): XCell | null {
  if (!isObject(value)) return null;
  const cell: XCell = { ...value };
  if (cell.text !== undefined && typeof cell.text !== 'string') cell.text = typeof cell.text === 'number' || typeof cell.text === 'boolean' ? String(cell.text) : undefined;
  if (cell.text === undefined) delete cell.text;
  if (cell.style !== undefined && !Number.isInteger(cell.style)) delete cell.style;
  if (cell.merge !== undefined && !(Array.isArray(cell.merge) && cell.merge.length === 2 && cell.merge.every((n) => Number.isInteger(n) && n >= 0))) delete cell.merge;
  return cell;
}

function readRows(value: unknown): NonNullable<XSheet['rows']> {
  const rows: NonNullable<XSheet['rows']> = {};
  if (!isObject(value)) return rows;
  for (const [key, raw] of Object.entries(value)) {
    if (key === 'len') {
      if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) rows.len = raw;
      continue;
    }
    if (!/^[0-9]+$/.test(key) || !isObject(raw)) continue;
    const row: XRow = {};
    if (typeof raw.height === 'number' && raw.height > 0) row.height = raw.height;
    if (isObject(raw.cells)) {
      row.cells = {};
      for (const [col, cell] of Object.entries(raw.cells)) {
        const read = /^[0-9]+$/.test(col) ? readCell(cell) : null;
        if (read) row.cells[col] = read;
      }
    }
    rows[key] = row;
  }
  return rows;
}

function readSheet(value: unknown, index: number): XSheet | null {
  if (!isObject(value)) return null;
  const sheet: XSheet = { ...(value as Partial<XSheet>), name: typeof value.name === 'string' && value.name !== '' ? value.name : `Sheet${index + 1}` };
  sheet.rows = readRows(value.rows);
  sheet.styles = Array.isArray(value.styles) ? value.styles.map((style): XStyle => (isObject(style) ? (style as XStyle) : {})) : [];
  sheet.merges = Array.isArray(value.merges) ? value.merges.filter((m): m is string => typeof m === 'string') : [];
  if (!isObject(value.cols)) sheet.cols = {};
  if (typeof sheet.freeze !== 'string') delete sheet.freeze;
  return sheet;
}

function looksLikeSheet(value: Json): boolean {
  return 'rows' in value || 'name' in value || 'styles' in value;
}

/** The workbook a page holds: its content as stored (a string) or already parsed. */
export function readWorkbook(content: unknown): XWorkbook {
  const parsed = typeof content === 'string' ? (content.trim() === '' ? [] : parseJson(content.trim())) : content;
  const list = Array.isArray(parsed) ? parsed : isObject(parsed) && looksLikeSheet(parsed) ? [parsed] : [];
  const sheets: XWorkbook = [];
  list.forEach((value, index) => {
    const sheet = readSheet(value, index);
    if (sheet) sheets.push(sheet);
  });
  return sheets;
}
