import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { RateLimiter, type CallLimiter } from './rate-limiter.js';
import { DatabaseRateLimiter } from './rate-limiter-db.js';

/**
 * Where a site counts its rate limits: Redis when FOLIO_REDIS_URL is set; PostgreSQL's `rate_limit_window`
 * when the site runs on PostgreSQL (the database several servers share); memory on SQLite, whose file one
 * machine's one process serves, so there is nobody to share with and no write per counted call is spent.
 */
export async function limiterFor(config: Config, database: Pick<Database, 'db' | 'dialect'>, log: Pick<FastifyBaseLogger, 'warn'>): Promise<CallLimiter> {
  if (config.redisUrl) {
    // ioredis (about 17 MB of a process) loads only on sites that use it (issue 21).
    const { RedisRateLimiter } = await import('./rate-limiter-redis.js');
    let warnedAt = 0;
    const limiter = new RedisRateLimiter(config.redisUrl, {
      onUnavailable: (err) => {
        // Once a minute at most: a Redis outage must not flood the log with a line per request.
        if (Date.now() - warnedAt < 60_000) return;
        warnedAt = Date.now();
        log.warn({ err }, 'Redis does not answer: rate limits are not counted');
      },
    });
    await limiter.connect();
    return limiter;
  }
  return database.dialect === 'postgres' ? new DatabaseRateLimiter(database.db) : new RateLimiter();
}
