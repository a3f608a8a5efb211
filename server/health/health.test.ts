import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { Kysely, SqliteDialect } from 'kysely';
import type { AppServices } from '../context.js';
import type { DB } from '../db/tables.js';

describe('health and readiness (issue 24)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('GET /health answers ok without login, whatever else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /ready answers ready when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('are not rate limited: a balancer asks often', async () => {
    for (let i = 0; i < 50; i++) expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });

  it('only GET and HEAD: other methods are unknown paths', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/health' })).statusCode).toBe(404);
  });

  it('GET /ready answers 503 while the server shuts down, /health still ok', async () => {
    t.app.readiness.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'shutting down' });
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });
});

describe('readiness when the database is down', () => {
  it('answers 503 and no stack trace; /health stays ok', async () => {
    const t = await startTestApp();
    const services = t.app.services as { db: AppServices['db'] };
    const working = services.db;
    // A database that refuses every connection, as a stopped PostgreSQL does.
    services.db = new Kysely<DB>({
      dialect: new SqliteDialect({
        database: async () => {
          throw new Error('connect ECONNREFUSED');
        },
      }),
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'database unavailable' });
      expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    } finally {
      services.db = working;
      await t.close();
    }
  });
});
