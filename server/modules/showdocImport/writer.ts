import type { Insertable, Kysely } from 'kysely';
import { syncIdSequence } from '../../db/sequences.js';
import type { DB } from '../../db/tables.js';
import type { ImportJob } from './job.js';
import { writeMark } from './resume.js';

/** Rows per INSERT: well under SQLite's 32766 bound variables for the widest table (page, 16 columns). */
const BATCH_ROWS = 500;
/** A progress line every this many rows of one table. */
export const PROGRESS_EVERY = 10_000;

/**
 * Runs one kind's writes in one transaction that also records the kind as done (resume.ts), so an
 * interrupted import never leaves half a kind and a second run goes on after the last whole one; with
 * --dry-run `write` gets null and everything is read and checked, nothing written.
 */
export async function inKindTransaction(job: ImportJob, write: (db: Kysely<DB> | null) => Promise<void>): Promise<void> {
  if (job.dryRun) return write(null);
  await job.db.transaction().execute(async (trx) => {
    await write(trx);
    await markKindDone(job, trx);
  });
}

/** Adds the running kind to the progress mark, in the transaction given. */
export async function markKindDone(job: ImportJob, db: Kysely<DB>): Promise<void> {
  if (!job.mark || job.mark.done.includes(job.currentKind)) return;
  const mark = { ...job.mark, done: [...job.mark.done, job.currentKind] };
  await writeMark(db, mark);
  job.mark = mark;
}

/** Buffers rows of one table and inserts them in batches (bounded memory on large sites). */
export class BatchWriter<T extends keyof DB & string> {
  private rows: Insertable<DB[T]>[] = [];
  private seen = 0;

  constructor(
    private readonly job: ImportJob,
    private readonly db: Kysely<DB> | null,
    private readonly table: T,
  ) {}

  async add(row: Insertable<DB[T]>): Promise<void> {
    this.seen += 1;
    if (this.seen % PROGRESS_EVERY === 0) this.job.progress(`  ${this.table}: ${this.seen} rows`);
    if (!this.db) return;
    this.rows.push(row);
    if (this.rows.length >= BATCH_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.db || this.rows.length === 0) return;
    const batch = this.rows;
    this.rows = [];
    // The generic table name defeats Kysely's per-table value typing; rows are typed by the caller.
    await this.db.insertInto(this.table).values(batch as never).execute();
  }

  /** Flushes, then moves PostgreSQL's id sequence past the explicit ids (SQLite's AUTOINCREMENT follows by itself). */
  async finish(idColumn: string): Promise<void> {
    await this.flush();
    if (this.db) await syncIdSequence(this.db, this.job.dialect, this.table, idColumn);
  }
}
