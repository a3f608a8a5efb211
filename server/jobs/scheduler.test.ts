import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../test/harness.js';
import { startScheduler, type Job } from './scheduler.js';

function job(run: () => Promise<unknown>): Job & { calls: number } {
  const j = {
    name: 'test-job',
    every: 60,
    firstAfter: 10,
    calls: 0,
    run: async () => {
      j.calls++;
      return run();
    },
  };
  return j;
}

describe('startScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a job after its first delay, then at every interval, until stopped', async () => {
    const j = job(async () => undefined);
    const scheduler = startScheduler([j], { error: vi.fn() });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(j.calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(j.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(j.calls).toBe(3);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(j.calls).toBe(3);
  });

  it('logs a failing run and tries again at the next tick', async () => {
    const error = vi.fn();
    const j = job(async () => {
      throw new Error('database away');
    });
    const scheduler = startScheduler([j], { error });
    await vi.advanceTimersByTimeAsync(70_000);
    expect(j.calls).toBe(2);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[0]?.[1]).toBe('scheduled job failed');
    await scheduler.stop();
  });

  it('skips a tick while the previous run is still going, and stop() waits for that run', async () => {
    let release = () => {};
    const j = job(() => new Promise<void>((resolve) => (release = resolve)));
    const scheduler = startScheduler([j], { error: vi.fn() });
    await vi.advanceTimersByTimeAsync(200_000);
    expect(j.calls).toBe(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('never keeps the process alive', async () => {
    vi.useRealTimers();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const scheduler = startScheduler([job(async () => undefined)], { error: vi.fn() });
    const timer = spy.mock.results[0]?.value as NodeJS.Timeout;
    spy.mockRestore();
    expect(timer.hasRef()).toBe(false);
    await scheduler.stop();
  });
});

describe('the app', () => {
  it('starts its jobs when ready and closes cleanly', async () => {
    const t = await startTestApp();
    await expect(t.close()).resolves.toBeUndefined();
  });
});
