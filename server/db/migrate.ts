import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database, Dialect } from './database.js';
import { accountsMigration } from './migrations/0001_accounts.js';
import { contentMigration } from './migrations/0002_content.js';
import { searchMigration } from './migrations/0003_search.js';
import { adminUsersMigration } from './migrations/0004_admin_users.js';
import { oauthLinksMigration } from './migrations/0005_oauth_links.js';
import { secretKeyLinksMigration } from './migrations/0006_secret_key_links.js';
import { uploadStorageKeyMigration } from './migrations/0007_upload_storage_key.js';
import { sharedStateMigration } from './migrations/0008_shared_state.js';
import { itemVersionStampMigration } from './migrations/0009_item_version_stamp.js';
import { cjkSearchMigration } from './migrations/0010_cjk_search.js';
import { searchByProjectMigration } from './migrations/0011_search_by_project.js';
import { pagePlainTextMigration } from './migrations/0012_page_plain_text.js';
import { pgTitleTermsMigration } from './migrations/0013_pg_title_terms.js';

/** Listed here, not read from a folder, so the bundled server carries them. Never reorder or rename. */
function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_accounts': accountsMigration(dialect),
    '0002_content': contentMigration(dialect),
    '0003_search': searchMigration(dialect),
    '0004_admin_users': adminUsersMigration(dialect),
    '0005_oauth_links': oauthLinksMigration(dialect),
    '0006_secret_key_links': secretKeyLinksMigration(dialect),
    '0007_upload_storage_key': uploadStorageKeyMigration(),
    '0008_shared_state': sharedStateMigration(dialect),
    '0009_item_version_stamp': itemVersionStampMigration(),
    '0010_cjk_search': cjkSearchMigration(dialect),
    '0011_search_by_project': searchByProjectMigration(),
    '0012_page_plain_text': pagePlainTextMigration(dialect),
    '0013_pg_title_terms': pgTitleTermsMigration(dialect),
  };
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  return migrate(database, (migrator) => migrator.migrateToLatest());
}

/**
 * Up (or down) to exactly `name`: a restore brings its empty database to the backup's schema level, puts
 * the rows in, then migrates to the latest, so later migrations transform restored data as they would
 * have transformed the original.
 */
export async function migrateTo(database: Database, name: string): Promise<string[]> {
  return migrate(database, (migrator) => migrator.migrateTo(name));
}

async function migrate(database: Database, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(database.dialect) };
  // Kysely looks for its bookkeeping tables in every schema unless told which; another application's
  // (or another test's) schema must not count, so pin them to the schema this connection works in.
  const migrationTableSchema =
    database.dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db: database.db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
