import type { RunApiParam } from '../../../common/runapi/index.js';
import { isRecord, text } from './document.js';
import type { OpenApiWords } from './openapi-words.js';

/**
 * The credentials an operation asks for, as request rows: OpenAPI 3 `components.securitySchemes` and
 * Swagger 2 `securityDefinitions`, chosen by the operation's `security` (or the document's). An API key
 * is a header, query or cookie row under its own name; HTTP bearer, OAuth 2 and OpenID Connect are an
 * `Authorization` header. A row is required when the operation accepts exactly one way in.
 */

type Where = 'header' | 'query' | 'cookie';
export type SecurityRows = Record<Where, RunApiParam[]>;

function schemesOf(doc: Record<string, unknown>): Record<string, unknown> {
  if (isRecord(doc.components) && isRecord(doc.components.securitySchemes)) return doc.components.securitySchemes;
  return isRecord(doc.securityDefinitions) ? doc.securityDefinitions : {};
}

function rowFor(name: string, scheme: Record<string, unknown>, scopes: string[], required: boolean, words: OpenApiWords): { where: Where; row: RunApiParam } | null {
  const type = text(scheme.type);
  const own = text(scheme.description).trim();
  const require = required ? '1' : '0';
  if (type === 'apiKey') {
    const where = text(scheme.in);
    if (where !== 'header' && where !== 'query' && where !== 'cookie') return null;
    return { where, row: { name: text(scheme.name), type: 'string', value: '', require, remark: own || words.apiKey(name) } };
  }
  const httpScheme = text(scheme.scheme).toLowerCase();
  if (type === 'basic' || (type === 'http' && httpScheme === 'basic')) {
    return { where: 'header', row: { name: 'Authorization', type: 'string', value: 'Basic {credentials}', require, remark: own || words.basic(name) } };
  }
  if (type === 'http') {
    return { where: 'header', row: { name: 'Authorization', type: 'string', value: `${text(scheme.scheme) || 'Bearer'} {token}`, require, remark: own || words.bearer(name) } };
  }
  if (type === 'oauth2' || type === 'openIdConnect') {
    return { where: 'header', row: { name: 'Authorization', type: 'string', value: 'Bearer {token}', require, remark: own || words.oauth2(name, scopes.join(', ')) } };
  }
  return null;
}

export function securityRows(doc: Record<string, unknown>, op: Record<string, unknown>, words: OpenApiWords): SecurityRows {
  const out: SecurityRows = { header: [], query: [], cookie: [] };
  const requirements = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
  const alternatives = requirements.filter(isRecord);
  // `{}` among the alternatives: the operation may also be called without credentials.
  const onlyOne = alternatives.length === 1 && Object.keys(alternatives[0] ?? {}).length > 0;
  const schemes = schemesOf(doc);
  const seen = new Set<string>();
  for (const requirement of alternatives) {
    for (const [name, scopes] of Object.entries(requirement)) {
      const scheme = schemes[name];
      if (!isRecord(scheme)) continue;
      const found = rowFor(name, scheme, Array.isArray(scopes) ? scopes.map(text).filter(Boolean) : [], onlyOne, words);
      if (!found) continue;
      const key = `${found.where}\u0000${found.row.name.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (alternatives.length > 1) found.row.remark = `${words.sentence(found.row.remark ?? '')}${words.join}${words.sentence(words.oneOfSchemes)}`;
      out[found.where].push(found.row);
    }
  }
  return out;
}
