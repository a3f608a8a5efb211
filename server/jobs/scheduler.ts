import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppServices } from '../context.js';
import { databaseJobLease, leaseHolderName, type JobLease } from './job-lease.js';
import { forgetOldAttempts } from '../modules/user/throttle.js';
import { purgeRecycleBin } from './recycle-purge.js';
import { sweepUploads } from './upload-sweep.js';

export interface Job {
  name: string;
  /** Seconds between runs. */
  every: number;
  /** Seconds after start before the first run. */
  firstAfter: number;
  run(): Promise<unknown>;
}

export interface SchedulerOptions {
  /** Taken before every run; a run another server holds the lease for is skipped. None: every tick runs. */
  lease?: JobLease;
  /** Multiplies `every` and `firstAfter` (FOLIO_JOB_INTERVAL_SCALE, for tests that watch jobs run). */
  scale?: number;
}

/**
 * A lease covers this share of the interval, not all of it: servers' timers drift apart, and a lease that
 * ran out a moment after the holder's next tick would make that tick skip a whole interval.
 */
const LEASE_SHARE = 0.9;

export interface Scheduler {
  /** Stops the timers and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs jobs on timers that never keep the process alive. A run that is still going when the next is
 * due is skipped, and a failing run is logged and tried again at the next tick.
 */
export function startScheduler(jobs: Job[], log: Pick<FastifyBaseLogger, 'error'> & Partial<Pick<FastifyBaseLogger, 'info'>>, options: SchedulerOptions = {}): Scheduler {
  const scale = options.scale ?? 1;
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const tick = (job: Job) => {
    if (stopped || running.has(job.name)) return;
    const everyMs = job.every * scale * 1000;
    const run = (options.lease ? options.lease.take(job.name, everyMs * LEASE_SHARE) : Promise.resolve(true))
      .then(async (mine) => {
        // Another server runs it this time: nothing to do, nothing to log.
        if (!mine || stopped) return;
        await job.run();
        log.info?.({ job: job.name }, 'scheduled job ran');
      })
      .catch((err: unknown) => log.error({ err, job: job.name }, 'scheduled job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  for (const job of jobs) {
    const first = setTimeout(() => {
      tick(job);
      const repeat = setInterval(() => tick(job), job.every * scale * 1000);
      repeat.unref();
      timers.push(repeat);
    }, job.firstAfter * scale * 1000);
    first.unref();
    timers.push(first);
  }

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}

const HOUR = 3600;

/** Folio's background jobs. The first run waits a few minutes so a starting (or test) server is left in peace. */
export function folioJobs(services: AppServices): Job[] {
  return [
    { name: 'recycle-purge', every: HOUR, firstAfter: 5 * 60, run: () => purgeRecycleBin(services.db, services.clock.now()) },
    { name: 'throttle-cleanup', every: HOUR, firstAfter: 6 * 60, run: () => forgetOldAttempts(services.db, services.clock.now()) },
    // At every start (a crash is what leaves the leftovers; a few seconds in, so serving starts first), then daily.
    { name: 'upload-sweep', every: 24 * HOUR, firstAfter: 10, run: () => sweepUploads(services.db, services.storage, services.clock.now()) },
    // Windows of the database rate limiter (Redis and memory forget theirs by themselves).
    ...(services.limiter.forgetOld ? [{ name: 'rate-limit-cleanup', every: 10 * 60, firstAfter: 7 * 60, run: () => services.limiter.forgetOld?.(Date.now()) ?? Promise.resolve() }] : []),
  ];
}

/** Starts the jobs when the app is ready and stops them before it closes its database. */
export function registerJobs(app: FastifyInstance, services: AppServices): void {
  let scheduler: Scheduler | null = null;
  app.addHook('onReady', async () => {
    // A lease row per job, so behind a load balancer each job runs on one server per interval (issue 24).
    const lease = databaseJobLease(services.db, leaseHolderName());
    scheduler = startScheduler(folioJobs(services), app.log, { lease, scale: services.config.jobIntervalScale });
  });
  app.addHook('preClose', async () => {
    await scheduler?.stop();
  });
}
