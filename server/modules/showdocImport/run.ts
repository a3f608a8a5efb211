import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { ImportJob } from './job.js';
import { reloadImportedIds } from './ids.js';
import { importKinds } from './kinds.js';
import { clearMark, readMark, writeMark } from './resume.js';
import { countRows, sourceTables } from './source.js';
import { markKindDone } from './writer.js';

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

/**
 * A new import checks the site is empty and leaves a progress mark; a run over a site where the same
 * ShowDoc file was being imported when it stopped goes on from the mark instead.
 */
async function startOrResume(job: ImportJob): Promise<void> {
  const mark = job.dryRun ? null : await readMark(job.db);
  if (!mark) {
    await checkSiteIsEmpty(job.db);
    if (!job.dryRun) {
      job.mark = { source: job.fingerprint, done: [] };
      await writeMark(job.db, job.mark);
    }
    return;
  }
  if (mark.source !== job.fingerprint) {
    throw new SiteNotEmptyError(
      'This Folio site holds an unfinished import of another ShowDoc database. Run the command again with that file to finish it, ' +
        'or start over in a new DATA_DIR (or database).',
    );
  }
  job.mark = mark;
  await reloadImportedIds(job);
  job.progress(`Going on with an interrupted import (already done: ${mark.done.join(', ') || 'nothing'})`);
}

/** Runs every kind in order and accounts for every table of the source in the report. */
export async function runImport(job: ImportJob): Promise<void> {
  await startOrResume(job);
  const tables = sourceTables(job.source);
  const owner = new Map<string, string>();
  const done = new Set(job.mark?.done ?? []);
  for (const kind of importKinds) for (const table of kind.tables) owner.set(table, done.has(kind.name) ? `${kind.name}, brought by the interrupted run` : kind.name);
  for (const table of tables) job.report.tables.set(table, { rows: countRows(job.source, table), accountedBy: owner.get(table) ?? 'unknown' });

  for (const kind of importKinds) {
    if (done.has(kind.name)) continue;
    const started = Date.now();
    job.progress(`${kind.name}…`);
    job.currentKind = kind.name;
    await kind.run(job);
    // Kinds that commit row by row (attachments) are marked when they end; a rerun of them is idempotent.
    if (!job.dryRun) await markKindDone(job, job.db);
    job.progress(`${kind.name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (job.mark) await clearMark(job.db);
  for (const table of tables) {
    if (owner.has(table)) continue;
    // A table from a newer ShowDoc than this importer knows: say so rather than drop it silently.
    job.report.skippedAll(table, countRows(job.source, table), 'a table this importer does not know (newer ShowDoc?); not brought');
  }
}
