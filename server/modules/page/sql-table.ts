import { createRequire } from 'node:module';
import { ApiError } from '../../http/api-error.js';

/**
 * `page/sqlToMarkdownTable` (reference §6.4): CREATE TABLE statements as ShowDoc's data-dictionary
 * markdown. The SQL is parsed by node-sql-parser's grammars (MySQL, PostgreSQL, SQLite tried in turn)
 * and never executed. Only the dialect grammars are loaded, on first use.
 */

/** Room for a schema dump of a few dozen tables; parsing is linear but not free. */
export const MAX_SQL_CHARS = 64 * 1024;

type Dialect = 'mysql' | 'postgresql' | 'sqlite';
interface SqlParser {
  astify(sql: string, options: { database: string }): unknown;
}

const require = createRequire(import.meta.url);
const parsers = new Map<Dialect, SqlParser>();

function parserFor(dialect: Dialect): SqlParser {
  let parser = parsers.get(dialect);
  if (!parser) {
    const grammar = require(`node-sql-parser/build/${dialect}.js`) as { Parser: new () => SqlParser };
    parser = new grammar.Parser();
    parsers.set(dialect, parser);
  }
  return parser;
}

interface Column {
  name: string;
  type: string;
  nullable: boolean;
  defaultValue: string;
  comment: string;
}

