import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type FolioApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { RawResponse } from './envelope.js';
import { defineRoute } from './route.js';
import { HTTP_TIMEOUTS, type HttpTimeouts } from './timeouts.js';

/**
 * Issue 22 part 3: a client must not hold a connection by being slow. Real sockets on a real listener, with
 * the production rules at short lengths. Node checks the header and request deadlines only on its
 * connection-checking beat (30 s by default), which is what let 500 trickling sockets live past 25 s.
 */

const SHORT: HttpTimeouts = { headersMs: 800, requestMs: 1200, keepAliveMs: 500, inactivityMs: 800, checkIntervalMs: 100 };
// Far above every timeout plus a beat, so a loaded machine cannot fail a correct server; far below Node's
// 30 s default beat, so the test fails without the checking interval.
const BOUND_MS = 10_000;

/** An answer far larger than what the kernel's socket buffers hold, for a client that never reads it. */
const big = defineRoute({
  path: 'test/bigAnswer',
  input: z.object({}),
  auth: 'none',
  handler: () => new RawResponse('application/octet-stream', Buffer.alloc(48 * 1024 * 1024, 'a')),
});

let app: FolioApp;
let database: TestDatabase;
let port: number;
/** When the server's side of each connection closed, by the client's port. */
const serverClosed = new Map<number, Promise<number>>();

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }, {
    databaseUrl: database.url,
    webDir: null,
    secret: crypto.randomBytes(32).toString('hex'),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-')),
  });
  app = await buildApp(config, { database, logger: false, extraRoutes: [big], httpTimeouts: SHORT });
  app.server.on('connection', (socket: net.Socket) => {
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    serverClosed.set(socket.remotePort ?? 0, closed);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await database?.cleanup();
});

interface Client {
  socket: net.Socket;
  openedAt: number;
  /** What the server sent, as text. */
  received(): string;
  /** When the server's side closed; rejects past BOUND_MS. */
  serverClose(): Promise<number>;
}

async function connect(): Promise<Client> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await once(socket, 'connect');
  const openedAt = Date.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => {});
  const localPort = socket.localPort ?? 0;
  return {
    socket,
    openedAt,
    received: () => text,
    async serverClose() {
      const deadline = Date.now() + BOUND_MS;
      while (!serverClosed.has(localPort)) {
        if (Date.now() > deadline) throw new Error('the server never saw the connection');
        await new Promise((r) => setTimeout(r, 20));
      }
      const closed = serverClosed.get(localPort) as Promise<number>;
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${BOUND_MS} ms`)), BOUND_MS).unref());
      return Promise.race([closed, timeout]);
    },
  };
}

/** Writes a piece every `everyMs` until the socket closes: a client that is slow, not gone. */
function trickle(socket: net.Socket, piece: (n: number) => string, everyMs = 150): void {
  let n = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) return clearInterval(timer);
    socket.write(piece(n++));
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('connections that cannot be held open', () => {
  it('puts the documented timeouts on the server, checked every second', () => {
    const server = app.server as typeof app.server & { connectionsCheckingInterval?: number };
    expect(server.headersTimeout).toBe(SHORT.headersMs);
    expect(server.connectionsCheckingInterval).toBe(SHORT.checkIntervalMs);
    // The production values, as docs/configuration.md states them.
    expect(HTTP_TIMEOUTS).toEqual({ headersMs: 15_000, requestMs: 60_000, keepAliveMs: 10_000, inactivityMs: 120_000, checkIntervalMs: 1_000 });
  });

  it('closes a connection whose headers trickle in, or never come, once the header time is up', async () => {
    const slow = await connect();
    slow.socket.write('POST /api/common/version HTTP/1.1\r\nHost: folio\r\n');
    trickle(slow.socket, (n) => `X-Slow-${n}: 1\r\n`);
    const silent = await connect();

    for (const client of [slow, silent]) {
      const closedAt = await client.serverClose();
      // Not earlier than the rule: it is the header deadline that closed it, not inactivity.
      expect(closedAt - client.openedAt).toBeGreaterThanOrEqual(SHORT.headersMs - 50);
    }
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose body trickles in, once the request time is up', async () => {
    const client = await connect();
    client.socket.write('POST /api/common/version HTTP/1.1\r\nHost: folio\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n');
    trickle(client.socket, () => 'a');
    const closedAt = await client.serverClose();
    expect(closedAt - client.openedAt).toBeGreaterThanOrEqual(SHORT.requestMs - 50);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose client stops reading its answer', async () => {
    const client = await connect();
    client.socket.pause();
    client.socket.write('POST /api/test/bigAnswer HTTP/1.1\r\nHost: folio\r\nContent-Length: 0\r\n\r\n');
    await client.serverClose();
    client.socket.destroy();
  });

  it('closes a kept-alive connection that sends no next request', async () => {
    const client = await connect();
    client.socket.write('POST /api/common/version HTTP/1.1\r\nHost: folio\r\nContent-Length: 0\r\n\r\n');
    await client.serverClose();
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received()).toMatch(/keep-alive/i);
  });
});
