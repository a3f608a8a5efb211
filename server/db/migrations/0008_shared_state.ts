import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { schemaFor } from '../schema-helpers.js';

/**
 * State that several Folio servers behind one load balancer must share (issue 24): the site secret, which
 * used to be a file per machine; rate-limit windows, which used to be one process's memory; and the lease
 * that lets one server at a time run a scheduled job.
 */
export function sharedStateMigration(dialect: Dialect): Migration {
  const s = schemaFor(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('folio_site_key')
        // 'site' today; a name leaves room for a rotated key beside it.
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        // Hex of the 32-byte key: the primary key makes "the first server to start makes it" atomic.
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', s.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('rate_limit_window')
        // `<limit key>:<caller>@<window start in ms>`: one row per caller and fixed window.
        .addColumn('bucket', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        // Unix milliseconds after which the row counts for nothing and may be deleted.
        .addColumn('expires_at', s.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_window_expires_idx').on('rate_limit_window').column('expires_at').execute();
      await db.schema
        .createTable('job_lease')
        .addColumn('job_name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(128)', (c) => c.notNull())
        // Unix milliseconds: until then no other server starts this job.
        .addColumn('lease_until', s.time, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_lease').ifExists().execute();
      await db.schema.dropTable('rate_limit_window').ifExists().execute();
      await db.schema.dropTable('folio_site_key').ifExists().execute();
    },
  };
}
