import type Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Clock } from '../../context.js';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/tables.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { ImportReport } from './report.js';
import type { ImportMark } from './resume.js';

/**
 * One run of `folio import-showdoc`: the ShowDoc database it reads (opened read-only), the Folio site
 * it writes, and the report every kind adds to. Each kind (kinds.ts) reads its ShowDoc tables and writes
 * its Folio tables in one transaction of its own; with `dryRun` it reads and checks everything and
 * writes nothing.
 */
export interface ImportJob {
  /** ShowDoc's SQLite file, opened `{ readonly: true, fileMustExist: true }`. */
  source: Database.Database;
  db: Kysely<DB>;
  dialect: Dialect;
  config: Config;
  clock: Clock;
  storage: BlobStore;
  /** ShowDoc's `Public/Uploads` folder, when given (`--uploads`). */
  uploadsDir: string | null;
  dryRun: boolean;
  report: ImportReport;
  /** Progress lines for a person at the terminal. */
  progress(line: string): void;
  /** SHA-256 of the source file: an interrupted import resumes only over the same file. */
  fingerprint: string;
  /** Which kinds are in the database already (resume.ts); null on a dry run. Set by runImport. */
  mark: ImportMark | null;
  /** The kind running now: its transaction records it in the mark as it commits. */
  currentKind: string;
}

/** A kind of data the import brings over, in the order kinds.ts lists them. */
export interface ImportKind {
  /** Used in the report and progress lines, e.g. "users", "pages". */
  name: string;
  /** ShowDoc tables this kind accounts for (the report checks every table of the source is accounted for). */
  tables: string[];
  run(job: ImportJob): Promise<void>;
}
