import { ApiError } from '../../http/api-error.js';
import { isRecord, text } from './document.js';
import { MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES_PER_OPERATION, MAX_SCHEMA_WORK } from './limits.js';
import type { RunApiParam } from '../../../common/runapi/index.js';
import { remarkText, type OpenApiWords } from './openapi-words.js';

/**
 * Walks JSON schemas of a dereferenced OpenAPI document, whose `$ref` cycles are real cycles of
 * objects: every walk stops at MAX_SCHEMA_DEPTH, never re-enters a schema it is inside of, and spends
 * from a budget (per operation and per file) so a pathological file ends in a clear error, not a hang.
 */

export type Schema = Record<string, unknown>;

export class SchemaBudget {
  private total = 0;
  private operation = 0;

  /** Called once per operation. */
  startOperation(): void {
    this.operation = 0;
  }

  /** False when this operation has spent its share (the walk then stops early). */
  spend(): boolean {
    if (++this.total > MAX_SCHEMA_WORK) throw new ApiError(10101, 'import.specTooLarge', { max: String(MAX_SCHEMA_WORK) });
    return ++this.operation <= MAX_SCHEMA_NODES_PER_OPERATION;
  }
}

const asSchema = (value: unknown): Schema | null => (isRecord(value) ? value : null);

/** `type` of a schema, also for 3.1's `["string", "null"]` and schemas that only imply it. */
export function schemaType(schema: Schema): string {
  const raw = schema.type;
  const type = Array.isArray(raw) ? text(raw.find((t) => t !== 'null')) : text(raw);
  if (type) return type === 'int' ? 'integer' : type;
  if (isRecord(schema.properties) || isRecord(schema.additionalProperties)) return 'object';
  if (schema.items !== undefined) return 'array';
  if (Array.isArray(schema.allOf)) return 'object';
  return '';
}

/** The properties of an object schema, `allOf` parts merged. */
function propertiesOf(schema: Schema, seen: Set<Schema>, depth: number): [string, Schema][] {
  const out = new Map<string, Schema>();
  // `seen` holds the schemas being walked, this one included: only its allOf parts are checked against it.
  const collect = (node: Schema, level: number) => {
    if (isRecord(node.properties)) for (const [name, value] of Object.entries(node.properties)) if (isRecord(value)) out.set(name, value);
    if (Array.isArray(node.allOf)) for (const part of node.allOf) if (isRecord(part) && level < MAX_SCHEMA_DEPTH && !seen.has(part)) collect(part, level + 1);
  };
  collect(schema, depth);
  return [...out];
}

function requiredOf(schema: Schema): Set<string> {
  const names = new Set<string>();
  const add = (node: Schema) => {
    if (Array.isArray(node.required)) for (const n of node.required) if (typeof n === 'string') names.add(n);
  };
  add(schema);
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) if (isRecord(part)) add(part);
  return names;
}

/** The first alternative of oneOf / anyOf, as an example of what may be sent. */
function firstAlternative(schema: Schema): Schema | null {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) {
      const first = list.find(isRecord);
      if (first) return first;
    }
  }
  return null;
}

const STRING_BY_FORMAT: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'U3dhZ2dlcg==',
  binary: '',
  password: '******',
};

