import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { schemaFor } from '../schema-helpers.js';

/**
 * The administrator console's accounts (issue 17): an account an administrator disabled, and the login
 * log (every password login attempt, success or not, with the address and browser it came from).
 */
export function adminUsersMigration(dialect: Dialect): Migration {
  const s = schemaFor(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // 1 = disabled by an administrator: cannot log in, and its sessions are not honoured.
      await db.schema
        .alterTable('user')
        .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await s
        .id(db.schema.createTable('user_login_log'), 'id')
        // 0 when the name typed matched no account. No foreign key: the log outlives deleted accounts.
        .addColumn('uid', 'integer', (c) => c.notNull().defaultTo(0))
        // The name as typed (capped by the login form's own limit).
        .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        // Capped at 300 characters when written.
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('success', 'integer', (c) => c.notNull().defaultTo(0))
        // Why a login was refused ('' on success): 'password', 'no_account', 'disabled', 'locked', 'captcha', …
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('addtime', s.time, (c) => c.notNull())
        .execute();
      // Newest first is id order (ids grow with time); one account's attempts newest first, and the
      // age-based purge, each have their index.
      await db.schema.createIndex('user_login_log_uid_idx').on('user_login_log').columns(['uid', 'id']).execute();
      await db.schema.createIndex('user_login_log_addtime_idx').on('user_login_log').column('addtime').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_login_log').ifExists().execute();
      await db.schema.alterTable('user').dropColumn('is_disabled').execute();
    },
  };
}
