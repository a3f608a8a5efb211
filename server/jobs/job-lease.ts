import crypto from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';

/** Lets one server at a time run a scheduled job (issue 24). */
export interface JobLease {
  /** True when this server now holds `jobName` for `forMs`; false when another server holds it. */
  take(jobName: string, forMs: number): Promise<boolean>;
}

/** Names this process in `job_lease.holder`: which machine, which process, and which start of it. */
export function leaseHolderName(): string {
  return `${os.hostname().slice(0, 64)}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
}

/**
 * A lease row per job: one upsert takes it when it is free or has run out, and returns a row only to the
 * server that took it. The same statement on PostgreSQL and SQLite, and nothing held across statements
 * (unlike a session advisory lock), so it works through PgBouncer's transaction pooling too. The lease is
 * not given back after the run: it covers the job's whole interval, so the job runs once per interval
 * across all servers, and a server that dies holding it is replaced when the interval has passed.
 */
export function databaseJobLease(db: Kysely<DB>, holder: string, nowMs: () => number = Date.now): JobLease {
  return {
    async take(jobName, forMs) {
      const now = nowMs();
      const row = await db
        .insertInto('job_lease')
        .values({ job_name: jobName, holder, lease_until: now + Math.max(1, Math.round(forMs)) })
        .onConflict((oc) =>
          oc
            .column('job_name')
            .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), lease_until: eb.ref('excluded.lease_until') }))
            .where('job_lease.lease_until', '<=', now),
        )
        .returning('job_name')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
