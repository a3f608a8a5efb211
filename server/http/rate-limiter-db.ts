import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { windowStart, type CallLimiter } from './rate-limiter.js';

/**
 * Rate limits every server sees: one `rate_limit_window` row per key and fixed window, counted with one
 * upsert that returns the new count, so two servers counting at once never both read the same number.
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` is the same statement on PostgreSQL and SQLite (3.35+).
 */
export class DatabaseRateLimiter implements CallLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    const start = windowStart(this.nowMs(), windowMs);
    const row = await this.db
      .insertInto('rate_limit_window')
      .values({ bucket: `${key}@${start}`, hits: 1, expires_at: start + windowMs })
      .onConflict((oc) => oc.column('bucket').doUpdateSet({ hits: sql<number>`rate_limit_window.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
    return row.hits <= limit;
  }

  async forgetOld(nowMs: number): Promise<number> {
    const result = await this.db.deleteFrom('rate_limit_window').where('expires_at', '<=', nowMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
