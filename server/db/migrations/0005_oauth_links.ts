import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { schemaFor } from '../schema-helpers.js';

/**
 * OAuth2 / OpenID Connect logins (issue 20). ShowDoc linked a provider's user to a Folio account by
 * username, so a provider user named like a local administrator logged in as them; Folio links by the
 * provider's immutable (issuer, subject) pair instead. A login in progress (state, nonce, PKCE verifier)
 * is kept here rather than in memory, so the callback may land on another Folio server.
 */
export function oauthLinksMigration(dialect: Dialect): Migration {
  const s = schemaFor(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await s
        .id(db.schema.createTable('oauth_link'), 'id')
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('addtime', s.time, (c) => c.notNull())
        .addUniqueConstraint('oauth_link_issuer_subject_uq', ['issuer', 'subject'])
        .execute();
      await db.schema.createIndex('oauth_link_uid_idx').on('oauth_link').column('uid').execute();

      await db.schema
        .createTable('oauth_login_state')
        // SHA-256 (hex) of the `state` sent to the provider: deleting the row is the one use.
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        // SHA-256 of the random value in the browser's short-lived cookie: the callback must come back
        // to the browser that started the login (no login CSRF with someone else's code).
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('redirect', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', s.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oauth_login_state_expires_idx').on('oauth_login_state').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('oauth_login_state').ifExists().execute();
      await db.schema.dropTable('oauth_link').ifExists().execute();
    },
  };
}
