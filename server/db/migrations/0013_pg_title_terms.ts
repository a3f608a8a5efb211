import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * PostgreSQL only: a page's title terms (page-search-terms.ts) in a column of their own beside its terms.
 * A search asks for title hits first, walking the table newest first and testing each row; testing the
 * whole `terms` array meant reading a page's every term out of TOAST storage for about thirty rows per hit
 * (8 ms for a 1-character keyword in a 10,000-page project, against 1.7 ms with the title's few terms).
 * SQLite's FTS5 index reads title terms (`t`-prefixed) as cheaply as any other and needs no change.
 * The same trigger keeps the column in step, from the same function as the terms.
 */
export function pgTitleTermsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`alter table page_fts_cjk add column title_terms text[] not null default '{}'`.execute(db);
      await sql`update page_fts_cjk f set title_terms = array(select substr(t, 2) from unnest(f.terms) t where t like 't%')`.execute(db);
      // For a title term found in few pages, which the walk newest first would look for through every row.
      await sql`create index page_fts_cjk_title_terms on page_fts_cjk using gin (title_terms)`.execute(db);
      // The terms are computed once, into a variable (a plain expression to PL/pgSQL, where the call inside
      // the insert was planned per row: 5,000 pages took 2.2 s with the old function, 0.5 s with this one).
      await sql`create or replace function folio_page_cjk_sync() returns trigger language plpgsql as $$
        declare
          all_terms text[] := folio_cjk_terms(new.page_title, new.page_content, new.item_id);
        begin
          insert into page_fts_cjk (page_id, terms, title_terms)
            values (new.page_id, all_terms, array(select substr(t, 2) from unnest(all_terms) t where t like 't%'))
            on conflict (page_id) do update set terms = excluded.terms, title_terms = excluded.title_terms;
          return null;
        end
      $$`.execute(db);
      await sql`analyze page_fts_cjk`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create or replace function folio_page_cjk_sync() returns trigger language plpgsql as $$
        begin
          insert into page_fts_cjk (page_id, terms) values (new.page_id, folio_cjk_terms(new.page_title, new.page_content, new.item_id))
            on conflict (page_id) do update set terms = excluded.terms;
          return null;
        end
      $$`.execute(db);
      await sql`drop index if exists page_fts_cjk_title_terms`.execute(db);
      await sql`alter table page_fts_cjk drop column title_terms`.execute(db);
    },
  };
}
