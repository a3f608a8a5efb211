import type { Cell } from '@fortune-sheet/core';
import type { XStyle } from '../../../../common/spreadsheet/xsheet';

/**
 * x-spreadsheet's cell style ↔ the style fields of a Fortune-sheet cell (Luckysheet's short names).
 * Borders live elsewhere in Fortune-sheet (the sheet's borderInfo): see borders.ts.
 */

/** Fortune-sheet's horizontal alignment codes: 0 centre, 1 left, 2 right. */
const H_ALIGN = { center: 0, left: 1, right: 2 } as const;
/** Vertical: 0 middle, 1 top, 2 bottom. */
const V_ALIGN = { middle: 0, top: 1, bottom: 2 } as const;
/** Luckysheet's text break: '2' wraps. */
const WRAP = '2';

/** x-spreadsheet's named number formats and the Excel-style format strings Fortune-sheet renders. */
const FORMATS: Record<string, { fa: string; t: string }> = {
  text: { fa: '@', t: 's' },
  number: { fa: '#,##0.00', t: 'n' },
  percent: { fa: '0.00%', t: 'n' },
  rmb: { fa: '¥#,##0.00', t: 'n' },
  usd: { fa: '$#,##0.00', t: 'n' },
  eur: { fa: '€#,##0.00', t: 'n' },
  date: { fa: 'yyyy-MM-dd', t: 'd' },
  time: { fa: 'hh:mm:ss', t: 'd' },
  datetime: { fa: 'yyyy-MM-dd hh:mm:ss', t: 'd' },
  duration: { fa: '[h]:mm:ss', t: 'd' },
};

/** Formats Fortune-sheet's own menu offers that mean one of x-spreadsheet's. */
const FORTUNE_FORMAT_ALIASES: Record<string, string> = {
  '##0.00': 'number',
  '#0.00%': 'percent',
  'hh:mm': 'time',
  'yyyy-MM-dd hh:mm': 'datetime',
};

export function formatToFortune(format: string | undefined): Cell['ct'] | undefined {
  if (format === undefined) return undefined;
  return FORMATS[format];
}

/** The x-spreadsheet format name of a Fortune-sheet format string, or undefined for General / unknown. */
export function formatFromFortune(fa: string | undefined): string | undefined {
  if (fa === undefined) return undefined;
  for (const [name, entry] of Object.entries(FORMATS)) if (entry.fa === fa) return name;
  return FORTUNE_FORMAT_ALIASES[fa];
}

export type FortuneStyle = Pick<Cell, 'bl' | 'it' | 'ff' | 'fs' | 'fc' | 'bg' | 'ht' | 'vt' | 'tb' | 'cl' | 'un' | 'ct'>;

export function styleToFortune(style: XStyle | undefined): FortuneStyle {
  const out: FortuneStyle = {};
  if (!style) return out;
  if (style.font?.bold) out.bl = 1;
  if (style.font?.italic) out.it = 1;
  if (style.font?.name !== undefined) out.ff = style.font.name;
  if (style.font?.size !== undefined) out.fs = style.font.size;
  if (style.color !== undefined) out.fc = style.color;
  if (style.bgcolor !== undefined) out.bg = style.bgcolor;
  if (style.align !== undefined && style.align in H_ALIGN) out.ht = H_ALIGN[style.align];
  if (style.valign !== undefined && style.valign in V_ALIGN) out.vt = V_ALIGN[style.valign];
  if (style.textwrap) out.tb = WRAP;
  if (style.strike) out.cl = 1;
  if (style.underline) out.un = 1;
  const ct = formatToFortune(style.format);
  if (ct) out.ct = ct;
  return out;
}

function keyOf<T extends Record<string, number>>(map: T, code: number | undefined): keyof T | undefined {
  if (code === undefined) return undefined;
  return (Object.keys(map) as (keyof T)[]).find((key) => map[key] === Number(code));
}

/** The x-spreadsheet style of a Fortune-sheet cell (without borders), or undefined when it has none. */
export function styleFromFortune(cell: Cell): XStyle | undefined {
  const style: XStyle = {};
  const font: NonNullable<XStyle['font']> = {};
  if (cell.ff !== undefined && cell.ff !== '') font.name = String(cell.ff);
  if (cell.fs !== undefined) font.size = Number(cell.fs);
  if (Number(cell.bl) === 1) font.bold = true;
  if (Number(cell.it) === 1) font.italic = true;
  if (Object.keys(font).length > 0) style.font = font;
  if (cell.fc !== undefined && cell.fc !== '') style.color = cell.fc;
  if (cell.bg !== undefined && cell.bg !== '' && cell.bg !== null) style.bgcolor = cell.bg;
  const align = keyOf(H_ALIGN, cell.ht);
  if (align !== undefined) style.align = align;
  const valign = keyOf(V_ALIGN, cell.vt);
  if (valign !== undefined) style.valign = valign;
  if (cell.tb !== undefined && String(cell.tb) === WRAP) style.textwrap = true;
  if (Number(cell.cl) === 1) style.strike = true;
  if (Number(cell.un) === 1) style.underline = true;
  const format = formatFromFortune(cell.ct?.fa);
  if (format !== undefined) style.format = format;
  return Object.keys(style).length > 0 ? style : undefined;
}
