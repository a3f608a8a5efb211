import { sql, type Kysely } from 'kysely';
import { isBookkeepingTable } from '../db/bookkeeping-tables.js';
import type { Dialect } from '../db/database.js';

/** One table of Folio's data as the database itself describes it (not as tables.ts claims). */
export interface DataTable {
  name: string;
  columns: string[];
  /** Tables this one's foreign keys point at. */
  references: string[];
}

/** Every data table with its columns, parents before children (the order rows can be inserted in). */
export async function dataTables(db: Kysely<unknown>, dialect: Dialect): Promise<DataTable[]> {
  const tables = dialect === 'sqlite' ? await sqliteTables(db) : await postgresTables(db);
  // The machinery's own tables are not the site's data: `migrate`, triggers and jobs fill them on the target.
  return inInsertOrder(tables.filter((t) => !isBookkeepingTable(t.name)));
}

async function sqliteTables(db: Kysely<unknown>): Promise<DataTable[]> {
  // `table_list` tells ordinary tables from virtual and shadow ones (the FTS index).
  const names = await sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type = 'table'`.execute(db);
  const out: DataTable[] = [];
  for (const { name } of names.rows) {
    const columns = await sql<{ name: string }>`select name from pragma_table_info(${name}) order by cid`.execute(db);
    const keys = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(db);
    out.push({ name, columns: columns.rows.map((c) => c.name), references: keys.rows.map((k) => k.table) });
  }
  return out;
}

async function postgresTables(db: Kysely<unknown>): Promise<DataTable[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and table_name in (select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE')
    order by table_name, ordinal_position`.execute(db);
  const keys = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const byName = new Map<string, DataTable>();
  for (const row of columns.rows) {
    const table = byName.get(row.table_name) ?? { name: row.table_name, columns: [], references: [] };
    table.columns.push(row.column_name);
    byName.set(row.table_name, table);
  }
  for (const key of keys.rows) byName.get(key.child)?.references.push(key.parent);
  return [...byName.values()];
}

/** Parents first; names break ties so both dialects list the same tables in the same order. */
function inInsertOrder(tables: DataTable[]): DataTable[] {
  const pending = new Map(tables.map((t) => [t.name, t]));
  const ordered: DataTable[] = [];
  while (pending.size > 0) {
    const ready = [...pending.values()]
      .filter((t) => t.references.every((parent) => parent === t.name || !pending.has(parent)))
      .sort((a, b) => a.name.localeCompare(b.name));
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among: ${[...pending.keys()].join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      pending.delete(t.name);
    }
  }
  return ordered;
}

/** The migrations a database has applied, in order: its schema level. */
export async function appliedMigrations(db: Kysely<unknown>): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}
