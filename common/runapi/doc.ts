/**
 * ShowDoc's RunApi page JSON (showdoc-behaviour.md §8.6): what its API imports and `open/fromComments`
 * produce, and what RunApi projects (item_type 3) store as page content. Shared by the server (imports,
 * exports) and the browser (the API page view).
 */

/** One row of a parameter table. `require` is ShowDoc's "1"/"0" string; `disable` hides the row. */
export interface RunApiParam {
  name: string;
  type?: string;
  value?: string;
  require?: string;
  remark?: string;
  disable?: string | boolean;
}

/** A row of a response description. */
export interface RunApiResponseParam {
  name: string;
  type?: string;
  value?: string;
  remark?: string;
}

export type RunApiBodyMode = 'formdata' | 'json' | 'urlencoded';

/** HTTP APIs, and RunApi's WebSocket and server-sent-event pages (`info.type`). */
export type RunApiPageType = 'api' | 'websocket' | 'sse';

export interface RunApiDoc {
  info: {
    from?: string;
    type?: RunApiPageType;
    title: string;
    description: string;
    method: string;
    url: string;
    remark?: string;
    /** "0" none, "1" developing, "2" testing, "3" done, "4" needs change, "5" deprecated (seed 001 §9). */
    apiStatus?: string;
  };
  request: {
    params: {
      mode: RunApiBodyMode;
      /** The raw JSON body (mode json). */
      json: string;
      jsonDesc: RunApiParam[];
      urlencoded: RunApiParam[];
      formdata: RunApiParam[];
    };
    query: RunApiParam[];
    headers: RunApiParam[];
    pathVariable: RunApiParam[];
    cookies: RunApiParam[];
    auth: Record<string, unknown>;
  };
  response: {
    responseExample: string;
    responseParamsDesc: RunApiResponseParam[];
    responseFailExample: string;
    responseFailParamsDesc: RunApiResponseParam[];
  };
  extend: Record<string, unknown>;
  scripts: { pre: string; post: string };
}

/** An API page with nothing filled in but what the caller gives. */
export function emptyRunApiDoc(info: Partial<RunApiDoc['info']> = {}): RunApiDoc {
  return {
    info: { from: 'runapi', type: 'api', title: '', description: '', method: 'get', url: '', remark: '', apiStatus: '0', ...info },
    request: {
      params: { mode: 'urlencoded', json: '', jsonDesc: [], urlencoded: [], formdata: [] },
      query: [],
      headers: [],
      pathVariable: [],
      cookies: [],
      auth: {},
    },
    response: { responseExample: '', responseParamsDesc: [], responseFailExample: '', responseFailParamsDesc: [] },
    extend: {},
    scripts: { pre: '', post: '' },
  };
}

/** Whether a row is switched off in RunApi (`disable` "1", 1 or true). */
export function isDisabled(flag: RunApiParam['disable']): boolean {
  if (typeof flag === 'boolean') return flag;
  return flag !== undefined && Number(flag) >= 1;
}

/** The rows a reader should see: named and not switched off. */
export const liveParams = (rows: readonly RunApiParam[] | undefined): RunApiParam[] => (rows ?? []).filter((row) => row.name && !isDisabled(row.disable));

/**
 * The request's query and body rows as ShowDoc shows them: a GET without a query of its own shows its
 * body parameters as the query; a JSON body is described by `jsonDesc`, not by rows.
 */
export function requestRows(doc: RunApiDoc): { query: RunApiParam[]; body: RunApiParam[] } {
  const method = (doc.info.method || 'get').toLowerCase();
  const params = doc.request.params;
  const query = liveParams(doc.request.query);
  const body = params.mode === 'json' ? [] : liveParams(params[params.mode]);
  if (method === 'get' && query.length === 0) return { query: body, body: [] };
  return { query, body };
}

/** The URL without its query string when the query has its own table. */
export function displayUrl(doc: RunApiDoc): string {
  return requestRows(doc).query.length > 0 ? (doc.info.url.split('?')[0] ?? '') : doc.info.url;
}

/** The status number 1–5, or 0 when there is none or it is not one of RunApi's. */
export function apiStatusOf(doc: RunApiDoc): number {
  const status = Number(doc.info.apiStatus ?? 0);
  return Number.isInteger(status) && status >= 1 && status <= 5 ? status : 0;
}
