import type { Alignment, Border, BorderStyle, Borders, Fill, Font, Style } from 'exceljs';
import type { XBorderEdge, XStyle } from '../../../common/spreadsheet/xsheet.js';

/**
 * x-spreadsheet styles ↔ Excel styles. Both directions keep what both sides have: bold, italic,
 * underline, strike, font name and size, font and fill colours (RGB only), alignment, wrap, borders
 * and the number formats x-spreadsheet offers.
 */

/** x-spreadsheet's formats and the Excel format each becomes. */
const FORMAT_TO_EXCEL: Record<string, string> = {
  text: '@',
  number: '#,##0.00',
  percent: '0.00%',
  rmb: '"￥"#,##0.00',
  usd: '"$"#,##0.00',
  eur: '"€"#,##0.00',
  date: 'yyyy-mm-dd',
  time: 'hh:mm:ss',
  datetime: 'yyyy-mm-dd hh:mm:ss',
  duration: '[h]:mm:ss',
};

/** The x-spreadsheet format nearest an Excel format, or undefined for General and what has no match. */
export function formatFromExcel(numFmt: string | undefined): string | undefined {
  if (!numFmt || /^general$/i.test(numFmt)) return undefined;
  const bare = numFmt.replace(/"[^"]*"|\[[^\]]*\]/g, (part) => (part.startsWith('[') && /^\[h+\]$/i.test(part) ? 'h' : part));
  if (numFmt === '@') return 'text';
  if (/\[h+\]/i.test(numFmt)) return 'duration';
  if (numFmt.includes('%')) return 'percent';
  if (/[￥¥]|CNY/.test(numFmt)) return 'rmb';
  if (numFmt.includes('$')) return 'usd';
  if (numFmt.includes('€')) return 'eur';
  const date = /[yd]/i.test(bare);
  const time = /h|s/i.test(bare);
  if (date && time) return 'datetime';
  if (date) return 'date';
  if (time) return 'time';
  if (/[0#]/.test(bare)) return 'number';
  return undefined;
}

function argb(hex: string | undefined): string | undefined {
  if (!hex) return undefined;
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return undefined;
  const six = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return `FF${six.toUpperCase()}`;
}

/** Excel ARGB (or RGB) → '#rrggbb'; theme and indexed colours have no RGB here. */
export function hexFromExcel(color: { argb?: string } | undefined): string | undefined {
  const value = color?.argb;
  if (!value || !/^([0-9a-f]{2})?[0-9a-f]{6}$/i.test(value)) return undefined;
  return `#${value.slice(-6).toLowerCase()}`;
}

const EXCEL_BORDERS = new Set(['thin', 'medium', 'thick', 'dashed', 'dotted', 'double', 'hair', 'mediumDashed', 'dashDot', 'mediumDashDot', 'dashDotDot', 'mediumDashDotDot', 'slantDashDot']);

function borderToExcel(edge: XBorderEdge | undefined): Partial<Border> | undefined {
  if (!edge) return undefined;
  const [style, color] = edge;
  const rgb = argb(color);
  return { style: (EXCEL_BORDERS.has(style) ? style : 'thin') as BorderStyle, ...(rgb ? { color: { argb: rgb } } : {}) };
}

/** Excel's many line styles fold into x-spreadsheet's six. */
function borderFromExcel(border: Partial<Border> | undefined): XBorderEdge | undefined {
  if (!border?.style) return undefined;
  const style = border.style;
  const x = style === 'hair' ? 'thin' : /dash/i.test(style) ? (style.startsWith('medium') ? 'medium' : 'dashed') : style;
  return [x, hexFromExcel(border.color) ?? '#000000'];
}

export function styleToExcel(style: XStyle): Partial<Style> {
  const out: Partial<Style> = {};
  const font: Partial<Font> = {};
  if (style.font?.bold) font.bold = true;
  if (style.font?.italic) font.italic = true;
  if (style.font?.name) font.name = style.font.name;
  if (style.font?.size) font.size = style.font.size;
  if (style.underline) font.underline = true;
  if (style.strike) font.strike = true;
  const color = argb(style.color);
  if (color) font.color = { argb: color };
  if (Object.keys(font).length > 0) out.font = font;
  const fill = argb(style.bgcolor);
  if (fill) out.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
  const alignment: Partial<Alignment> = {};
  if (style.align) alignment.horizontal = style.align;
  if (style.valign) alignment.vertical = style.valign;
  if (style.textwrap) alignment.wrapText = true;
  if (Object.keys(alignment).length > 0) out.alignment = alignment;
  if (style.border) {
    const border: Partial<Borders> = {};
    for (const edge of ['top', 'right', 'bottom', 'left'] as const) {
      const line = borderToExcel(style.border[edge]);
      if (line) border[edge] = line;
    }
    if (Object.keys(border).length > 0) out.border = border;
  }
  const numFmt = style.format ? FORMAT_TO_EXCEL[style.format] : undefined;
  if (numFmt) out.numFmt = numFmt;
  return out;
}

/** Parts of an Excel style with no x-spreadsheet equivalent (the import lists them as dropped). */
export type LostStyle = 'themeColor' | 'gradient' | 'rotation' | 'diagonal' | 'numFmt';

export interface StyleFromExcel {
  style: XStyle;
  lost: LostStyle[];
}

export function styleFromExcel(cell: Partial<Style>): StyleFromExcel {
  const style: XStyle = {};
  const lost: LostStyle[] = [];
  const font = cell.font;
  if (font) {
    const f: NonNullable<XStyle['font']> = {};
    if (font.bold) f.bold = true;
    if (font.italic) f.italic = true;
    // Calibri 11 is Excel's default: writing it on every cell would only add noise.
    if (font.name && font.name !== 'Calibri') f.name = font.name;
    if (font.size && font.size !== 11) f.size = font.size;
    if (Object.keys(f).length > 0) style.font = f;
    if (font.underline) style.underline = true;
    if (font.strike) style.strike = true;
    const color = hexFromExcel(font.color);
    if (color && color !== '#000000') style.color = color;
    else if (font.color && 'theme' in font.color && font.color.theme !== 1) lost.push('themeColor');
  }
  const fill = cell.fill as Fill | undefined;
  if (fill?.type === 'pattern' && fill.pattern !== 'none') {
    const color = hexFromExcel(fill.fgColor);
    if (color) style.bgcolor = color;
    else if (fill.fgColor) lost.push('themeColor');
  } else if (fill?.type === 'gradient') lost.push('gradient');
  const alignment = cell.alignment;
  if (alignment) {
    const h = alignment.horizontal;
    if (h === 'left' || h === 'right' || h === 'center') style.align = h;
    else if (h === 'centerContinuous') style.align = 'center';
    const v = alignment.vertical;
    if (v === 'top' || v === 'bottom') style.valign = v;
    else if (v === 'middle') style.valign = 'middle';
    if (alignment.wrapText) style.textwrap = true;
    if (alignment.textRotation) lost.push('rotation');
  }
  if (cell.border) {
    const border: NonNullable<XStyle['border']> = {};
    for (const edge of ['top', 'right', 'bottom', 'left'] as const) {
      const line = borderFromExcel(cell.border[edge]);
      if (line) border[edge] = line;
    }
    if (Object.keys(border).length > 0) style.border = border;
    if (cell.border.diagonal?.style) lost.push('diagonal');
  }
  const format = formatFromExcel(cell.numFmt);
  if (format) style.format = format;
  else if (cell.numFmt && !/^general$/i.test(cell.numFmt)) lost.push('numFmt');
  return { style, lost };
}
