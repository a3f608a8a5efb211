import { ApiError } from '../../http/api-error.js';
import { MAX_CATALOG_NAME_CHARS } from '../catalog/name.js';
import { isRecord, text } from './document.js';
import { MAX_DOCUMENT_DEPTH, MAX_IMPORTED_TITLE_CHARS } from './limits.js';
import { exampleRows, SchemaBudget } from './openapi-schema.js';
import { firstGraphemes } from '../page/graphemes.js';
import type { ImportPlan, PlannedPage } from './plan.js';
import { emptyRunApiDoc, runapiToMarkdown, type RunApiDoc, type RunApiParam } from '../../../common/runapi/index.js';

/**
 * Postman collections (showdoc-behaviour.md §8.5): v2.0 / v2.1 (`info` + nested `item`) and v1
 * (`requests` + `folders`). Folders become catalogs, requests API pages. Everything in a collection is
 * text to show — a `javascript:` URL or a name with markup is written into code spans and escaped
 * table cells, never into live markup (security.md C14).
 */

type Lang = 'en' | 'zh';

export function isPostmanV2(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && isRecord(value.info) && Array.isArray(value.item);
}

export function isPostmanV1(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && Array.isArray(value.requests) && (Array.isArray(value.folders) || 'id' in value);
}

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);

function description(value: unknown): string {
  return isRecord(value) ? text(value.content) : text(value);
}

function keyValues(value: unknown): RunApiParam[] {
  return list(value)
    .filter((kv) => text(kv.key) !== '')
    .map((kv) => ({
      name: text(kv.key),
      type: text(kv.type) === 'file' ? 'file' : 'string',
      value: text(kv.value) || text(kv.src),
      require: '1',
      remark: description(kv.description),
      ...(kv.disabled === true ? { disable: '1' } : {}),
    }));
}

/** `Key: value` lines (v1 headers). */
function headerLines(value: string): RunApiParam[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//') && line.includes(':'))
    .map((line) => ({ name: line.slice(0, line.indexOf(':')).trim(), value: line.slice(line.indexOf(':') + 1).trim(), type: 'string', require: '1', remark: '' }));
}

function urlOf(value: unknown): { url: string; query: RunApiParam[] } {
  if (!isRecord(value)) return { url: text(value), query: [] };
  let url = text(value.raw);
  if (!url) {
    const host = Array.isArray(value.host) ? value.host.map(text).join('.') : text(value.host);
    const path = Array.isArray(value.path) ? value.path.map(text).join('/') : text(value.path);
    const protocol = text(value.protocol);
    url = `${protocol ? `${protocol}://` : ''}${host}${path ? `/${path}` : ''}`;
  }
  return { url, query: keyValues(value.query) };
}

function fillResponses(doc: RunApiDoc, responses: unknown, budget: SchemaBudget): void {
  const all = list(responses);
  const code = (r: Record<string, unknown>) => Number(text(r.code));
  const success = all.find((r) => code(r) >= 200 && code(r) < 300) ?? all.find((r) => !code(r));
  const failure = all.find((r) => code(r) >= 400);
  const rows = (body: string) => {
    try {
      return exampleRows(JSON.parse(body), budget);
    } catch {
      return [];
    }
  };
  if (success) {
    doc.response.responseExample = text(success.body);
    doc.response.responseParamsDesc = rows(doc.response.responseExample);
  }
  if (failure) {
    doc.response.responseFailExample = text(failure.body);
    doc.response.responseFailParamsDesc = rows(doc.response.responseFailExample);
  }
}

function v2Request(name: string, item: Record<string, unknown>, budget: SchemaBudget): RunApiDoc {
  const request = isRecord(item.request) ? item.request : { url: item.request };
  const { url, query } = urlOf(request.url);
  const doc = emptyRunApiDoc({ from: 'postman', title: name, description: description(request.description) || description(item.description), method: (text(request.method) || 'GET').toLowerCase(), url });
  doc.request.query = query;
  doc.request.headers = Array.isArray(request.header) ? keyValues(request.header) : headerLines(text(request.header));
  const body = isRecord(request.body) ? request.body : {};
  const mode = text(body.mode);
  if (mode === 'urlencoded') {
    doc.request.params.mode = 'urlencoded';
    doc.request.params.urlencoded = keyValues(body.urlencoded);
  } else if (mode === 'formdata') {
    doc.request.params.mode = 'formdata';
    doc.request.params.formdata = keyValues(body.formdata);
  } else if (mode === 'raw' || mode === 'graphql') {
    doc.request.params.mode = 'json';
    doc.request.params.json = mode === 'raw' ? text(body.raw) : JSON.stringify(body.graphql ?? {});
  }
  fillResponses(doc, item.response, budget);
  return doc;
}

