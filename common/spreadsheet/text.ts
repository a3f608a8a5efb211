import { cellName, parseRange } from './address.js';
import { filledCells } from './cells.js';
import type { XStyle, XWorkbook } from './xsheet.js';

/**
 * A workbook as readable text, one line per filled cell (`2024 销售!F2 = =SUM(B2:E2)`), sheet by
 * sheet and row by row. History diffs compare these lines instead of the stored JSON, whose key
 * order and style indexes make a one-cell edit look like a rewrite; search reads the same text.
 */

export interface SheetTextOptions {
  /** Also describe each cell's formatting and the merged ranges, so a diff shows them changing. */
  details?: boolean;
}

function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '\\n');
}

/** The formatting of a cell in a few words, e.g. `bold, bg #f4f5f8, center`. */
export function describeStyle(style: XStyle | undefined): string {
  if (!style) return '';
  const words: string[] = [];
  if (style.font?.bold) words.push('bold');
  if (style.font?.italic) words.push('italic');
  if (style.underline) words.push('underline');
  if (style.strike) words.push('strike');
  if (style.font?.name) words.push(`font ${style.font.name}`);
  if (style.font?.size) words.push(`size ${style.font.size}`);
  if (style.color) words.push(`color ${style.color}`);
  if (style.bgcolor) words.push(`bg ${style.bgcolor}`);
  if (style.align) words.push(style.align);
  if (style.valign) words.push(`valign ${style.valign}`);
  if (style.textwrap) words.push('wrap');
  if (style.format && style.format !== 'normal') words.push(`format ${style.format}`);
  const edges = style.border ? (['top', 'right', 'bottom', 'left'] as const).filter((edge) => style.border?.[edge]) : [];
  if (edges.length === 4) words.push(`border ${style.border?.top?.[0] ?? ''}`.trim());
  else if (edges.length > 0) words.push(`border ${edges.join('/')}`);
  return words.join(', ');
}

export function sheetText(workbook: XWorkbook, options: SheetTextOptions = {}): string {
  const blocks = workbook.map((sheet) => {
    const lines: string[] = [];
    for (const { row, col, cell } of filledCells(sheet)) {
      const style = options.details && cell.style !== undefined ? describeStyle(sheet.styles?.[cell.style]) : '';
      lines.push(`${sheet.name}!${cellName(row, col)} = ${oneLine(cell.text ?? '')}${style ? `  [${style}]` : ''}`);
    }
    if (options.details) {
      for (const merge of sheet.merges ?? []) {
        const range = parseRange(merge);
        if (range) lines.push(`${sheet.name}!${merge} merged`);
      }
    }
    return lines.join('\n');
  });
  return blocks.filter((block) => block !== '').join('\n\n');
}
