import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Search snippets read a page as plain words (common/markdown/plain-text.ts), and parsing markdown for
 * 200 hits was most of a search's time (issue 21). `page_plain_text` keeps each page's words once read
 * (server/modules/item/plain-text-cache.ts fills it as searches meet pages). The database drops a row
 * when its page's text changes or the page goes, so every write path (save, open API, import, copy,
 * restore, revert, a ShowDoc site moved in) leaves no stale words without remembering to.
 * `rules` is the plain-text rules' version the row was made with; rows of other rules count as missing.
 */
export function pagePlainTextMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`create table page_plain_text (page_id integer primary key references page (page_id) on delete cascade, rules integer not null, plain text not null)`.execute(db);
        await sql`create function folio_page_plain_text_stale() returns trigger language plpgsql as $$
          begin
            delete from page_plain_text where page_id = old.page_id;
            return null;
          end
        $$`.execute(db);
        await sql`create trigger page_plain_text_stale after update of page_content on page for each row when (old.page_content is distinct from new.page_content) execute function folio_page_plain_text_stale()`.execute(db);
        return;
      }
      await sql`create table page_plain_text (page_id integer primary key, rules integer not null, plain text not null)`.execute(db);
      await sql`create trigger page_plain_text_stale after update of page_content on page when old.page_content is not new.page_content begin
        delete from page_plain_text where page_id = old.page_id;
      end`.execute(db);
      await sql`create trigger page_plain_text_gone after delete on page begin
        delete from page_plain_text where page_id = old.page_id;
      end`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`drop trigger if exists page_plain_text_stale on page`.execute(db);
        await sql`drop function if exists folio_page_plain_text_stale()`.execute(db);
      } else {
        for (const trigger of ['page_plain_text_stale', 'page_plain_text_gone']) await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
      }
      await sql`drop table if exists page_plain_text`.execute(db);
    },
  };
}
