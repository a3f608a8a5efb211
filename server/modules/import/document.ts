import { createRequire } from 'node:module';
import { ApiError } from '../../http/api-error.js';
import { MAX_DOCUMENT_DEPTH, MAX_YAML_ALIASES } from './limits.js';

/**
 * JSON and YAML uploads read into plain data with limits: nesting depth, YAML aliases (the
 * billion-laughs guard) and a node budget. Keys that could reach an object's prototype never get
 * into the result (security.md C15).
 */

const DANGEROUS_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Values one document may expand to, aliases included. */
const MAX_NODES = 5_000_000;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const tooDeep = () => new ApiError(10101, 'import.jsonTooDeep', { max: String(MAX_DOCUMENT_DEPTH) });

/** The upload as text, or null when it is not UTF-8 (a BOM is dropped). */
export function utf8Text(data: Buffer): string | null {
  try {
    return utf8.decode(data).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/**
 * The deepest bracket nesting of JSON text and a lower bound of the values it holds (separators plus
 * containers), counted before parsing: a deep file costs no stack, and a file of millions of values is
 * refused before JSON.parse builds them.
 */
function jsonShape(text: string): { depth: number; values: number } {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x2c) values++;
    else if (c === 0x7b || c === 0x5b) {
      values++;
      if (++depth > MAX_DOCUMENT_DEPTH) return { depth, values };
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return { depth, values };
}

const tooLarge = () => new ApiError(10101, 'import.documentTooLarge', { max: String(MAX_NODES) });

/** A copy of parsed data without dangerous keys, bounded in depth and size. */
function clean(value: unknown): unknown {
  let nodes = 0;
  const walk = (node: unknown, depth: number): unknown => {
    if (++nodes > MAX_NODES) throw tooLarge();
    if (node === null || typeof node !== 'object') return node;
    if (depth > MAX_DOCUMENT_DEPTH) throw tooDeep();
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    if (node instanceof Date) return node.toISOString();
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node)) {
      if (!DANGEROUS_KEYS.has(key)) out[key] = walk((node as Record<string, unknown>)[key], depth + 1);
    }
    return out;
  };
  return walk(value, 0);
}

export type ParsedDocument = { ok: true; value: unknown } | { ok: false };

/** JSON text, or `{ok: false}` when it is not JSON. Too deep is an error, not "not JSON". */
export function parseJsonDocument(text: string): ParsedDocument {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return { ok: false };
  const shape = jsonShape(text);
  if (shape.depth > MAX_DOCUMENT_DEPTH) throw tooDeep();
  if (shape.values > MAX_NODES) throw tooLarge();
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v: unknown) => (DANGEROUS_KEYS.has(key) ? undefined : v));
  } catch {
    return { ok: false };
  }
  return { ok: true, value: clean(value) };
}

let yaml: typeof import('yaml') | undefined;

/** YAML text (a superset of JSON); aliases are capped, errors say where the YAML is wrong. */
export function parseYamlDocument(text: string): unknown {
  // Required (the package ships CommonJS too) on the first YAML import, not at start (issue 21: idle memory).
  yaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  let value: unknown;
  try {
    value = yaml.parse(text, { maxAliasCount: MAX_YAML_ALIASES, prettyErrors: false, uniqueKeys: false, merge: false, strict: false });
  } catch (error) {
    const reason = error instanceof RangeError ? 'too deeply nested' : error instanceof Error ? error.message.split('\n')[0]?.slice(0, 200) ?? '' : '';
    throw new ApiError(10101, 'import.yamlInvalid', { reason });
  }
  return clean(value);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ShowDoc exports hold every scalar as a string; other tools write numbers. Both are text here. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A positive whole number from a string or a number, else undefined. */
export function order(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : undefined;
}
