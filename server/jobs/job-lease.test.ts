import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { databaseJobLease } from './job-lease.js';
import { startScheduler, type Job } from './scheduler.js';

describe('a job lease (issue 24)', () => {
  let database: TestDatabase;
  let other: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
    other = openDatabase(database.url);
  });
  afterEach(async () => {
    await other.close();
    await database.cleanup();
  });

  it('is taken by one server at a time, even when both ask at once, and is free again when it runs out', async () => {
    let now = 1_800_000_000_000;
    const a = databaseJobLease(database.db, 'server-a', () => now);
    const b = databaseJobLease(other.db, 'server-b', () => now);
    const first = await Promise.all([a.take('recycle-purge', 1000), b.take('recycle-purge', 1000)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await a.take('recycle-purge', 1000)).toBe(false);
    expect(await b.take('recycle-purge', 1000)).toBe(false);
    // Another job has a lease of its own.
    expect(await b.take('upload-sweep', 1000)).toBe(true);
    now += 1000;
    expect(await b.take('recycle-purge', 1000)).toBe(true);
    const row = await database.db.selectFrom('job_lease').selectAll().where('job_name', '=', 'recycle-purge').executeTakeFirstOrThrow();
    expect(row).toEqual({ job_name: 'recycle-purge', holder: 'server-b', lease_until: now + 1000 });
  });

  it('two schedulers on one database: a job runs once per tick', async () => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    try {
      const runs: string[] = [];
      const jobFor = (server: string): Job => ({ name: 'test-job', every: 60, firstAfter: 10, run: async () => runs.push(server) });
      const log = { error: vi.fn() };
      const a = startScheduler([jobFor('a')], log, { lease: databaseJobLease(database.db, 'a') });
      // The second server starts a few seconds later, as servers do.
      await vi.advanceTimersByTimeAsync(3_000);
      const b = startScheduler([jobFor('b')], log, { lease: databaseJobLease(other.db, 'b') });
      for (let tick = 0; tick < 5; tick++) {
        await vi.advanceTimersByTimeAsync(60_000);
        // The database answers on its own time, not the fake timers'.
        await vi.waitFor(() => expect(runs).toHaveLength(tick + 1), { timeout: 5000, interval: 20 });
      }
      await a.stop();
      await b.stop();
      expect(runs).toHaveLength(5);
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('scale shortens every delay (FOLIO_JOB_INTERVAL_SCALE)', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const s = startScheduler([{ name: 'j', every: 3600, firstAfter: 300, run: async () => calls++ }], { error: vi.fn() }, { scale: 0.001 });
      await vi.advanceTimersByTimeAsync(300);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(3600);
      expect(calls).toBe(2);
      await s.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
