import type { z } from 'zod';
import { escapeEntities } from '../../common/html-entities.js';
import { showdocWire } from '../../common/wire.js';

/**
 * Folio's typed answer → the answer ShowDoc 3.9.2 gives on the same URL, led by the marks of the
 * answer's schema (common/wire.ts): row numbers become strings, page text is escaped, Folio's extras
 * are dropped. Keys the schema does not know pass unchanged.
 */
export function toShowDoc(schema: z.ZodType, value: unknown): unknown {
  const form = showdocWire.get(schema)?.showdoc;
  if (form === 'string') return typeof value === 'number' ? String(value) : value;
  if (form === 'escaped') return typeof value === 'string' ? escapeEntities(value) : value;
  if (form === 'commaList') return Array.isArray(value) ? value.join(',') : value;
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
      return value === undefined || value === null ? value : toShowDoc(def.innerType as z.ZodType, value);
    case 'lazy':
      return toShowDoc((def.getter as () => z.ZodType)(), value);
    case 'pipe':
      return toShowDoc(def.out as z.ZodType, value);
    case 'array':
      return Array.isArray(value) ? value.map((item) => toShowDoc(def.element as z.ZodType, item)) : value;
    case 'object':
      return isRecord(value) ? objectToShowDoc(def.shape as Record<string, z.ZodType>, value) : value;
    case 'record':
      return isRecord(value) ? mapValues(value, (v) => toShowDoc(def.valueType as z.ZodType, v)) : value;
    case 'union':
      return unionToShowDoc(def.options as z.ZodType[], value);
    default:
      return value;
  }
}

interface SchemaDef {
  type: string;
  [key: string]: unknown;
}

function objectToShowDoc(shape: Record<string, z.ZodType>, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = shape[key];
    if (!field) {
      out[key] = v;
      continue;
    }
    if (showdocWire.get(field)?.showdoc === 'omit') continue;
    out[key] = toShowDoc(field, v);
  }
  return out;
}

/** The first option the value fits decides; answers are small, and only ShowDoc's URLs pay this. */
function unionToShowDoc(options: z.ZodType[], value: unknown): unknown {
  const fit = options.find((option) => option.safeParse(value).success);
  return fit ? toShowDoc(fit, value) : value;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function mapValues(value: Record<string, unknown>, fn: (v: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v)]));
}