/** An explicit example of a schema: `example`, 3.1's `examples[0]`, `default`, `const`, first `enum`. */
export function declaredExample(schema: Schema): { found: boolean; value?: unknown } {
  if (schema.example !== undefined) return { found: true, value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { found: true, value: schema.examples[0] };
  if (schema.default !== undefined) return { found: true, value: schema.default };
  if (schema.const !== undefined) return { found: true, value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { found: true, value: schema.enum[0] };
  return { found: false };
}

/** A value that fits the schema, made up where the schema gives no example. */
export function exampleOf(root: unknown, budget: SchemaBudget): unknown {
  const seen = new Set<Schema>();
  const walk = (value: unknown, depth: number): unknown => {
    const schema = asSchema(value);
    if (!schema || depth > MAX_SCHEMA_DEPTH || seen.has(schema) || !budget.spend()) return null;
    const declared = declaredExample(schema);
    if (declared.found) return declared.value;
    seen.add(schema);
    try {
      const alternative = firstAlternative(schema);
      if (alternative) return walk(alternative, depth + 1);
      switch (schemaType(schema)) {
        case 'object': {
          const out: Record<string, unknown> = {};
          for (const [name, property] of propertiesOf(schema, seen, depth)) out[name] = walk(property, depth + 1);
          if (Object.keys(out).length === 0 && isRecord(schema.additionalProperties)) out.key = walk(schema.additionalProperties, depth + 1);
          return out;
        }
        case 'array':
          return schema.items === undefined ? [] : [walk(schema.items, depth + 1)];
        case 'integer':
        case 'number':
          return typeof schema.minimum === 'number' ? schema.minimum : 0;
        case 'boolean':
          return true;
        case 'string':
          return STRING_BY_FORMAT[text(schema.format)] ?? 'string';
        default:
          return null;
      }
    } finally {
      seen.delete(schema);
    }
  };
  return walk(root, 0);
}

/** Enum values shown in a description cell; a longer list ends with "…". */
const MAX_ENUM_VALUES = 30;

/**
 * What a schema says beyond its description that a reader of an API page needs: deprecated, the allowed
 * values, the default and the bounds (an array's constraints are on its items).
 */
export function schemaNotes(schema: Schema, words: OpenApiWords): string[] {
  const notes: string[] = [];
  if (schema.deprecated === true) notes.push(words.deprecated);
  const values = Array.isArray(schema.enum) ? schema.enum : isRecord(schema.items) && Array.isArray(schema.items.enum) ? schema.items.enum : [];
  if (values.length > 0) {
    const shown = values.slice(0, MAX_ENUM_VALUES).map((v) => (v === null ? 'null' : exampleText(v)));
    notes.push(words.enum(`${shown.join(', ')}${values.length > MAX_ENUM_VALUES ? ', …' : ''}`));
  }
  if (schema.default !== undefined) notes.push(words.default(schema.default === null ? 'null' : exampleText(schema.default)));
  if (typeof schema.minimum === 'number') notes.push(words.minimum(String(schema.minimum)));
  if (typeof schema.maximum === 'number') notes.push(words.maximum(String(schema.maximum)));
  return notes;
}

export interface RowOptions {
  /** Form bodies: binary strings are files. */
  files?: boolean;
  /** The language of the notes added to descriptions. */
  words: OpenApiWords;
  /** Response fields: "required" means always present, and says so. */
  response?: boolean;
}

/** A parameter table of an object schema, nested properties as `a.b`, array items as `list[].x`. */
export function schemaRows(root: unknown, budget: SchemaBudget, options: RowOptions): RunApiParam[] {
  const rows: RunApiParam[] = [];
  const seen = new Set<Schema>();
  const walk = (value: unknown, prefix: string, depth: number) => {
    const schema = asSchema(value);
    if (!schema || depth > MAX_SCHEMA_DEPTH || seen.has(schema)) return;
    seen.add(schema);
    const target = firstAlternative(schema) ?? schema;
    const type = schemaType(target);
    if (type === 'array' && isRecord(target.items)) {
      walk(target.items, prefix ? `${prefix}[]` : '[]', depth + 1);
    } else {
      const required = requiredOf(target);
      for (const [name, property] of propertiesOf(target, seen, depth)) {
        if (!budget.spend()) break;
        const full = prefix ? `${prefix}.${name}` : name;
        rows.push(rowOf(full, property, required.has(name), options));
        const inner = firstAlternative(property) ?? property;
        const innerType = schemaType(inner);
        if (innerType === 'object' || innerType === 'array') walk(property, full, depth + 1);
      }
    }
    seen.delete(schema);
  };
  walk(root, '', 0);
  return rows;
}

function rowOf(name: string, schema: Schema, required: boolean, options: RowOptions): RunApiParam {
  const declared = declaredExample(schema);
  const isFile = options.files && (text(schema.format) === 'binary' || schemaType(schema) === 'file');
  const notes = schemaNotes(schema, options.words);
  // A response table has no "required" column (ShowDoc's layout): a required field is said in words.
  if (options.response && required) notes.push(options.words.alwaysPresent);
  return {
    name,
    type: isFile ? 'file' : schemaType(firstAlternative(schema) ?? schema),
    value: declared.found ? exampleText(declared.value) : '',
    require: required ? '1' : '0',
    remark: remarkText(options.words, text(schema.description) || text(schema.title), notes),
  };
}

/** An example as one cell or body: strings as they are, anything else as JSON. */
export function exampleText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Response rows derived from an example when there is no schema (ShowDoc's `exampleToParamsDesc`). */
export function exampleRows(example: unknown, budget: SchemaBudget): { name: string; type: string; remark: string }[] {
  const rows: { name: string; type: string; remark: string }[] = [];
  const walk = (value: unknown, prefix: string, depth: number) => {
    if (depth > MAX_SCHEMA_DEPTH) return;
    if (Array.isArray(value)) {
      if (value.length > 0) walk(value[0], prefix ? `${prefix}[]` : '[]', depth + 1);
      return;
    }
    if (!isRecord(value)) return;
    for (const [name, inner] of Object.entries(value)) {
      if (!budget.spend()) return;
      const full = prefix ? `${prefix}.${name}` : name;
      rows.push({ name: full, type: valueType(inner), remark: '' });
      walk(inner, full, depth + 1);
    }
  };
  walk(example, '', 0);
  return rows;
}

function valueType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
