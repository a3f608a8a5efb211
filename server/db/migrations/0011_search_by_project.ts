import type { Kysely, Migration } from 'kysely';

/**
 * A project's pages by id, so a search inside one project finds the project's first and last page id
 * with two index seeks (server/db/page-search.ts `projectSpan`) and reads the trigram index between them
 * only, instead of walking the site's newer matches first.
 */
export function searchByProjectMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('page_item_page_idx').on('page').columns(['item_id', 'page_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('page_item_page_idx').execute();
    },
  };
}
