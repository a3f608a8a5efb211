import type { Kysely, Migration } from 'kysely';

/**
 * The upload sweep (server/jobs/upload-sweep.ts) asks, a few hundred keys at a time, which stored blobs a
 * row still names; without an index every batch would read the whole `upload_file` table.
 */
export function uploadStorageKeyMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('upload_file_storage_key_idx').on('upload_file').column('storage_key').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('upload_file_storage_key_idx').ifExists().execute();
    },
  };
}
