import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { PG_CJK_RUN } from '../page-search-terms.js';

/**
 * The term index for one- and two-character CJK keywords (server/db/page-search-terms.ts), beside the
 * trigram index of 0003. Like that one it is kept in step with `page` by the database itself, so every
 * write path (save, open API, import, copy, restore, delete) updates it without remembering to.
 *
 * SQLite: a contentless FTS5 table with `detail=none` (rowids only: the terms are exact, no positions
 * needed), filled by triggers that call `folio_cjk_terms()`, a function every Folio connection registers.
 * PostgreSQL: a side table of text[] terms with a GIN index, filled by a trigger through a SQL function
 * that computes the same terms; rows go with their page (foreign key, on delete cascade).
 * The name starts with `page_fts` so backups leave it out (they rebuild from pages) and the row-type test
 * skips it.
 */
export function cjkSearchMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        const run = sql.raw(`'(${PG_CJK_RUN})'`);
        await sql`create function folio_cjk_terms(title text, content text, item_id integer) returns text[] language sql immutable parallel safe as $$
          select array_append(coalesce(array_agg(distinct term), '{}'), 'i' || item_id) from (
            select prefix || 'x' || to_hex(ascii(substr(run, i, 1))) || case when k = 2 then 'x' || to_hex(ascii(substr(run, i + 1, 1))) else '' end as term
            from (
              select 't' as prefix, m[1] as run from regexp_matches(coalesce(title, ''), ${run}, 'g') m
              union all select '', m[1] from regexp_matches(coalesce(title, ''), ${run}, 'g') m
              union all select '', m[1] from regexp_matches(coalesce(content, ''), ${run}, 'g') m
            ) runs, generate_series(1, length(run)) i, (values (1), (2)) ks(k)
            where k = 1 or i < length(run)
          ) terms
        $$`.execute(db);
        await sql`create table page_fts_cjk (page_id integer primary key references page (page_id) on delete cascade, terms text[] not null)`.execute(db);
        await sql`insert into page_fts_cjk (page_id, terms) select page_id, folio_cjk_terms(page_title, page_content, item_id) from page`.execute(db);
        await sql`create index page_fts_cjk_terms on page_fts_cjk using gin (terms)`.execute(db);
        await sql`create function folio_page_cjk_sync() returns trigger language plpgsql as $$
          begin
            insert into page_fts_cjk (page_id, terms) values (new.page_id, folio_cjk_terms(new.page_title, new.page_content, new.item_id))
              on conflict (page_id) do update set terms = excluded.terms;
            return null;
          end
        $$`.execute(db);
        await sql`create trigger page_fts_cjk_sync after insert or update of page_title, page_content, item_id on page for each row execute function folio_page_cjk_sync()`.execute(db);
        // The planner picks "newest first, stop at the limit" for common terms only if it knows they are common.
        await sql`analyze page_fts_cjk`.execute(db);
        return;
      }
      await sql`create virtual table page_fts_cjk using fts5(terms, content='', contentless_delete=1, detail=none, tokenize='ascii')`.execute(db);
      await sql`insert into page_fts_cjk (rowid, terms) select page_id, folio_cjk_terms(page_title, page_content, item_id) from page`.execute(db);
      await sql`create trigger page_fts_cjk_insert after insert on page begin
        insert into page_fts_cjk (rowid, terms) values (new.page_id, folio_cjk_terms(new.page_title, new.page_content, new.item_id));
      end`.execute(db);
      await sql`create trigger page_fts_cjk_delete after delete on page begin
        delete from page_fts_cjk where rowid = old.page_id;
      end`.execute(db);
      await sql`create trigger page_fts_cjk_update after update of page_title, page_content, item_id on page begin
        delete from page_fts_cjk where rowid = old.page_id;
        insert into page_fts_cjk (rowid, terms) values (new.page_id, folio_cjk_terms(new.page_title, new.page_content, new.item_id));
      end`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`drop trigger if exists page_fts_cjk_sync on page`.execute(db);
        await sql`drop function if exists folio_page_cjk_sync()`.execute(db);
        await sql`drop table if exists page_fts_cjk`.execute(db);
        await sql`drop function if exists folio_cjk_terms(text, text, integer)`.execute(db);
        return;
      }
      for (const trigger of ['page_fts_cjk_insert', 'page_fts_cjk_delete', 'page_fts_cjk_update']) await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
      await sql`drop table if exists page_fts_cjk`.execute(db);
    },
  };
}
