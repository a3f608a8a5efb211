import { ApiError } from '../../http/api-error.js';
import { MAX_CATALOG_NAME_CHARS } from '../catalog/name.js';
import { isRecord, text } from './document.js';
import { MAX_IMPORTED_TITLE_CHARS, MAX_OPERATIONS } from './limits.js';
import { declaredExample, exampleOf, exampleRows, exampleText, schemaNotes, schemaRows, schemaType, SchemaBudget, type Schema } from './openapi-schema.js';
import { responseSummary, pickResponses } from './openapi-responses.js';
import { securityRows } from './openapi-security.js';
import { OPENAPI_WORDS, remarkText, type OpenApiWords } from './openapi-words.js';
import { firstGraphemes } from '../page/graphemes.js';
import type { ImportPlan, PlannedPage } from './plan.js';
import { emptyRunApiDoc, runapiToMarkdown, type RunApiDoc, type RunApiParam } from '../../../common/runapi/index.js';

/**
 * Swagger 2.0 and OpenAPI 3.0 / 3.1 (showdoc-behaviour.md §8.5): one API page per operation, one
 * catalog per tag. `$ref`s are resolved by swagger-parser inside the document only — no file or
 * HTTP references (SSRF, local file reads) — and cycles stay cycles, which the schema walker bounds.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const MAX_EXAMPLE_CHARS = 200_000;
const DEREFERENCE_TIMEOUT_MS = 10_000;

export function isOpenApi(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && (text(value.swagger).startsWith('2') || (/^3\./.test(text(value.openapi)) && isRecord(value.info)));
}

type Lang = 'en' | 'zh';

interface Spec {
  swagger2: boolean;
  doc: Record<string, unknown>;
  baseUrl: string;
  words: OpenApiWords;
}

async function dereference(value: Record<string, unknown>): Promise<Record<string, unknown>> {
  // swagger-parser (about 10 MB resident) loads with the first OpenAPI import, not at server start.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  try {
    const api = await SwaggerParser.dereference(structuredClone(value) as never, {
      resolve: { external: false, file: false, http: false },
      dereference: { circular: true, maxDepth: 200 },
      timeoutMs: DEREFERENCE_TIMEOUT_MS,
    });
    return api as unknown as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]?.slice(0, 200) ?? '' : '';
    throw new ApiError(10101, 'import.specInvalid', { reason });
  }
}

/** `servers[0].url` with its variables' defaults (OpenAPI 3), or `scheme://host/basePath` (Swagger 2). */
function serverUrl(doc: Record<string, unknown>, servers: unknown): string {
  if (text(doc.swagger)) {
    const schemes = Array.isArray(doc.schemes) ? doc.schemes.map(text) : [];
    const host = text(doc.host);
    const basePath = text(doc.basePath).replace(/\/$/, '');
    return host ? `${schemes[0] || 'http'}://${host}${basePath}` : basePath;
  }
  const first = Array.isArray(servers) ? servers.find(isRecord) : undefined;
  if (!first) return '';
  const variables = isRecord(first.variables) ? first.variables : {};
  return text(first.url)
    .replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const variable = variables[name];
      return isRecord(variable) && text(variable.default) ? text(variable.default) : whole;
    })
    .replace(/\/$/, '');
}

/** Path-level parameters, overridden by the operation's own of the same name and place. */
function parametersOf(pathItem: Record<string, unknown>, operation: Record<string, unknown>): Record<string, unknown>[] {
  const out = new Map<string, Record<string, unknown>>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const p of list) if (isRecord(p)) out.set(`${text(p.in)}\u0000${text(p.name)}`, p);
  }
  return [...out.values()];
}

/** A parameter's own example: `example`, or the first of OpenAPI 3's named `examples`. */
function parameterExample(p: Record<string, unknown>): { found: boolean; value?: unknown } {
  if (p.example !== undefined) return { found: true, value: p.example };
  if (isRecord(p.examples)) {
    const first = Object.values(p.examples).find((e) => isRecord(e) && e.value !== undefined);
    if (isRecord(first)) return { found: true, value: first.value };
  }
  return { found: false };
}

function parameterRow(p: Record<string, unknown>, words: OpenApiWords): RunApiParam {
  // Swagger 2 keeps type, enum and default on the parameter itself; OpenAPI 3 in its schema.
  const schema = isRecord(p.schema) ? p.schema : p;
  const own = parameterExample(p);
  const declared = own.found ? own : declaredExample(schema);
  const type = schemaType(schema) || text(p.type);
  const notes = schemaNotes(schema, words);
  if (p.deprecated === true && schema !== p && !notes.includes(words.deprecated)) notes.unshift(words.deprecated);
  return {
    name: text(p.name),
    type: type === 'int' ? 'integer' : type,
    value: declared.found ? exampleText(declared.value) : '',
    require: p.required === true ? '1' : '0',
    remark: remarkText(words, text(p.description), notes),
  };
}

