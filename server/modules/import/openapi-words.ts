import type { RunApiLang } from '../../../common/runapi/index.js';

/**
 * What an imported API page says beyond the spec's own descriptions, in the two languages of the API
 * page itself (common/runapi/words.ts): the constraints of a parameter or field, the authentication an
 * operation needs, and the status codes it answers.
 */
export const OPENAPI_WORDS = {
  en: {
    deprecated: 'Deprecated',
    enum: (values: string) => `Enum: ${values}`,
    default: (value: string) => `Default: ${value}`,
    minimum: (value: string) => `Minimum: ${value}`,
    maximum: (value: string) => `Maximum: ${value}`,
    alwaysPresent: 'Always present',
    apiKey: (scheme: string) => `API key (${scheme})`,
    bearer: (scheme: string) => `Bearer token (${scheme})`,
    basic: (scheme: string) => `HTTP basic authentication (${scheme})`,
    oauth2: (scheme: string, scopes: string) => `OAuth 2.0 access token (${scheme}${scopes ? `; scopes: ${scopes}` : ''})`,
    oneOfSchemes: 'One of the authentication methods listed here',
    responses: 'Responses',
    responseColumns: ['HTTP status', 'Description'],
    headersNote: (names: string) => `Headers: ${names}`,
    sentence: (text: string) => (/[.!?。！？:：]$/.test(text) ? text : `${text}.`),
    join: ' ',
  },
  zh: {
    deprecated: '已废弃',
    enum: (values: string) => `可选值：${values}`,
    default: (value: string) => `默认值：${value}`,
    minimum: (value: string) => `最小值：${value}`,
    maximum: (value: string) => `最大值：${value}`,
    alwaysPresent: '必返回',
    apiKey: (scheme: string) => `API 密钥（${scheme}）`,
    bearer: (scheme: string) => `Bearer 令牌（${scheme}）`,
    basic: (scheme: string) => `HTTP Basic 认证（${scheme}）`,
    oauth2: (scheme: string, scopes: string) => `OAuth 2.0 访问令牌（${scheme}${scopes ? `；权限：${scopes}` : ''}）`,
    oneOfSchemes: '此处列出的认证方式任选其一',
    responses: '返回状态码',
    responseColumns: ['HTTP 状态码', '说明'],
    headersNote: (names: string) => `响应头：${names}`,
    sentence: (text: string) => (/[.!?。！？:：]$/.test(text) ? text : `${text}。`),
    join: '',
  },
} as const satisfies Record<RunApiLang, unknown>;

export type OpenApiWords = (typeof OPENAPI_WORDS)[RunApiLang];

/** A description cell: the spec's own text as it is, or followed by each note as a sentence of its own. */
export function remarkText(words: OpenApiWords, base: string, notes: readonly string[]): string {
  const text = base.trim();
  if (notes.length === 0) return text;
  const sentences = [text, ...notes].filter((part) => part !== '').map((part) => words.sentence(part));
  // Chinese sentences follow each other without a space, but not after an English one (`to use. 可选值`).
  return sentences.reduce((out, part) => (out === '' ? part : `${out}${words.join === '' && /[\x21-\x7e]$/.test(out) ? ' ' : words.join}${part}`), '');
}
