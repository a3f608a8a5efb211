import type { Kysely, Migration } from 'kysely';

/**
 * A version stamp per project: every write that changes what `item/info` shows adds one to it inside its
 * own transaction (server/db/locks.ts). Answers cached by (item, stamp, caller scope) stay right with
 * several servers on one database, since each request reads the stamp from the item row it loads anyway.
 */
export function itemVersionStampMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('item').addColumn('folio_version', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('item').dropColumn('folio_version').execute();
    },
  };
}
