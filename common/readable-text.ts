import { runApiPageAsMarkdown } from './runapi/markdown.js';
import { RUNAPI_WORDS, type RunApiLang } from './runapi/words.js';
import { readWorkbook } from './spreadsheet/read.js';
import { sheetText } from './spreadsheet/text.js';

/** Project types whose pages are stored as JSON a person never reads as such. */
export const RUNAPI_ITEM = 3;
export const SPREADSHEET_ITEM = 4;

/** Whether a page's stored text is a structure (RunApi JSON, a sheet) rather than what a reader sees. */
export function storesStructure(itemType: number): boolean {
  return itemType === RUNAPI_ITEM || itemType === SPREADSHEET_ITEM;
}

/**
 * A page as a person reads it: a RunApi page as its API document in markdown, a spreadsheet as its
 * cells (`Sheet!A1 = text`, common/spreadsheet/text.ts), any other page as it is stored. Exports write
 * it, and search matches it and cuts its snippets from it.
 */
export function readableText(itemType: number, content: string, lang: RunApiLang): string {
  if (itemType === RUNAPI_ITEM) return runApiPageAsMarkdown(content, lang);
  if (itemType === SPREADSHEET_ITEM) return sheetText(readWorkbook(content));
  return content;
}

/** A markdown table's separator row (`| --- | :-: |`). */
const TABLE_RULE = /^\|(\s*:?-+:?\s*\|)+\s*$/;

/**
 * What search matches: the readable text without the words every page of its kind carries — a RunApi
 * page's section headings and table column titles ("Method", "参数名") — so a keyword finds the pages
 * that say it, not every API of the project.
 */
export function searchableText(itemType: number, content: string, lang: RunApiLang): string {
  const text = readableText(itemType, content, lang);
  if (itemType !== RUNAPI_ITEM || text === content) return text;
  const lines = text.split('\n');
  const nothing = `- ${RUNAPI_WORDS[lang].none}`;
  const label = (line: string, i: number) => /^#{1,6} /.test(line) || line === nothing || TABLE_RULE.test(line) || TABLE_RULE.test(lines[i + 1] ?? '');
  return lines.filter((line, i) => !label(line, i)).join('\n');
}
