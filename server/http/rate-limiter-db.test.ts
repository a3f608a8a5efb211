import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { DatabaseRateLimiter } from './rate-limiter-db.js';

describe('the database rate limiter (issue 24)', () => {
  let database: TestDatabase;
  let other: Database;
  let now = 1_800_000_000_000;
  const clock = () => now;

  beforeEach(async () => {
    database = await createTestDatabase();
    other = openDatabase(database.url);
    now = 1_800_000_000_000;
  });
  afterEach(async () => {
    await other.close();
    await database.cleanup();
  });

  it('two servers on one database spend one budget', async () => {
    const a = new DatabaseRateLimiter(database.db, clock);
    const b = new DatabaseRateLimiter(other.db, clock);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await a.hit('captcha:ip:1.2.3.4', 4, 60_000), await b.hit('captcha:ip:1.2.3.4', 4, 60_000));
    expect(answers).toEqual([true, true, true, true, false, false]);
    expect(await a.hit('captcha:ip:5.6.7.8', 4, 60_000)).toBe(true);
  });

  it('counts concurrent hits exactly: no two callers read the same count', async () => {
    const a = new DatabaseRateLimiter(database.db, clock);
    const b = new DatabaseRateLimiter(other.db, clock);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('k', 25, 60_000)));
    expect(answers.filter(Boolean)).toHaveLength(25);
    const row = await database.db.selectFrom('rate_limit_window').select('hits').executeTakeFirstOrThrow();
    expect(row.hits).toBe(40);
  });

  it('a new window starts a new budget, and passed windows are forgotten', async () => {
    const a = new DatabaseRateLimiter(database.db, clock);
    now = 1_800_000_020_000;
    expect(await a.hit('k', 1, 60_000)).toBe(true);
    expect(await a.hit('k', 1, 60_000)).toBe(false);
    now += 60_000;
    expect(await a.hit('k', 1, 60_000)).toBe(true);
    expect(await a.hit('other', 1, 60_000)).toBe(true);
    expect(await a.forgetOld(now + 60_000)).toBe(2);
    expect(await database.db.selectFrom('rate_limit_window').select('bucket').execute()).toHaveLength(0);
  });

  it('a window starts at its first hit: a burst across a minute boundary spends one budget', async () => {
    const a = new DatabaseRateLimiter(database.db, clock);
    now = 1_800_000_059_000; // one second before a whole minute
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await a.hit('k', 3, 60_000));
      now += 1_000;
    }
    expect(answers).toEqual([true, true, true, false]);
  });
});
