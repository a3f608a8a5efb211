import { Redis } from 'ioredis';
import { windowStart, type CallLimiter } from './rate-limiter.js';

export interface RedisLimiterOptions {
  /** Put before every key, so one Redis can serve several sites (and tests). */
  prefix?: string;
  nowMs?: () => number;
  /** Told when Redis cannot answer; the call is then let through. */
  onUnavailable?: (err: unknown) => void;
}

/**
 * Rate limits in Redis (FOLIO_REDIS_URL): INCR and PEXPIRE of the window's key in one MULTI, so the count
 * and its expiry are set together and old windows disappear by themselves. When Redis does not answer the
 * call is let through: a limit that cannot be counted must not take the site down with it.
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
    const start = windowStart(this.nowMs(), windowMs);
    const redisKey = `${this.prefix}${key}@${start}`;
    try {
      const replies = await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs).exec();
      const count = replies?.[0]?.[1];
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
