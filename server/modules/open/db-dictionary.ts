import { tableCell } from '../../../common/runapi/index.js';

/**
 * ShowDoc's data dictionary (`open/updateDbItem`, reference §6.15): three TSV dumps of MySQL's
 * information_schema, as `mysql -e` prints them (first line the header, columns by position, `&` sent
 * as `_this_and_change_`), become one markdown page per table. Names and comments are data: every cell
 * is escaped, so `a<script>` or a `|` in a comment stays text and cannot break the table.
 */
export interface DictionaryPage {
  /** The page title: the table's name as the database has it. */
  title: string;
  content: string;
}

export interface DbDumps {
  tableInfo: string;
  tableDetail: string;
  tableIndex: string;
}

interface Column {
  name: string;
  defaultValue: string;
  nullable: string;
  type: string;
  comment: string;
}

interface IndexColumn {
  index: string;
  column: string;
  seq: number;
  nonUnique: string;
  type: string;
  comment: string;
}

interface Table {
  name: string;
  comment: string;
  engine: string;
  collation: string;
  columns: Column[];
  indexes: IndexColumn[];
}

/** Rows of a dump without its header line; blank lines skipped. */
function rows(dump: string): string[][] {
  return dump
    .replaceAll('_this_and_change_', '&')
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t'));
}

const field = (row: string[], i: number) => row[i] ?? '';

/** Tables in the order the dumps first name them. */
export function readDumps(dumps: DbDumps): Table[] {
  const tables = new Map<string, Table>();
  const table = (name: string) => {
    let found = tables.get(name);
    if (!found) {
      found = { name, comment: '', engine: '', collation: '', columns: [], indexes: [] };
      tables.set(name, found);
    }
    return found;
  };
  for (const row of rows(dumps.tableInfo)) {
    const name = field(row, 0).trim();
    if (!name) continue;
    Object.assign(table(name), { comment: field(row, 1), engine: field(row, 2), collation: field(row, 3) });
  }
  for (const row of rows(dumps.tableDetail)) {
    const name = field(row, 0).trim();
    if (!name || !field(row, 1)) continue;
    table(name).columns.push({ name: field(row, 1), defaultValue: field(row, 2), nullable: field(row, 3), type: field(row, 4), comment: field(row, 5) });
  }
  for (const row of rows(dumps.tableIndex)) {
    const name = field(row, 0).trim();
    if (!name || !field(row, 1)) continue;
    table(name).indexes.push({ index: field(row, 1), column: field(row, 2), seq: Number(field(row, 3)) || 0, nonUnique: field(row, 4), type: field(row, 5), comment: field(row, 6) });
  }
  return [...tables.values()];
}

function markdownTable(columns: string[], body: string[][]): string {
  return [`|${columns.join('|')}|`, `|${columns.map(() => ':---').join('|')}|`, ...body.map((row) => `|${row.map(tableCell).join('|')}|`)].join('\n');
}

/** One index per row, its columns in `seq_in_index` order. */
function indexRows(indexes: IndexColumn[]): string[][] {
  const byName = new Map<string, IndexColumn[]>();
  for (const entry of indexes) byName.set(entry.index, [...(byName.get(entry.index) ?? []), entry]);
  return [...byName.entries()].map(([name, parts]) => {
    const first = parts[0] as IndexColumn;
    const columns = [...parts].sort((a, b) => a.seq - b.seq).map((p) => p.column);
    return [name, first.type, first.nonUnique.trim() === '0' ? '是' : '否', columns.join(', '), first.comment];
  });
}

export function tableMarkdown(table: Table): string {
  const parts = [`- ${tableCell(table.comment) || '无'}`, '## 字段说明', markdownTable(['字段', '类型', '允许空', '默认', '注释'], table.columns.map((c) => [c.name, c.type, c.nullable, c.defaultValue, c.comment || '无']))];
  if (table.indexes.length) parts.push('## 索引说明', markdownTable(['索引名', '类型', '唯一', '字段', '注释'], indexRows(table.indexes)));
  if (table.engine || table.collation) parts.push('## 表基本信息', `- 引擎：${tableCell(table.engine)}\n- 字符集排序规则：${tableCell(table.collation)}`);
  return `${parts.join('\n\n')}\n`;
}

export function dictionaryPages(dumps: DbDumps): DictionaryPage[] {
  return readDumps(dumps).map((table) => ({ title: table.name, content: tableMarkdown(table) }));
}
