import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { schemaFor } from '../schema-helpers.js';

/**
 * Login secret-key links already used (issue 20): ShowDoc accepted the same signed link any number of
 * times. A link is remembered until its time window has passed; kept in the database, not in memory, so
 * several Folio servers behind one load balancer refuse a replay alike.
 */
export function secretKeyLinksMigration(dialect: Dialect): Migration {
  const s = schemaFor(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_secret_link')
        // SHA-256 (hex) of the link's signature: the primary key makes "first use wins" atomic.
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', s.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_secret_link_expires_idx').on('login_secret_link').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('login_secret_link').ifExists().execute();
    },
  };
}
