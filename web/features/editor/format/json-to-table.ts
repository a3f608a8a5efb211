import type { InterfaceLanguage } from '../interface-language';
import { markdownCell } from './markdown-cell';

/** A 5 MB paste must not freeze the tab: deeper levels and further rows are left out, and said so. */
export const MAX_DEPTH = 10;
export const MAX_ROWS = 500;

type JsonType = 'string' | 'int' | 'float' | 'boolean' | 'object' | 'array' | 'null';

interface Row {
  name: string;
  type: JsonType;
  example: string;
}

const headers: Record<InterfaceLanguage, string[]> = {
  en: ['Parameter', 'Type', 'Required', 'Description'],
  zh: ['参数名', '类型', '必选', '说明'],
};
const required: Record<InterfaceLanguage, string> = { en: 'yes', zh: '是' };
const truncated: Record<InterfaceLanguage, string> = { en: 'more fields left out', zh: '更多字段已省略' };

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'object') return 'object';
  return 'string';
}

/** A scalar shown as the example description: strings as written, numbers and booleans as JSON. */
function exampleOf(value: unknown): string {
  if (value === null || typeof value === 'object') return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Flattens a JSON value into parameter rows the way ShowDoc's "JSON to table" does: nested objects get
 * dotted names (`data.user.name`), an array of objects lists its first element's fields under
 * `list[].field`, scalars take their value as the example text.
 */
function collect(value: unknown, prefix: string, depth: number, rows: Row[]): boolean {
  if (typeof value !== 'object' || value === null) return true;
  const entries: [string, unknown][] = Array.isArray(value) ? (value.length > 0 ? [['[]', value[0]]] : []) : Object.entries(value);
  for (const [key, child] of entries) {
    if (rows.length >= MAX_ROWS) return false;
    const name = key === '[]' ? `${prefix}[]` : prefix ? `${prefix}.${key}` : key;
    if (key !== '[]') rows.push({ name, type: typeOf(child), example: exampleOf(child) });
    if (typeof child === 'object' && child !== null) {
      if (depth + 1 >= MAX_DEPTH) continue;
      // A top-level array lists its element's fields without a leading `[]`.
      const nested = key === '[]' && prefix === '' ? '' : name;
      if (!collect(child, nested, depth + 1, rows)) return false;
    }
  }
  return true;
}

export type JsonTableResult = { ok: true; markdown: string; rows: number } | { ok: false };

/** "JSON to parameter table" (seed 001 §2, §5): invalid JSON answers `ok: false` for the parse-failed message. */
export function jsonToParamTable(text: string, lang: InterfaceLanguage): JsonTableResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (typeof value !== 'object' || value === null) return { ok: false };
  const rows: Row[] = [];
  const complete = collect(value, '', 0, rows);
  const head = headers[lang];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const row of rows) lines.push(`| ${markdownCell(row.name)} | ${row.type} | ${required[lang]} | ${markdownCell(row.example)} |`);
  if (!complete) lines.push(`| … | | | ${truncated[lang]} |`);
  return { ok: true, markdown: lines.join('\n') + '\n', rows: rows.length };
}
