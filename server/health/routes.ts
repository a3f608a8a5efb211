import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context.js';

/** How long `/ready` waits for the database's `select 1` before calling it down. */
export const READY_DB_TIMEOUT_MS = 2000;

/** Set by graceful shutdown (server/main.ts): from then on the balancer is told to send nothing new. */
export interface Readiness {
  draining: boolean;
}

/**
 * The load balancer's two questions (issue 24), outside /api: no auth, no rate limit, no log line (they
 * are asked every few seconds by every balancer), and no body read.
 * - `GET /health`: is the process alive? Never touches the database, so a database outage does not get
 *   every server restarted.
 * - `GET /ready`: should it get traffic? 503 while shutting down, when the database does not answer a
 *   `select 1` in time, or when no attachment storage is configured.
 */
export function registerHealth(app: FastifyInstance, services: AppServices, readiness: Readiness): void {
  const quiet = { logLevel: 'silent' as const };
  app.get('/health', quiet, (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/ready', quiet, async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    if (readiness.draining) return reply.code(503).send({ status: 'shutting down' });
    if (!services.storage) return reply.code(503).send({ status: 'no storage' });
    const answered = await databaseAnswers(services, READY_DB_TIMEOUT_MS);
    if (!answered) return reply.code(503).send({ status: 'database unavailable' });
    return reply.send({ status: 'ready' });
  });
}

async function databaseAnswers(services: AppServices, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`select 1`.execute(services.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