/** The media type an API page shows: JSON when there is one, else the first. */
function pickMedia(content: unknown): { type: string; media: Record<string, unknown> } | null {
  if (!isRecord(content)) return null;
  const entries = Object.entries(content).filter((e): e is [string, Record<string, unknown>] => isRecord(e[1]));
  const json = entries.find(([type]) => /\bjson\b/i.test(type));
  const chosen = json ?? entries[0];
  return chosen ? { type: chosen[0], media: chosen[1] } : null;
}

function mediaExample(media: Record<string, unknown>, schema: unknown, budget: SchemaBudget): unknown {
  if (media.example !== undefined) return media.example;
  if (isRecord(media.examples)) {
    const first = Object.values(media.examples).find(isRecord);
    if (first && first.value !== undefined) return first.value;
  }
  return isRecord(schema) ? exampleOf(schema, budget) : undefined;
}

function exampleBody(value: unknown): string {
  const body = exampleText(value);
  return body.length > MAX_EXAMPLE_CHARS ? body.slice(0, MAX_EXAMPLE_CHARS) : body;
}

function fillBody(doc: RunApiDoc, type: string, schema: unknown, example: unknown, budget: SchemaBudget, words: OpenApiWords): void {
  const params = doc.request.params;
  if (/form-data/i.test(type)) {
    params.mode = 'formdata';
    params.formdata = schemaRows(schema, budget, { files: true, words });
  } else if (/x-www-form-urlencoded/i.test(type)) {
    params.mode = 'urlencoded';
    params.urlencoded = schemaRows(schema, budget, { words });
  } else {
    params.mode = 'json';
    params.json = exampleBody(example);
    params.jsonDesc = schemaRows(schema, budget, { words });
  }
}

function responseParts(spec: Spec, response: Record<string, unknown>, budget: SchemaBudget): { example: string; rows: RunApiDoc['response']['responseParamsDesc'] } {
  let schema: unknown;
  let example: unknown;
  if (spec.swagger2) {
    schema = response.schema;
    const examples = isRecord(response.examples) ? response.examples : {};
    const jsonKey = Object.keys(examples).find((k) => /json/i.test(k)) ?? Object.keys(examples)[0];
    example = jsonKey !== undefined ? examples[jsonKey] : isRecord(schema) ? exampleOf(schema, budget) : undefined;
  } else {
    const picked = pickMedia(response.content);
    if (picked) {
      schema = picked.media.schema;
      example = mediaExample(picked.media, schema, budget);
    }
  }
  const rows = isRecord(schema)
    ? schemaRows(schema, budget, { words: spec.words, response: true }).map((r) => ({ name: r.name, type: r.type ?? '', value: r.value ?? '', remark: r.remark ?? '' }))
    : exampleRows(example, budget);
  return { example: example === undefined ? '' : exampleBody(example), rows };
}

