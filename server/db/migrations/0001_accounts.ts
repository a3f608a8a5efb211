import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { schemaFor } from '../schema-helpers.js';

/** Users, their login tokens, captchas, site options and login throttling. */
export function accountsMigration(dialect: Dialect): Migration {
  const s = schemaFor(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await s
        .id(db.schema.createTable('user'), 'uid')
        .addColumn('username', 'text', (c) => c.notNull())
        // NFKC + lower case: `Admin`, `ａｄｍｉｎ` and `admin` are one account name.
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('groupid', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar_small', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('password', 'text', (c) => c.notNull().defaultTo(''))
        // Only for legacy ShowDoc md5 hashes brought over by the importer.
        .addColumn('salt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reg_time', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('last_login_time', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('is_sso', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('user_email_idx').on('user').column('email').execute();

      await s
        .id(db.schema.createTable('user_token'), 'id')
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        // SHA-256 of the token; the token itself is only ever in the client's hands.
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('token_expire', s.time, (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('addtime', s.time, (c) => c.notNull())
        .addColumn('last_check_time', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('user_token_uid_idx').on('user_token').column('uid').execute();

      await db.schema
        .createTable('captcha')
        // Random, not sequential: ids are handed to anyone who asks.
        .addColumn('captcha_id', 'text', (c) => c.primaryKey())
        .addColumn('captcha', 'text', (c) => c.notNull())
        .addColumn('expire_time', s.time, (c) => c.notNull())
        .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('captcha_expire_idx').on('captcha').column('expire_time').execute();

      await s
        .id(db.schema.createTable('options'), 'option_id')
        .addColumn('option_name', 'text', (c) => c.notNull().unique())
        .addColumn('option_value', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      await db.schema
        .createTable('login_throttle')
        .addColumn('throttle_key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('last_failure', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['login_throttle', 'options', 'captcha', 'user_token', 'user']) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
