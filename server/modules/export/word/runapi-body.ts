import { jsonCodeBlock } from './json-block.js';

/** A RunApi page (item_type 3) in a Word export, as markdown the document writer lays out. */
export function runApiWordBody(body: string): string {
  return jsonCodeBlock(body);
}