function title(name: string, fallback: string): string {
  return firstGraphemes(name.trim() || fallback, MAX_IMPORTED_TITLE_CHARS);
}

export function postmanV2Plan(value: Record<string, unknown>, lang: Lang): ImportPlan {
  const info = isRecord(value.info) ? value.info : {};
  const pages: PlannedPage[] = [];
  const budget = new SchemaBudget();
  const walk = (items: Record<string, unknown>[], path: string[], depth: number) => {
    if (depth > MAX_DOCUMENT_DEPTH) throw new ApiError(10101, 'import.jsonTooDeep', { max: String(MAX_DOCUMENT_DEPTH) });
    for (const item of items) {
      const name = text(item.name);
      if (Array.isArray(item.item)) {
        walk(list(item.item), [...path, firstGraphemes(name.trim() || 'folder', MAX_CATALOG_NAME_CHARS)], depth + 1);
      } else if (item.request !== undefined) {
        budget.startOperation();
        const doc = v2Request(name, item, budget);
        pages.push({ path, title: title(name, `${doc.info.method.toUpperCase()} ${doc.info.url}`), content: runapiToMarkdown(doc, lang), sNumber: pages.length + 1 });
      }
    }
  };
  walk(list(value.item), [], 0);
  return { project: { name: text(info.name).trim(), description: description(info.description), itemType: 1 }, catalogs: [], pages, images: [] };
}

function v1Request(request: Record<string, unknown>, budget: SchemaBudget): RunApiDoc {
  const name = text(request.name);
  const url = text(request.url);
  const doc = emptyRunApiDoc({ from: 'postman', title: name, description: text(request.description), method: (text(request.method) || 'GET').toLowerCase(), url });
  doc.request.headers = headerLines(text(request.headers));
  const queryString = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  doc.request.query = [...new URLSearchParams(queryString)].map(([key, v]) => ({ name: key, value: v, type: 'string', require: '1', remark: '' }));
  const mode = text(request.dataMode);
  if (mode === 'raw') {
    doc.request.params.mode = 'json';
    doc.request.params.json = text(request.rawModeData);
  } else if (mode === 'params' || mode === 'urlencoded') {
    const rows = keyValues(request.data);
    doc.request.params.mode = mode === 'params' ? 'formdata' : 'urlencoded';
    doc.request.params[doc.request.params.mode] = rows;
  }
  fillResponses(doc, request.responses, budget);
  return doc;
}

export function postmanV1Plan(value: Record<string, unknown>, lang: Lang): ImportPlan {
  const requests = new Map(list(value.requests).map((r) => [text(r.id), r]));
  const pages: PlannedPage[] = [];
  const placed = new Set<string>();
  const budget = new SchemaBudget();
  const add = (id: string, path: string[]) => {
    const request = requests.get(id);
    if (!request || placed.has(id)) return;
    placed.add(id);
    budget.startOperation();
    const doc = v1Request(request, budget);
    pages.push({ path, title: title(text(request.name), `${doc.info.method.toUpperCase()} ${doc.info.url}`), content: runapiToMarkdown(doc, lang), sNumber: pages.length + 1 });
  };
  for (const folder of list(value.folders)) {
    const order = Array.isArray(folder.order) ? folder.order.map(text) : [...requests.values()].filter((r) => text(r.folder) === text(folder.id)).map((r) => text(r.id));
    for (const id of order) add(id, [firstGraphemes(text(folder.name).trim() || 'folder', MAX_CATALOG_NAME_CHARS)]);
  }
  const rootOrder = Array.isArray(value.order) ? value.order.map(text) : [];
  for (const id of [...rootOrder, ...requests.keys()]) add(id, []);
  return { project: { name: text(value.name).trim(), description: text(value.description), itemType: 1 }, catalogs: [], pages, images: [] };
}
