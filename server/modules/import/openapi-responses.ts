import { tableCell } from '../../../common/runapi/index.js';
import { isRecord, text } from './document.js';
import type { OpenApiWords } from './openapi-words.js';

/**
 * The responses of an operation as an API page shows them: one success and one failure with their
 * examples and fields (RunApi's two slots), and a table of every status code the spec lists, so error
 * responses and `default` are not lost when they do not fit the two slots.
 */

type Response = Record<string, unknown>;

/** Rows of the status table: a spec with hundreds of codes on one operation is not a reader's page. */
const MAX_STATUS_ROWS = 100;

const isFailure = (code: string) => /^[45]/.test(code);

/** Whether a response has something to show as an example or fields (OpenAPI 3 content, Swagger 2 schema or examples). */
function hasBody(response: Response): boolean {
  if (isRecord(response.content)) return Object.keys(response.content).length > 0;
  return response.schema !== undefined || (isRecord(response.examples) && Object.keys(response.examples).length > 0);
}

/**
 * Success: 200, another 2xx, or `default` when there is no 2xx. Failure: the first 4xx/5xx (or the
 * `default` not used as success) that has a body, else the first 4xx/5xx at all.
 */
export function pickResponses(responses: unknown): { success: Response | null; failure: Response | null } {
  if (!isRecord(responses)) return { success: null, failure: null };
  const codes = Object.keys(responses).filter((code) => isRecord(responses[code]));
  const at = (code: string | undefined): Response | null => (code === undefined ? null : (responses[code] as Response));
  const successCode = codes.includes('200') ? '200' : (codes.find((c) => /^2/.test(c)) ?? (codes.includes('default') ? 'default' : undefined));
  const failureCodes = [...codes.filter(isFailure), ...(successCode === 'default' ? [] : codes.filter((c) => c === 'default'))];
  const failureCode = failureCodes.find((c) => hasBody(responses[c] as Response)) ?? codes.find(isFailure);
  return { success: at(successCode), failure: at(failureCode) };
}

/** What a response says of itself: its description, and the headers it sends. */
function responseText(response: Response, words: OpenApiWords): string {
  const description = text(response.description).trim();
  const headers = isRecord(response.headers) ? Object.keys(response.headers) : [];
  if (headers.length === 0) return description;
  const note = words.headersNote(headers.join(', '));
  return description ? `${words.sentence(description)}${words.join}${note}` : note;
}

/** The status table (markdown), when the operation answers more than one status code; else ''. */
export function responseSummary(responses: unknown, words: OpenApiWords): string {
  if (!isRecord(responses)) return '';
  const codes = Object.keys(responses).filter((code) => isRecord(responses[code]));
  if (codes.length < 2) return '';
  // The spec's order, `default` last: it stands for every code not listed.
  const ordered = [...codes.filter((c) => c !== 'default'), ...codes.filter((c) => c === 'default')].slice(0, MAX_STATUS_ROWS);
  const [status, description] = words.responseColumns;
  const rows = ordered.map((code) => `|${tableCell(code)}|${tableCell(responseText(responses[code] as Response, words))}|`);
  return [`|${status}|${description}|`, '|:---|:---|', ...rows].join('\n');
}
