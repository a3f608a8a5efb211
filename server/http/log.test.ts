import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type FolioApp } from '../app.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadConfig } from '../config.js';
import { z } from 'zod';
import { QuietRequestLog } from './log-controller.js';
import { defineRoute } from './route.js';
import { createTestDatabase } from '../test/test-database.js';

/** Security H4: request logs carry no tokens or passwords, wherever the client put them. */
describe('the request log at debug level', () => {
  const lines: string[] = [];
  let app: FolioApp;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'debug' }, { databaseUrl: database.url, webDir: null, secret: crypto.randomBytes(32).toString('hex') });
    app = await buildApp(config, { database, logStream: { write: (line) => lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const SECRET = 'Sup3rSecretValue';
  const requests = [
    { method: 'GET' as const, url: `/api/user/info?user_token=${SECRET}` },
    { method: 'GET' as const, url: `/server/index.php?s=/api/user/info&user_token=${SECRET}` },
    { method: 'GET' as const, url: `/server/index.php?s=/api/item/info/user_token/${SECRET}/item_id/1` },
    { method: 'GET' as const, url: `/api/item/info?item_id=1&_item_pwd=${SECRET}` },
    { method: 'POST' as const, url: '/api/user/loginByVerify', payload: `username=u&password=${SECRET}&captcha=${SECRET}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { method: 'POST' as const, url: '/api/user/info', headers: { authorization: `Bearer ${SECRET}`, 'x-api-token': SECRET, cookie: `folio_token=${SECRET}` } },
    { method: 'POST' as const, url: `/api/open/updatePage?api_key=${SECRET}&api_token=${SECRET}` },
  ];

  it('H4 · logs each request without the secrets in it', async () => {
    for (const request of requests) await app.inject(request);
    const log = lines.join('');
    expect(log).toContain('/api/user/info');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(SECRET);
  });
});

/** Issue 23: a fresh `npm start` does not print a line for every request the browser makes. */
describe('the log at the default level', () => {
  const lines: string[] = [];
  let app: FolioApp;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'production' }, { databaseUrl: database.url, webDir: null, secret: crypto.randomBytes(32).toString('hex') });
    app = await buildApp(config, {
      database,
      logStream: { write: (line) => lines.push(line) },
      extraRoutes: [defineRoute({ path: 'test/explode', input: z.object({}), auth: 'none', handler: () => Promise.reject(new Error('the disk caught fire')) })],
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('writes no line for ordinary requests, found or not', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/common/version' });
    await app.inject({ method: 'POST', url: '/api/user/info' });
    await app.inject({ method: 'GET', url: '/no/such/path' });
    expect(lines).toEqual([]);
  });

  it('still logs a request that fails on the server', async () => {
    lines.length = 0;
    const answer = await app.inject({ method: 'POST', url: '/api/test/explode' });
    expect(answer.json()).toMatchObject({ error_code: 10500 });
    const log = lines.join('');
    expect(log).toContain('the disk caught fire');
    expect(log).toContain('/api/test/explode');
  });
});

describe('the request log controller', () => {
  function completed(elapsedTime: number, statusCode: number, error?: Error) {
    const calls: { level: string; message: string }[] = [];
    const log = Object.fromEntries(['debug', 'info', 'warn', 'error'].map((level) => [level, (_obj: unknown, message: string) => calls.push({ level, message })]));
    const reply = { elapsedTime, statusCode, log } as unknown as FastifyReply;
    new QuietRequestLog(1000).requestCompleted(error, { log } as unknown as FastifyRequest, reply);
    return calls;
  }

  it('logs a quick answer at debug only, a slow one or a server failure at warn, an error at error', () => {
    expect(completed(5, 200)).toEqual([{ level: 'debug', message: 'request completed' }]);
    expect(completed(1500, 200)).toEqual([{ level: 'warn', message: 'slow request' }]);
    expect(completed(5, 503)).toEqual([{ level: 'warn', message: 'request failed' }]);
    expect(completed(5, 500, new Error('boom'))).toEqual([{ level: 'error', message: 'request errored' }]);
  });
});
