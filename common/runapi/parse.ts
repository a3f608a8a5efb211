import { unescapeEntities } from '../html-entities.js';
import { emptyRunApiDoc, type RunApiBodyMode, type RunApiDoc, type RunApiParam, type RunApiResponseParam } from './doc.js';

/**
 * Reads a stored RunApi page leniently: ShowDoc's RunApi client, its imports and older versions wrote
 * several shapes (rows as arrays or as PHP's index-keyed objects, numbers and booleans where strings were
 * meant, bodies as JSON text or as objects, `params` as a bare row list), and pages can be hand-edited
 * through the open API. Anything missing is filled in, anything of the wrong kind dropped; it never
 * throws, so one odd page cannot break the reader or an export.
 */

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text of a scalar; objects and arrays become '' (their text would be meaningless in a table cell). */
function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return '';
}

/** A JSON example: text as it is, a structure as pretty JSON (some writers stored the object itself). */
function example(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value, null, 2);
    } catch {
      return '';
    }
  }
  return str(value);
}

/** ShowDoc's "1"/"0"; RunApi also wrote true/false and "true"/"false". */
function requireFlag(value: unknown): string {
  if (value === true || value === 'true') return '1';
  if (value === false || value === 'false') return '0';
  return str(value);
}

/** A row list: an array, or PHP's `{"0": {...}, "1": {...}}` when its keys were not 0..n-1. */
function rowsOf(value: unknown): Json[] {
  if (Array.isArray(value)) return value.filter(isRecord);
  if (isRecord(value)) return Object.values(value).filter(isRecord);
  return [];
}

function paramsOf(value: unknown): RunApiParam[] {
  return rowsOf(value).map((row) => ({
    name: str(row.name ?? row.key),
    type: str(row.type),
    value: str(row.value),
    require: requireFlag(row.require),
    remark: str(row.remark ?? row.description),
    ...(row.disable !== undefined ? { disable: typeof row.disable === 'boolean' ? row.disable : str(row.disable) } : {}),
  }));
}

function responseParamsOf(value: unknown): RunApiResponseParam[] {
  return rowsOf(value).map((row) => ({ name: str(row.name ?? row.key), type: str(row.type), value: str(row.value), remark: str(row.remark ?? row.description) }));
}

function modeOf(value: unknown): RunApiBodyMode {
  const mode = str(value).toLowerCase();
  if (mode === 'json' || mode === 'raw') return 'json';
  if (mode === 'formdata' || mode === 'form-data' || mode === 'multipart') return 'formdata';
  return 'urlencoded';
}

/** The document object of stored text: raw JSON as Folio stores it, or ShowDoc's entity-escaped form. */
function documentObject(text: string): Json | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return null;
  for (const candidate of [trimmed, unescapeEntities(trimmed)]) {
    try {
      const value: unknown = JSON.parse(candidate);
      return isRecord(value) ? value : null;
    } catch {
      // Perhaps escaped: try the unescaped text once.
    }
  }
  return null;
}

/**
 * A RunApi document out of stored text, or null when the text is not one. ShowDoc's test is "JSON with
 * `info.url`"; a page the RunApi client saved before its URL was typed has `info` and `request` but an
 * empty URL, and is an API page too.
 */
export function parseRunApiDoc(text: string): RunApiDoc | null {
  try {
    const value = documentObject(text);
    if (!value || !isRecord(value.info)) return null;
    const info = value.info;
    if (!str(info.url) && !isRecord(value.request)) return null;
    return build(value, info);
  } catch {
    return null;
  }
}

function build(value: Json, info: Json): RunApiDoc {
  const request = isRecord(value.request) ? value.request : {};
  // Early RunApi pages kept the body rows directly in `params`.
  const params: Json = Array.isArray(request.params) ? { mode: 'urlencoded', urlencoded: request.params } : isRecord(request.params) ? request.params : {};
  const response = isRecord(value.response) ? value.response : {};
  const scripts = isRecord(value.scripts) ? value.scripts : {};
  const type = str(info.type).toLowerCase();
  const doc = emptyRunApiDoc({
    from: str(info.from),
    type: type === 'websocket' || type === 'sse' ? type : 'api',
    title: str(info.title),
    description: str(info.description),
    method: str(info.method).trim() || 'get',
    url: str(info.url).trim(),
    remark: str(info.remark),
    apiStatus: str(info.apiStatus) || '0',
  });
  doc.request = {
    params: {
      mode: modeOf(params.mode),
      json: example(params.json),
      jsonDesc: paramsOf(params.jsonDesc),
      urlencoded: paramsOf(params.urlencoded),
      formdata: paramsOf(params.formdata),
    },
    query: paramsOf(request.query),
    headers: paramsOf(request.headers),
    pathVariable: paramsOf(request.pathVariable),
    cookies: paramsOf(request.cookies),
    auth: isRecord(request.auth) ? request.auth : {},
  };
  doc.response = {
    responseExample: example(response.responseExample),
    responseParamsDesc: responseParamsOf(response.responseParamsDesc),
    responseFailExample: example(response.responseFailExample),
    responseFailParamsDesc: responseParamsOf(response.responseFailParamsDesc),
  };
  doc.extend = isRecord(value.extend) ? value.extend : {};
  doc.scripts = { pre: str(scripts.pre), post: str(scripts.post) };
  return doc;
}
