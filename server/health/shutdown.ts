import type { FolioApp } from '../app.js';

/** How long requests in flight get to finish after SIGTERM before the process leaves anyway. */
export const SHUTDOWN_GRACE_MS = 20_000;

export interface ShutdownOptions {
  graceMs?: number;
  /** process.exit, unless a test watches. */
  exit?: (code: number) => void;
  log?: (line: string) => void;
}

/**
 * SIGTERM (a balancer's or orchestrator's stop) and SIGINT: `/ready` answers 503 at once, the listener
 * closes so no new connection is taken, requests in flight finish (Fastify's close waits for them and
 * answers 503 to any new request on a kept-alive connection), the scheduler stops after its run in
 * progress (preClose), and the database closes last (onClose). Past `graceMs` the process leaves with 1.
 */
export function installGracefulShutdown(app: FolioApp, options: ShutdownOptions = {}): () => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const log = options.log ?? ((line: string) => console.error(line));
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      app.readiness.draining = true;
      const force = setTimeout(() => {
        log(`Requests still running after ${Math.round((options.graceMs ?? SHUTDOWN_GRACE_MS) / 1000)} s; stopping anyway.`);
        exit(1);
      }, options.graceMs ?? SHUTDOWN_GRACE_MS);
      force.unref();
      try {
        await app.close();
        exit(0);
      } catch (err) {
        log(`Shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        exit(1);
      }
    })();
    return stopping;
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  return stop;
}
