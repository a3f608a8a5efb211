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
 * One hit on a key's window, atomically in Redis: a window starts at its key's first hit (as the in-memory
 * and database limiters' do, so a burst across a whole minute cannot spend two budgets) and the key expires
 * with its window. KEYS[1] the window's key; ARGV now (ms, the caller's clock), window length (ms).
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local length = tonumber(ARGV[2])
local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
if start == nil or now - start >= length then
  redis.call('HSET', KEYS[1], 'start', now, 'hits', 1)
  redis.call('PEXPIRE', KEYS[1], length)
  return 1
end
return redis.call('HINCRBY', KEYS[1], 'hits', 1)
`;

/**
 * Rate limits in Redis (FOLIO_REDIS_URL): one script per counted call, so the count, its window and its
 * expiry change together and old windows disappear by themselves. When Redis does not answer the call is
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
    try {
      const count = await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}${key}@${windowMs}`, this.nowMs(), windowMs);
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
