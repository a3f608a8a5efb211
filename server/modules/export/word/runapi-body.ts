import { parseRunApiDoc, runapiToMarkdown, type RunApiLang } from '../../../../common/runapi/index.js';
import { jsonCodeBlock } from './json-block.js';

/**
 * A RunApi page (item_type 3) in a Word export: the API page as ShowDoc's `runapiToMd` lays it out
 * (showdoc-behaviour.md §8.2, §8.6), in the language of the request. A page of a RunApi project that
 * is not RunApi JSON is markdown, or JSON of another kind shown as a code block.
 */
export function runApiWordBody(body: string, lang: RunApiLang): string {
  const doc = parseRunApiDoc(body);
  return doc ? runapiToMarkdown(doc, lang) : jsonCodeBlock(body);
}
