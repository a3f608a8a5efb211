import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { ImportJob } from './job.js';
import { importKinds } from './kinds.js';
import { countRows, sourceTables } from './source.js';

export class SiteNotEmptyError extends Error {}

/**
 * The import writes ShowDoc's ids as they are, so it only goes into a new site: no projects, no teams,
 * and at most the one account `folio create-admin` may have made.
 */
export async function checkSiteIsEmpty(db: Kysely<DB>): Promise<void> {
  const count = async (table: 'item' | 'user' | 'team') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const [items, users, teams] = [await count('item'), await count('user'), await count('team')];
  if (items > 0 || teams > 0 || users > 1) {
    throw new SiteNotEmptyError(
      `This Folio site is not empty (${items} projects, ${teams} teams, ${users} accounts). import-showdoc keeps ShowDoc's ids ` +
        'and only goes into a new site: point DATA_DIR at a new folder (or DATABASE_URL at a new database) and run it again. ' +
        'A site with a single account made by `folio create-admin` is accepted; that account is replaced by ShowDoc\'s.',
    );
  }
}

/** Runs every kind in order and accounts for every table of the source in the report. */
export async function runImport(job: ImportJob): Promise<void> {
  const tables = sourceTables(job.source);
  const owner = new Map<string, string>();
  for (const kind of importKinds) for (const table of kind.tables) owner.set(table, kind.name);
  for (const table of tables) job.report.tables.set(table, { rows: countRows(job.source, table), accountedBy: owner.get(table) ?? 'unknown' });

  for (const kind of importKinds) {
    const started = Date.now();
    job.progress(`${kind.name}…`);
    await kind.run(job);
    job.progress(`${kind.name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const table of tables) {
    if (owner.has(table)) continue;
    // A table from a newer ShowDoc than this importer knows: say so rather than drop it silently.
    job.report.skippedAll(table, countRows(job.source, table), 'a table this importer does not know (newer ShowDoc?); not brought');
  }
}
