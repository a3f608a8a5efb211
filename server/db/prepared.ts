import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { DB } from './tables.js';

const MARK = '\u0000folio-arg:';

type Slot = { arg: number } | { value: unknown };

/**
 * A query of fixed shape built and compiled once per database, then run with new arguments: Kysely
 * rebuilds and recompiles a query on every call, about a fifth of a page read's CPU on the hottest paths
 * (the token lookup, a page, its project, the caller's grant). Usage:
 * `preparedQuery<[id: number]>()((db, arg) => db.selectFrom('page').selectAll().where('page_id', '=', arg(0)))`. `arg(i)` stands for the i-th argument
 * wherever a value goes; the SQL text comes from Kysely, so each dialect gets its own placeholders. Only
 * for shapes that do not change with the arguments (no lists of varying length, no optional clauses).
 */
export function preparedQuery<A extends readonly unknown[]>() {
  return <R>(build: (db: Kysely<DB>, arg: <I extends number & keyof A>(index: I) => A[I]) => Compilable<R>) => prepare<A, R>(build);
}

function prepare<A extends readonly unknown[], R>(
  build: (db: Kysely<DB>, arg: <I extends number & keyof A>(index: I) => A[I]) => Compilable<R>,
): (db: Kysely<DB>, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Kysely<DB>, { sql: string; slots: Slot[] }>();
  const placeholder = <I extends number & keyof A>(index: I) => `${MARK}${index}` as A[I];
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (!query) {
      const { sql, parameters } = build(db, placeholder).compile();
      const slots = parameters.map((p): Slot => (typeof p === 'string' && p.startsWith(MARK) ? { arg: Number(p.slice(MARK.length)) } : { value: p }));
      query = { sql, slots };
      compiled.set(db, query);
    }
    const parameters = query.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const result = await db.executeQuery<R>(CompiledQuery.raw(query.sql, parameters));
    return result.rows;
  };
}
