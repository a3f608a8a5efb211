/**
 * ShowDoc's RunApi page JSON (showdoc-behaviour.md §8.6): what its API imports and `open/fromComments`
 * produce, and what RunApi projects store as page content. Folio turns it into markdown for regular
 * projects with the same layout as ShowDoc's `runapiToMd`, in the reader's language.
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

export interface RunApiDoc {
  info: {
    from?: string;
    type?: 'api' | 'websocket' | 'sse';
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

type Lang = 'en' | 'zh';

const TEXT = {
  zh: {
    description: '简要描述',
    status: '接口状态',
    url: '请求URL',
    method: '请求方式',
    pathVariables: '路径变量',
    headers: 'Header',
    query: '请求Query参数',
    body: '请求Body参数',
    requestExample: '请求参数示例',
    jsonFields: 'json字段说明',
    successExample: '成功返回示例',
    successParams: '成功返回示例的参数说明',
    failExample: '失败返回示例',
    failParams: '失败返回示例的参数说明',
    remark: '备注',
    none: '无',
    yes: '是',
    no: '否',
    paramColumns: ['参数名', '示例值', '必选', '类型', '说明'],
    variableColumns: ['变量名', '必选', '类型', '说明'],
    fieldColumns: ['字段名', '必选', '类型', '说明'],
    responseColumns: ['参数名', '类型', '说明'],
    statuses: ['', '开发中', '测试中', '已完成', '需修改', '已废弃'],
  },
  en: {
    description: 'Description',
    status: 'Status',
    url: 'Request URL',
    method: 'Method',
    pathVariables: 'Path variables',
    headers: 'Headers',
    query: 'Query parameters',
    body: 'Body parameters',
    requestExample: 'Request example',
    jsonFields: 'JSON fields',
    successExample: 'Success response example',
    successParams: 'Success response parameters',
    failExample: 'Failure response example',
    failParams: 'Failure response parameters',
    remark: 'Remarks',
    none: 'None',
    yes: 'Yes',
    no: 'No',
    paramColumns: ['Name', 'Example', 'Required', 'Type', 'Description'],
    variableColumns: ['Name', 'Required', 'Type', 'Description'],
    fieldColumns: ['Field', 'Required', 'Type', 'Description'],
    responseColumns: ['Name', 'Type', 'Description'],
    statuses: ['', 'Developing', 'Testing', 'Done', 'Needs change', 'Deprecated'],
  },
} as const;

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

const live = (rows: readonly RunApiParam[] | undefined) => (rows ?? []).filter((row) => row.name && !isDisabled(row.disable));

function isDisabled(flag: RunApiParam['disable']): boolean {
  if (typeof flag === 'boolean') return flag;
  return flag !== undefined && Number(flag) >= 1;
}

const required = (row: RunApiParam, t: (typeof TEXT)[Lang]) => (Number(row.require) > 0 ? t.yes : t.no);
const remark = (text: string | undefined, t: (typeof TEXT)[Lang]) => (text ? text : t.none);

export function runapiToMarkdown(doc: RunApiDoc, lang: Lang): string {
  const t = TEXT[lang];
  const sections: string[] = [];
  const section = (heading: string, body: string) => sections.push(`##### ${heading}\n\n${body}`);
  const method = (doc.info.method || 'get').toLowerCase();
  const params = doc.request.params;
  const mode: RunApiBodyMode = params.mode;
  let query = live(doc.request.query);
  let body = mode === 'json' ? [] : live(params[mode]);
  // ShowDoc shows a GET's body parameters as its query when it has no query of its own.
  if (method === 'get' && query.length === 0) {
    query = body;
    body = [];
  }
  // The query is in its own table, so the URL is shown without it.
  const url = query.length > 0 ? doc.info.url.split('?')[0] ?? '' : doc.info.url;

  section(t.description, `- ${doc.info.description.trim() ? doc.info.description : t.none}`);
  const status = t.statuses[Number(doc.info.apiStatus ?? 0)];
  if (status) section(t.status, `- ${status}`);
  section(t.url, `- ${inlineCode(url)}`);
  section(t.method, `- ${method.toUpperCase()}`);

  const variables = live(doc.request.pathVariable);
  if (variables.length) section(t.pathVariables, table(t.variableColumns, variables.map((r) => [r.name, required(r, t), r.type ?? '', remark(r.remark, t)])));
  const paramRows = (rows: RunApiParam[]) => rows.map((r) => [r.name, r.value ?? '', required(r, t), r.type ?? '', remark(r.remark, t)]);
  const headers = live(doc.request.headers);
  if (headers.length) section(t.headers, table(t.paramColumns, paramRows(headers)));
  if (query.length) section(t.query, table(t.paramColumns, paramRows(query)));
  if (body.length) section(t.body, table(t.paramColumns, paramRows(body)));

  if (mode === 'json' && params.json.trim()) {
    const example = prettyJson(params.json);
    section(t.requestExample, codeBlock(example.text, example.json ? 'json' : ''));
  }
  const jsonDesc = live(params.jsonDesc);
  if (mode === 'json' && jsonDesc.length) section(t.jsonFields, table(t.fieldColumns, jsonDesc.map((r) => [r.name, required(r, t), r.type ?? '', remark(r.remark, t)])));

  const response = doc.response;
  const responseRows = (rows: RunApiResponseParam[]) => rows.filter((r) => r.name).map((r) => [r.name, r.type ?? '', remark(r.remark, t)]);
  if (response.responseExample.trim()) {
    const example = prettyJson(response.responseExample);
    section(t.successExample, codeBlock(example.text, example.json ? 'json' : ''));
  }
  const successRows = responseRows(response.responseParamsDesc);
  if (successRows.length) section(t.successParams, table(t.responseColumns, successRows));
  if (response.responseFailExample.trim()) {
    const example = prettyJson(response.responseFailExample);
    section(t.failExample, codeBlock(example.text, example.json ? 'json' : ''));
  }
  const failRows = responseRows(response.responseFailParamsDesc);
  if (failRows.length) section(t.failParams, table(t.responseColumns, failRows));
  if (doc.info.remark?.trim()) section(t.remark, doc.info.remark);

  return `${sections.join('\n\n')}\n`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');

function paramsOf(value: unknown): RunApiParam[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((row) => ({
    name: str(row.name),
    type: str(row.type),
    value: str(row.value),
    require: str(row.require),
    remark: str(row.remark),
    ...(row.disable !== undefined ? { disable: typeof row.disable === 'boolean' ? row.disable : str(row.disable) } : {}),
  }));
}

/**
 * A RunApi document out of stored text (RunApi project pages, ShowDoc exports), or null when the text is
 * not one: ShowDoc's test is "JSON with `info.url`". Missing parts are filled in, wrong types dropped.
 */
export function parseRunApiDoc(text: string): RunApiDoc | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.info) || !str(value.info.url)) return null;
  const info = value.info;
  const request = isRecord(value.request) ? value.request : {};
  const params = isRecord(request.params) ? request.params : {};
  const response = isRecord(value.response) ? value.response : {};
  const mode = str(params.mode);
  const type = str(info.type);
  const doc = emptyRunApiDoc({
    from: str(info.from),
    type: type === 'websocket' || type === 'sse' ? type : 'api',
    title: str(info.title),
    description: str(info.description),
    method: str(info.method) || 'get',
    url: str(info.url),
    remark: str(info.remark),
    apiStatus: str(info.apiStatus) || '0',
  });
  doc.request = {
    params: {
      mode: mode === 'json' || mode === 'formdata' ? mode : 'urlencoded',
      json: str(params.json),
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
    responseExample: str(response.responseExample),
    responseParamsDesc: paramsOf(response.responseParamsDesc),
    responseFailExample: str(response.responseFailExample),
    responseFailParamsDesc: paramsOf(response.responseFailParamsDesc),
  };
  return doc;
}
