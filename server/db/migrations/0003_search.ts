import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Full-text search over page titles and bodies, Chinese included. SQLite: an FTS5 index with the trigram
 * tokenizer (substring matches of three or more characters, case-insensitive), kept in step with the
 * page table by triggers, so every write path — save, delete, restore, import — updates it without
 * remembering to. PostgreSQL: pg_trgm GIN indexes that serve `lower(x) LIKE '%…%'` directly.
 */
export function searchMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        // pg_trgm is a contrib extension, trusted since PostgreSQL 13 (a database owner may create it). Where
        // the server lacks it or the role may not create it, searches of 3+ characters scan with LIKE
        // instead of failing the migration (docs/performance.md).
        const trgm = await sql<{ ok: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm')
          or (has_database_privilege(current_database(), 'CREATE') and exists (select 1 from pg_available_extension_versions
            where name = 'pg_trgm' and (trusted or (select rolsuper from pg_roles where rolname = current_user)))) as ok`.execute(db);
        if (!trgm.rows[0]?.ok) return;
        // In `public`, whatever the search path, so the operator class has one known home.
        await sql`create extension if not exists pg_trgm with schema public`.execute(db);
        await sql`create index page_title_trgm on page using gin (lower(page_title) public.gin_trgm_ops)`.execute(db);
        await sql`create index page_content_trgm on page using gin (lower(page_content) public.gin_trgm_ops)`.execute(db);
        await sql`create index item_name_trgm on item using gin (lower(item_name) public.gin_trgm_ops)`.execute(db);
        return;
      }
      await sql`create virtual table page_fts using fts5(page_title, page_content, content='page', content_rowid='page_id', tokenize='trigram case_sensitive 0')`.execute(db);
      await sql`insert into page_fts (rowid, page_title, page_content) select page_id, page_title, page_content from page`.execute(db);
      await sql`create trigger page_fts_insert after insert on page begin
        insert into page_fts (rowid, page_title, page_content) values (new.page_id, new.page_title, new.page_content);
      end`.execute(db);
      await sql`create trigger page_fts_delete after delete on page begin
        insert into page_fts (page_fts, rowid, page_title, page_content) values ('delete', old.page_id, old.page_title, old.page_content);
      end`.execute(db);
      await sql`create trigger page_fts_update after update of page_title, page_content on page begin
        insert into page_fts (page_fts, rowid, page_title, page_content) values ('delete', old.page_id, old.page_title, old.page_content);
        insert into page_fts (rowid, page_title, page_content) values (new.page_id, new.page_title, new.page_content);
      end`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        for (const index of ['page_title_trgm', 'page_content_trgm', 'item_name_trgm']) await sql`drop index if exists ${sql.ref(index)}`.execute(db);
        return;
      }
      for (const trigger of ['page_fts_insert', 'page_fts_delete', 'page_fts_update']) await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
      await sql`drop table if exists page_fts`.execute(db);
    },
  };
}
