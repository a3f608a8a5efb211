import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type FolioApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Clock } from '../context.js';
import type { RouteDef } from '../http/route.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** A clock tests move by hand. */
export class TestClock implements Clock {
  constructor(public t = 1_800_000_000) {}
  now(): number {
    return this.t;
  }
  advance(seconds: number): void {
    this.t += seconds;
  }
}

export interface CallOptions {
  /** Sent as `user_token` unless `via` says otherwise. */
  token?: string;
  via?: 'param' | 'header' | 'bearer' | 'cookie';
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Send a JSON body instead of a form. */
  json?: boolean;
  /** Call this exact URL (compat forms) instead of `/api/<path>`. */
  url?: string;
  /** The client address the server sees (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface Envelope {
  error_code: number;
  error_message?: string;
  data?: unknown;
}

export interface TestApp {
  app: FolioApp;
  database: TestDatabase;
  clock: TestClock;
  config: Config;
  /** Calls an API action and parses the envelope. */
  call(path: string, params?: Record<string, unknown>, options?: CallOptions): Promise<Envelope & { response: LightMyRequestResponse }>;
  /** The answer of a live captcha, read from the database as a person would read the image. */
  solveCaptcha(): Promise<{ captcha_id: string; captcha: string }>;
  close(): Promise<void>;
}

export async function startTestApp(overrides: Partial<Config> = {}, extraRoutes: RouteDef[] = []): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = new TestClock();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }, {
    databaseUrl: database.url,
    webDir: null,
    secret: crypto.randomBytes(32).toString('hex'),
    // Uploads of a test go to a directory of its own, never the repository's ./data.
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-')),
    ...overrides,
  });
  const app = await buildApp(config, { database, clock, logger: false, extraRoutes });
  await app.ready();

  const call: TestApp['call'] = async (path, params = {}, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    const body = { ...params };
    if (options.token) {
      if (options.via === 'header') headers['x-api-token'] = options.token;
      else if (options.via === 'bearer') headers.authorization = `Bearer ${options.token}`;
      else if (options.via === 'cookie') headers.cookie = `folio_token=${options.token}`;
      else body.user_token = options.token;
    }
    const method = options.method ?? 'POST';
    let url = options.url ?? `/api/${path}`;
    let payload: string | undefined;
    if (method === 'GET') {
      const qs = new URLSearchParams(stringify(body)).toString();
      if (qs) url += (url.includes('?') ? '&' : '?') + qs;
    } else if (options.json) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(stringify(body)).toString();
    }
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      ...(payload !== undefined ? { payload } : {}),
    });
    let parsed: Envelope = { error_code: -1 };
    if ((response.headers['content-type'] ?? '').toString().includes('application/json')) parsed = response.json<Envelope>();
    return { ...parsed, response };
  };

  let solves = 0;
  const solveCaptcha = async () => {
    // Each solve comes from its own address so the captcha rate limit does not trip over test setup.
    const created = await call('common/createCaptcha', {}, { remoteAddress: `10.200.${(solves >> 8) & 255}.${solves++ & 255}` });
    const captcha_id = String((created.data as { captcha_id: number }).captcha_id);
    const row = await database.db.selectFrom('captcha').select('captcha').where('captcha_id', '=', captcha_id).executeTakeFirstOrThrow();
    return { captcha_id, captcha: row.captcha };
  };

  return {
    app,
    database,
    clock,
    config,
    call,
    solveCaptcha,
    async close() {
      await app.close();
      await database.cleanup();
      if (config.dataDir.startsWith(os.tmpdir())) fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

function stringify(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}
