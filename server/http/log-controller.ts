import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is worth a line at the default level: someone may be waiting on it. */
export const SLOW_REQUEST_MS = 2000;

/**
 * Fastify logs two lines per request at `info`, so a fresh `npm start` scrolls a line for every asset
 * the browser fetches (issue 23). At the default level only what someone can act on is written: failed
 * requests, answers of 500 and above, and slow requests. Every request is still logged at `debug`
 * (`LOG_LEVEL=debug`), as one line with its method, redacted URL, status and time.
 */
export class QuietRequestLog extends LogController {
  constructor(private readonly slowMs: number = SLOW_REQUEST_MS) {
    super();
  }

  override incomingRequest(): void {
    // The completion line below carries the method and URL too: one line per request is enough.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.warn(line, 'request failed');
    else if (reply.elapsedTime >= this.slowMs) reply.log.warn(line, 'slow request');
    else reply.log.debug(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    // Scanners probe for paths all day; an unknown path is not something to act on.
    request.log.debug({ req: request }, 'route not found');
  }
}
