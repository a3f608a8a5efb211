import { apiStatusOf, displayUrl, liveParams, requestRows, type RunApiDoc, type RunApiParam, type RunApiResponseParam } from './doc.js';
import { parseRunApiDoc } from './parse.js';
import { RUNAPI_WORDS, type RunApiLang, type RunApiWords } from './words.js';

/**
 * An API page as markdown with the layout of ShowDoc's `runapiToMd` (showdoc-behaviour.md §8.6): used
 * where a RunApi document becomes a regular page (imports into regular projects, `open/fromComments`),
 * in Word and markdown exports of RunApi projects, and for the body of the web's API page view.
 */

export interface RunApiMarkdownOptions {
  /** Leave out description, status, URL and method (the web view shows them above the body). */
  withoutHead?: boolean;
  /** Heading level of the sections: ShowDoc's h5 by default; the web view uses h2 for its contents. */
  headingLevel?: number;
}

/**
 * A table cell: one line, `|` escaped, and HTML-significant characters as entities so a parameter named
 * `<img onerror=…>` reads as text (security.md C14) instead of reaching the sanitiser as markup.
 */
export function tableCell(text: string | undefined): string {
  return (text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/\r\n|\r|\n/g, '<br>')
    .trim();
}

function table(columns: readonly string[], rows: string[][]): string {
  const head = `|${columns.join('|')}|`;
  const rule = `|${columns.map(() => ':---').join('|')}|`;
  return [head, rule, ...rows.map((row) => `|${row.map(tableCell).join('|')}|`)].join('\n');
}

/** A fenced block whose fence is longer than any backtick run inside it. */
function codeBlock(text: string, language = ''): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Inline code that survives backticks in the text (CommonMark: a longer delimiter, padded). */
function inlineCode(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = longest > 0 ? ' ' : '';
  return `${ticks}${pad}${text.replace(/\r?\n/g, ' ')}${pad}${ticks}`;
}

/** Pretty JSON when the text is JSON, else the text as it is. */
export function prettyJson(text: string): { text: string; json: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
  } catch {
    return { text, json: false };
  }
}

function jsonBlock(text: string): string {
  const example = prettyJson(text);
  return codeBlock(example.text, example.json ? 'json' : '');
}

const required = (row: RunApiParam, t: RunApiWords) => (Number(row.require) > 0 ? t.yes : t.no);
const remark = (text: string | undefined, t: RunApiWords) => (text ? text : t.emptyCell);

/** The method as shown: the HTTP verb, or WebSocket / SSE for RunApi's other page kinds. */
export function methodLabel(doc: RunApiDoc): string {
  if (doc.info.type === 'websocket') return 'WebSocket';
  if (doc.info.type === 'sse') return 'SSE';
  return (doc.info.method || 'get').toUpperCase();
}

export function runapiToMarkdown(doc: RunApiDoc, lang: RunApiLang, options: RunApiMarkdownOptions = {}): string {
  const t = RUNAPI_WORDS[lang];
  const level = Math.min(6, Math.max(1, Math.trunc(options.headingLevel ?? 5)));
  const sections: string[] = [];
  const section = (heading: string, body: string) => sections.push(`${'#'.repeat(level)} ${heading}\n\n${body}`);
  const params = doc.request.params;
  const { query, body } = requestRows(doc);

  if (!options.withoutHead) {
    section(t.description, `- ${doc.info.description.trim() ? doc.info.description : t.none}`);
    const status = t.statuses[apiStatusOf(doc)];
    if (status) section(t.status, `- ${status}`);
    section(t.url, `- ${inlineCode(displayUrl(doc))}`);
    section(t.method, `- ${methodLabel(doc)}`);
  }

  const variables = liveParams(doc.request.pathVariable);
  if (variables.length) section(t.pathVariables, table(t.variableColumns, variables.map((r) => [r.name, required(r, t), r.type ?? '', remark(r.remark, t)])));
  const paramRows = (rows: RunApiParam[]) => rows.map((r) => [r.name, r.value ?? '', required(r, t), r.type ?? '', remark(r.remark, t)]);
  const headers = liveParams(doc.request.headers);
  if (headers.length) section(t.headers, table(t.paramColumns, paramRows(headers)));
  const cookies = liveParams(doc.request.cookies);
  if (cookies.length) section(t.cookies, table(t.paramColumns, paramRows(cookies)));
  if (query.length) section(t.query, table(t.paramColumns, paramRows(query)));
  if (body.length) section(t.body, table(t.paramColumns, paramRows(body)));

  if (params.mode === 'json' && params.json.trim()) section(t.requestExample, jsonBlock(params.json));
  const jsonDesc = liveParams(params.jsonDesc);
  if (params.mode === 'json' && jsonDesc.length) section(t.jsonFields, table(t.fieldColumns, jsonDesc.map((r) => [r.name, required(r, t), r.type ?? '', remark(r.remark, t)])));

  const response = doc.response;
  const responseRows = (rows: RunApiResponseParam[]) => rows.filter((r) => r.name).map((r) => [r.name, r.type ?? '', remark(r.remark, t)]);
  if (response.responseExample.trim()) section(t.successExample, jsonBlock(response.responseExample));
  const successRows = responseRows(response.responseParamsDesc);
  if (successRows.length) section(t.successParams, table(t.responseColumns, successRows));
  if (response.responseFailExample.trim()) section(t.failExample, jsonBlock(response.responseFailExample));
  const failRows = responseRows(response.responseFailParamsDesc);
  if (failRows.length) section(t.failParams, table(t.responseColumns, failRows));
  if (doc.info.remark?.trim()) section(t.remark, doc.info.remark);

  return sections.length ? `${sections.join('\n\n')}\n` : '';
}

/**
 * A stored page of a RunApi project as a reader's markdown file: the API page when the text is RunApi
 * JSON, else the text as it is (RunApi projects can hold plain markdown pages too).
 */
export function runApiPageAsMarkdown(text: string, lang: RunApiLang): string {
  const doc = parseRunApiDoc(text);
  return doc ? runapiToMarkdown(doc, lang) : text;
}
