import { workbookMarkdown } from '../../../../common/spreadsheet/markdown.js';
import { readWorkbook } from '../../../../common/spreadsheet/read.js';
import { jsonCodeBlock } from './json-block.js';

/**
 * A spreadsheet page (item_type 4) in a Word export, as markdown the document writer lays out: each
 * sheet's name, then its used range as a table. Content that holds no sheets at all stays visible
 * as it is (pretty-printed when it is JSON) rather than vanishing from the document.
 */
export function sheetWordBody(body: string): string {
  const workbook = readWorkbook(body);
  if (workbook.length === 0) return body.trim() === '' ? '' : jsonCodeBlock(body);
  return workbookMarkdown(workbook);
}
