import type { ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/**
 * How long a connection may hold the server without making progress (docs/configuration.md, "Limits that
 * are not settings"). Not settings: tests give shorter ones through buildApp's options.
 */
export interface HttpTimeouts {
  /** From the connection's first byte to the end of the request headers (Slowloris). */
  headersMs: number;
  /** From the first byte to the end of the request body (a body trickled byte by byte). */
  requestMs: number;
  /** A kept-alive connection waiting for its next request. */
  keepAliveMs: number;
  /** Nothing moving in either direction, e.g. a client that stops reading its answer. */
  inactivityMs: number;
  /**
   * How often Node looks for connections past `headersMs` or `requestMs`. Node checks these only on this
   * beat (30 s by default), so without it a 15 s promise was kept after 30 to 45 s.
   */
  checkIntervalMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 15_000,
  requestMs: 60_000,
  keepAliveMs: 10_000,
  inactivityMs: 120_000,
  checkIntervalMs: 1_000,
};

/** Fastify's options that put the timeouts on its HTTP server. */
type TimeoutOptions = Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'> & { http: ServerOptions };

export function serverTimeoutOptions(timeouts: HttpTimeouts): TimeoutOptions {
  return {
    // Fastify hands `http` to http.createServer; the checking interval can only be given there.
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    // Fastify sets these again on the server it made, from its own options.
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.inactivityMs,
  };
}

/**
 * Connections the kernel may queue for the server to accept (capped by net.core.somaxconn). Node's 511
 * overflowed under a 2,000-connection flood: each dropped SYN is retried by the client 1 s, 3 s, 7 s later,
 * which load generators count as timeouts (docs/performance.md, "A 2,000-connection flood").
 */
export const LISTEN_BACKLOG = 4096;
