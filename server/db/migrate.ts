import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database, Dialect } from './database.js';
import { accountsMigration } from './migrations/0001_accounts.js';
import { contentMigration } from './migrations/0002_content.js';

/** Listed here, not read from a folder, so the bundled server carries them. Never reorder or rename. */
function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_accounts': accountsMigration(dialect),
    '0002_content': contentMigration(dialect),
  };
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(database.dialect) };
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
