import { Redis } from 'ioredis';
import type { CallLimiter } from './rate-limiter.js';

export interface RedisLimiterOptions {
  /** Put before every key, so one Redis can serve several sites (and tests). */
  prefix?: string;
  nowMs?: () => number;
  /** Told when Redis cannot answer; the call is then let through. */
  onUnavailable?: (err: unknown) => void;
}

/**
 * Rate limits in Redis (FOLIO_REDIS_URL): a hash per key holds its window's start and count. A window starts
 * at its key's first hit (HSETNX), as the in-memory and database limiters' do, so a burst across a whole
 * minute cannot spend two budgets; the count and the start are read in the same MULTI, and the key expires
 * a window after its last hit. A window found passed is restarted; two servers restarting the same key at
 * once may each count one hit of the new window as its first (an undercount of one, at the edge only). When Redis does not answer the call is
 * let through: a limit that cannot be counted must not take the site down with it.
 */
export class RedisRateLimiter implements CallLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly nowMs: () => number;

  constructor(url: string, private readonly options: RedisLimiterOptions = {}) {
    // No offline queue and one retry: a request waits at most a moment for Redis, never until it is back.
    this.redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    this.redis.on('error', () => undefined);
    this.prefix = options.prefix ?? 'folio:rl:';
    this.nowMs = options.nowMs ?? Date.now;
  }

  /** Connects now, so a wrong FOLIO_REDIS_URL is found at start rather than at the first limited call. */
  async connect(): Promise<void> {
    await this.redis.connect();
  }

  async hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    const redisKey = `${this.prefix}${key}@${windowMs}`;
    const now = this.nowMs();
    try {
      const replies = await this.redis.multi().hsetnx(redisKey, 'start', now).hincrby(redisKey, 'hits', 1).hget(redisKey, 'start').pexpire(redisKey, windowMs).exec();
      const count = replies?.[1]?.[1];
      const start = Number(replies?.[2]?.[1]);
      if (Number.isFinite(start) && now - start >= windowMs) {
        await this.redis.multi().hset(redisKey, 'start', now, 'hits', 1).pexpire(redisKey, windowMs).exec();
        return 1 <= limit;
      }
      return typeof count === 'number' ? count <= limit : true;
    } catch (err) {
      this.options.onUnavailable?.(err);
      return true;
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