function operationDoc(spec: Spec, path: string, method: string, pathItem: Record<string, unknown>, op: Record<string, unknown>, budget: SchemaBudget): RunApiDoc {
  const base = spec.swagger2 ? spec.baseUrl : serverUrl(spec.doc, op.servers ?? pathItem.servers ?? spec.doc.servers);
  const doc = emptyRunApiDoc({
    from: 'openapi',
    title: text(op.summary) || text(op.operationId) || `${method.toUpperCase()} ${path}`,
    description: text(op.description) || text(op.summary),
    method,
    url: `${base}${path}`,
    apiStatus: op.deprecated === true ? '5' : '0',
  });
  const words = spec.words;
  const formRows: RunApiParam[] = [];
  for (const p of parametersOf(pathItem, op)) {
    const where = text(p.in);
    if (where === 'query') doc.request.query.push(parameterRow(p, words));
    else if (where === 'header') doc.request.headers.push(parameterRow(p, words));
    else if (where === 'path') doc.request.pathVariable.push(parameterRow(p, words));
    else if (where === 'cookie') doc.request.cookies.push(parameterRow(p, words));
    else if (where === 'formData') formRows.push({ ...parameterRow(p, words), ...(text(p.type) === 'file' ? { type: 'file' } : {}) });
    else if (where === 'body' && isRecord(p.schema)) {
      const schema: Schema = p.schema;
      fillBody(doc, 'application/json', schema, exampleOf(schema, budget), budget, words);
    }
  }
  // The credentials the operation needs (an API-key header, a bearer token), where its parameters do not name them already.
  const security = securityRows(spec.doc, op, words);
  for (const [where, rows] of [['header', doc.request.headers], ['query', doc.request.query], ['cookie', doc.request.cookies]] as const) {
    const taken = new Set(rows.map((r) => r.name.toLowerCase()));
    rows.unshift(...security[where].filter((r) => !taken.has(r.name.toLowerCase())));
  }
  if (formRows.length) {
    const consumes = [...(Array.isArray(op.consumes) ? op.consumes : []), ...(Array.isArray(spec.doc.consumes) ? spec.doc.consumes : [])].map(text);
    const multipart = consumes.some((c) => /form-data/i.test(c)) || formRows.some((r) => r.type === 'file');
    doc.request.params.mode = multipart ? 'formdata' : 'urlencoded';
    doc.request.params[multipart ? 'formdata' : 'urlencoded'] = formRows;
  }
  if (!spec.swagger2 && isRecord(op.requestBody)) {
    const picked = pickMedia(op.requestBody.content);
    if (picked) fillBody(doc, picked.type, picked.media.schema, mediaExample(picked.media, picked.media.schema, budget), budget, words);
  }
  const { success, failure } = pickResponses(op.responses);
  if (success) {
    const parts = responseParts(spec, success, budget);
    doc.response.responseExample = parts.example;
    doc.response.responseParamsDesc = parts.rows;
  }
  if (failure) {
    const parts = responseParts(spec, failure, budget);
    doc.response.responseFailExample = parts.example;
    doc.response.responseFailParamsDesc = parts.rows;
  }
  // Every status code the spec lists (errors, `default`), not only the two examples above.
  doc.info.remark = responseSummary(op.responses, words);
  return doc;
}

/** The plan of an OpenAPI / Swagger document. */
export async function openApiPlan(value: Record<string, unknown>, lang: Lang): Promise<ImportPlan> {
  const doc = await dereference(value);
  const swagger2 = text(doc.swagger) !== '';
  const spec: Spec = { swagger2, doc, baseUrl: swagger2 ? serverUrl(doc, undefined) : '', words: OPENAPI_WORDS[lang] };
  const info = isRecord(doc.info) ? doc.info : {};
  const paths = isRecord(doc.paths) ? doc.paths : {};
  const budget = new SchemaBudget();

  // Catalogs in the order the document lists its tags, then as operations first use them.
  const tagOrder: string[] = Array.isArray(doc.tags) ? doc.tags.filter(isRecord).map((t) => firstGraphemes(text(t.name), MAX_CATALOG_NAME_CHARS)).filter(Boolean) : [];
  const byTag = new Map<string, { page: PlannedPage; label: string }[]>(tagOrder.map((t) => [t, []]));
  let operations = 0;
  for (const [path, rawItem] of Object.entries(paths)) {
    if (!isRecord(rawItem)) continue;
    for (const method of METHODS) {
      const op = rawItem[method];
      if (!isRecord(op)) continue;
      if (++operations > MAX_OPERATIONS) throw new ApiError(10101, 'import.specTooLarge', { max: String(MAX_OPERATIONS) });
      budget.startOperation();
      const runapi = operationDoc(spec, path, method, rawItem, op, budget);
      const tags = Array.isArray(op.tags) ? [...new Set(op.tags.map(text).filter((t) => t.trim() !== ''))] : [];
      // A tag becomes a catalog name, which holds at most MAX_CATALOG_NAME_CHARS characters.
      for (const tag of (tags.length ? tags : ['default']).map((name) => firstGraphemes(name, MAX_CATALOG_NAME_CHARS))) {
        const list = byTag.get(tag) ?? [];
        byTag.set(tag, list);
        list.push({
          page: { path: [tag], title: firstGraphemes(runapi.info.title, MAX_IMPORTED_TITLE_CHARS), content: runapiToMarkdown(runapi, lang), sNumber: list.length + 1 },
          label: `${method.toUpperCase()} ${path}`,
        });
      }
    }
  }

  const pages: PlannedPage[] = [];
  const catalogs = [...byTag.entries()].filter(([, list]) => list.length > 0);
  catalogs.forEach(([, list]) => {
    // Two operations with one summary would merge into one page: the later ones say which they are.
    const titles = new Set<string>();
    for (const { page, label } of list) {
      if (titles.has(page.title)) page.title = firstGraphemes(`${page.title} (${label})`, MAX_IMPORTED_TITLE_CHARS);
      titles.add(page.title);
      pages.push(page);
    }
  });
  return {
    project: { name: text(info.title).trim(), description: text(info.description), itemType: 1 },
    catalogs: catalogs.map(([tag], i) => ({ path: [tag], sNumber: i + 1 })),
    pages,
    images: [],
  };
}