interface Table {
  name: string;
  comment: string;
  columns: Column[];
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A column name as each grammar shapes it: a string, or `{expr: {value}}`. */
function nameOf(ref: unknown): string {
  if (typeof ref === 'string') return ref;
  if (isNode(ref)) {
    if ('column' in ref) return nameOf(ref.column);
    if (isNode(ref.expr)) return nameOf(ref.expr.value);
    if ('value' in ref) return nameOf(ref.value);
  }
  return '';
}

/** A literal or an expression (a default such as CURRENT_TIMESTAMP or nextval(…)) as readable text. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  if (!isNode(value)) return '';
  if (value.type === 'function' || value.type === 'aggr_func') {
    const fn = nameOf(value.name) || textOf(isNode(value.name) && Array.isArray(value.name.name) ? value.name.name.map((part: unknown) => (isNode(part) ? part.value : part)) : value.name);
    const args = isNode(value.args) ? textOf(value.args.value) : '';
    return args === '' && !value.args ? fn : `${fn}(${args})`;
  }
  if (value.type === 'null') return 'NULL';
  if (value.type === 'bool') return String(value.value).toUpperCase();
  if ('value' in value) return textOf(value.value);
  if ('expr' in value) return textOf(value.expr);
  return '';
}

function typeOf(definition: unknown): string {
  if (!isNode(definition)) return '';
  let type = String(definition.dataType ?? '').toLowerCase();
  if (typeof definition.length === 'number') type += typeof definition.scale === 'number' ? `(${definition.length},${definition.scale})` : `(${definition.length})`;
  if (Array.isArray(definition.suffix) && definition.suffix.length > 0) type += ' ' + definition.suffix.map((s) => String(s).toLowerCase()).join(' ');
  return type;
}

/** MySQL keeps `COMMENT='…'` with its quotes in table_options. */
function unquote(text: string): string {
  const match = /^(['"])([\s\S]*)\1$/.exec(text.trim());
  return match ? (match[2] ?? '').replace(/''/g, "'") : text;
}

function tableFrom(statement: Node): Table | null {
  if (statement.type !== 'create' || statement.keyword !== 'table') return null;
  const target = Array.isArray(statement.table) ? statement.table[0] : statement.table;
  const name = isNode(target) ? nameOf(target.table) : '';
  const columns: Column[] = [];
  const primary = new Set<string>();
  for (const definition of Array.isArray(statement.create_definitions) ? statement.create_definitions : []) {
    if (!isNode(definition)) continue;
    if (definition.resource === 'constraint' && String(definition.constraint_type).toLowerCase() === 'primary key' && Array.isArray(definition.definition)) {
      for (const ref of definition.definition) primary.add(nameOf(ref));
    }
    if (definition.resource !== 'column') continue;
    const nullable = isNode(definition.nullable) ? definition.nullable.type !== 'not null' : true;
    columns.push({
      name: nameOf(definition.column),
      type: typeOf(definition.definition),
      nullable: nullable && !definition.primary_key,
      defaultValue: isNode(definition.default_val) ? textOf(definition.default_val.value) : '',
      comment: isNode(definition.comment) ? textOf(definition.comment.value) : '',
    });
  }
  for (const column of columns) if (primary.has(column.name)) column.nullable = false;
  let comment = '';
  for (const option of Array.isArray(statement.table_options) ? statement.table_options : []) {
    if (isNode(option) && String(option.keyword).toLowerCase() === 'comment') comment = unquote(textOf(option.value));
  }
  return { name, comment, columns };
}

/** PostgreSQL's `COMMENT ON TABLE t IS '…'` and `COMMENT ON COLUMN t.c IS '…'`. */
function applyComment(statement: Node, tables: Map<string, Table>): void {
  if (statement.type !== 'comment' || !isNode(statement.target) || !isNode(statement.expr)) return;
  const text = textOf(statement.expr.expr);
  const target = statement.target;
  const name = isNode(target.name) ? target.name : {};
  if (target.type === 'table') {
    const table = tables.get(nameOf(name.table));
    if (table) table.comment = text;
  } else if (target.type === 'column') {
    const column = tables.get(nameOf(name.table))?.columns.find((c) => c.name === nameOf(name));
    if (column) column.comment = text;
  }
}

/** A value inside a table cell: a `|` or a line break would end the cell early. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>').trim();
}

/** The table's words: ShowDoc's Chinese by default (its clients expect them), English when the app asks for it. */
const words = {
  zh: { head: '| 字段 | 类型 | 允许空 | 默认 | 说明 |', yes: '是', no: '否' },
  en: { head: '| Field | Type | Nullable | Default | Comment |', yes: 'yes', no: 'no' },
} as const;
export type SqlTableLanguage = keyof typeof words;

function markdownOf(table: Table, lang: SqlTableLanguage): string {
  const w = words[lang];
  const head = `\n- ${table.name} ${table.comment}`.trimEnd() + `\n\n${w.head}\n| --- | --- | --- | --- | --- |\n`;
  return head + table.columns.map((c) => `| ${cell(c.name)} | ${cell(c.type)} | ${c.nullable ? w.yes : w.no} | ${cell(c.defaultValue)} | ${cell(c.comment)} |\n`).join('');
}

/** SQLite's [bracketed] names are not in the grammar; as "quoted" names they mean the same. */
function normalizeSqlite(sql: string): string {
  return sql.replace(/\[([^\]\r\n]{1,128})\]/g, (_m, name: string) => `"${name.replace(/"/g, '""')}"`);
}

function parse(sql: string): Node[] | null {
  const attempts: [Dialect, string][] = [
    ['mysql', sql],
    ['postgresql', sql],
    ['sqlite', normalizeSqlite(sql)],
  ];
  for (const [dialect, text] of attempts) {
    try {
      const ast = parserFor(dialect).astify(text, { database: dialect });
      const statements = (Array.isArray(ast) ? ast : [ast]).filter(isNode);
      if (statements.some((s) => s.type === 'create' && s.keyword === 'table')) return statements;
    } catch {
      // Not this dialect (or not SQL at all): try the next grammar.
    }
  }
  return null;
}

export function sqlToMarkdownTable(sql: string, lang: SqlTableLanguage = 'zh'): { markdown: string } {
  const text = sql.trim();
  if (text === '') throw new ApiError(10101, 'page.sqlEmpty');
  const statements = parse(text);
  if (!statements) throw new ApiError(10101, 'page.sqlUnparsable');
  const tables = new Map<string, Table>();
  for (const statement of statements) {
    const table = tableFrom(statement);
    if (table) tables.set(table.name, table);
  }
  for (const statement of statements) applyComment(statement, tables);
  return { markdown: [...tables.values()].map((table) => markdownOf(table, lang)).join('') };
}
