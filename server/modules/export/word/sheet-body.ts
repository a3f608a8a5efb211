import { jsonCodeBlock } from './json-block.js';

/** A spreadsheet page (item_type 4) in a Word export, as markdown the document writer lays out. */
export function sheetWordBody(body: string): string {
  return jsonCodeBlock(body);
}
