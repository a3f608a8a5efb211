import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimiter } from './rate-limiter-redis.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something answers on Redis's port; the tests skip with a message otherwise. */
async function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
  });
}

const reachable = await redisReachable(REDIS_URL);
if (!reachable) console.warn(`Redis rate-limiter tests skipped: nothing answers at ${REDIS_URL} (set TEST_REDIS_URL).`);

describe.skipIf(!reachable)('the Redis rate limiter (issue 24)', () => {
  const prefix = `folio-test:${crypto.randomBytes(6).toString('hex')}:`;
  let now = 1_800_000_000_000;
  let a: RedisRateLimiter;
  let b: RedisRateLimiter;
  beforeAll(async () => {
    a = new RedisRateLimiter(REDIS_URL, { prefix, nowMs: () => now });
    b = new RedisRateLimiter(REDIS_URL, { prefix, nowMs: () => now });
    await a.connect();
    await b.connect();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('two servers spend one budget, concurrent hits counted exactly', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).hit('captcha:ip:1.2.3.4', 20, 60_000)));
    expect(answers.filter(Boolean)).toHaveLength(20);
    expect(await a.hit('captcha:ip:5.6.7.8', 20, 60_000)).toBe(true);
  });

  it('a new window starts a new budget', async () => {
    expect(await a.hit('w', 1, 60_000)).toBe(true);
    expect(await b.hit('w', 1, 60_000)).toBe(false);
    now += 60_000;
    expect(await b.hit('w', 1, 60_000)).toBe(true);
  });

  it('a window starts at its first hit: a burst across a minute boundary spends one budget', async () => {
    now = 1_800_000_059_000; // one second before a whole minute
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await a.hit('burst', 3, 60_000));
      now += 1_000;
    }
    expect(answers).toEqual([true, true, true, false]);
  });
});

describe('the Redis rate limiter when Redis does not answer', () => {
  it('lets the call through and says so', async () => {
    const seen: unknown[] = [];
    // Port 1 on loopback: nothing listens there.
    const limiter = new RedisRateLimiter('redis://127.0.0.1:1', { onUnavailable: (err) => seen.push(err) });
    await expect(limiter.connect()).rejects.toThrow();
    expect(await limiter.hit('k', 1, 60_000)).toBe(true);
    expect(seen).toHaveLength(1);
    await limiter.close();
  });
});
