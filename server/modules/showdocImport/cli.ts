import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Clock } from '../../context.js';
import { openDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { siteStorage } from '../../storage/site-store.js';
import type { ImportJob } from './job.js';
import { ImportReport } from './report.js';
import { reportText } from './report-text.js';
import { sourceFingerprint } from './resume.js';
import { runImport, SiteNotEmptyError } from './run.js';
import { NotShowDocError, openShowDocSource } from './source.js';

export const IMPORT_SHOWDOC_USAGE = `  import-showdoc <showdoc.db.php> [--uploads <dir>] [--dry-run] [--report <file>]
                                 bring a whole ShowDoc site (its Sqlite/showdoc.db.php and
                                 Public/Uploads) into this new, empty Folio site
`;

export interface ImportIo {
  out(line: string): void;
  err(line: string): void;
}

interface ImportArgs {
  source: string;
  uploads: string | null;
  dryRun: boolean;
  reportFile: string | null;
}

export function parseImportArgs(args: string[]): ImportArgs | string {
  let source: string | null = null;
  let uploads: string | null = null;
  let reportFile: string | null = null;
  let dryRun = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--uploads' || arg === '--report') {
      const value = args[i + 1];
      if (!value) return `${arg} needs a path`;
      if (arg === '--uploads') uploads = value;
      else reportFile = value;
      i += 1;
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else if (source === null) source = arg;
    else return `unexpected argument ${arg}`;
  }
  if (!source) return 'give the path of ShowDoc\'s database (Sqlite/showdoc.db.php)';
  return { source, uploads, dryRun, reportFile };
}

/** `folio import-showdoc`: returns the process exit code. */
export async function runImportShowdocCommand(config: Config, clock: Clock, argv: string[], io: ImportIo): Promise<number> {
  const args = parseImportArgs(argv);
  if (typeof args === 'string') {
    io.err(`import-showdoc: ${args}\nUsage:\n${IMPORT_SHOWDOC_USAGE}`);
    return 2;
  }
  if (args.uploads && !fs.statSync(args.uploads, { throwIfNoEntry: false })?.isDirectory()) {
    io.err(`import-showdoc: --uploads ${args.uploads} is not a folder (give ShowDoc's Public/Uploads)`);
    return 2;
  }
  let source;
  try {
    source = openShowDocSource(args.source);
  } catch (err) {
    io.err(`import-showdoc: ${err instanceof NotShowDocError ? err.message : String(err)}`);
    return 2;
  }
  const database = openDatabase(config.databaseUrl);
  const report = new ImportReport();
  const started = Date.now();
  const writeReport = (extra: string[]) => {
    const text = reportText(report, [
      `ShowDoc import${args.dryRun ? ' (dry run: nothing written)' : ''} of ${path.resolve(args.source)}`,
      `into ${config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl : 'the PostgreSQL database (DATABASE_URL)'}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      ...extra,
    ]);
    const reportFile = path.resolve(args.reportFile ?? path.join(path.dirname(path.resolve(config.dataDir)), `showdoc-import-report-${clock.now()}.txt`));
    io.out(text);
    try {
      fs.writeFileSync(reportFile, text);
      io.out(`Report written to ${reportFile}`);
    } catch (err) {
      io.err(`Could not write the report to ${reportFile}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  try {
    await migrateToLatest(database);
    const job: ImportJob = {
      source,
      db: database.db,
      dialect: database.dialect,
      config,
      clock,
      // Where the site keeps attachments: FOLIO_STORAGE, else the admin console's bucket, else DATA_DIR/uploads.
      storage: siteStorage(config, database.db),
      uploadsDir: args.uploads,
      dryRun: args.dryRun,
      report,
      progress: (line) => io.out(line),
      fingerprint: await sourceFingerprint(args.source),
      mark: null,
      currentKind: '',
    };
    await runImport(job);
  } catch (err) {
    if (err instanceof SiteNotEmptyError) {
      io.err(`import-showdoc: ${err.message}`);
      return 3;
    }
    const why = err instanceof Error ? err.message : String(err);
    // What was done so far, so the person sees where it stopped.
    writeReport([`STOPPED: ${why}`]);
    io.err(`import-showdoc stopped: ${why}`);
    io.err('The kinds finished before this point are in the database: run the same command again to go on from there.');
    return 1;
  } finally {
    source.close();
    await database.close();
  }
  writeReport([]);
  const failed = [...report.kinds.values()].some((k) => k.failed > 0);
  return failed ? 1 : 0;
}
