import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { CallLimiter } from './rate-limiter.js';

/**
 * Rate limits every server sees: one `rate_limit_window` row per key and window length, counted with one
 * upsert that returns the new count, so two servers counting at once never both read the same number.
 * A window starts at its key's first hit, as the in-memory limiter's do: windows cut at fixed clock
 * times would let a burst that straddles a cut spend two budgets (and made a 301-call test flaky).
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` is the same statement on PostgreSQL and SQLite (3.35+);
 * both read the old row on the right of every SET.
 */
export class DatabaseRateLimiter implements CallLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    const now = this.nowMs();
    const passed = sql<boolean>`rate_limit_window.expires_at <= ${now}`;
    const row = await this.db
      .insertInto('rate_limit_window')
      .values({ bucket: `${key}@${windowMs}`, hits: 1, expires_at: now + windowMs })
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          hits: sql<number>`case when ${passed} then 1 else rate_limit_window.hits + 1 end`,
          expires_at: sql<number>`case when ${passed} then ${now + windowMs} else rate_limit_window.expires_at end`,
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return row.hits <= limit;
  }

  async forgetOld(nowMs: number): Promise<number> {
    const result = await this.db.deleteFrom('rate_limit_window').where('expires_at', '<=', nowMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
