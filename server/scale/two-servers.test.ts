import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgresUrl } from '../db/database.js';
import { adminQuery, databaseUrl } from '../test/template-database.js';
import { PNG } from '../test/upload-helpers.js';
import { freePort, startFolio, waitReady, type FolioProcess } from './folio-process.js';

/**
 * Issue 24's proof: two Folio servers, separate processes on two ports, started with nothing but the same
 * PostgreSQL URL and the same S3 bucket (no FOLIO_SECRET), answer alike whichever one is asked. PostgreSQL
 * only: SQLite is one machine's file. `npm test` runs it in its PostgreSQL stage.
 */
const pgUrl = process.env.TEST_DATABASE_URL ?? '';
const onPostgres = isPostgresUrl(pgUrl);
if (!onPostgres) console.warn('two-servers.test.ts skipped: it needs TEST_DATABASE_URL=postgres://… (the PostgreSQL stage of npm test).');

/** s3rver ships no types; this is the part the test uses. */
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { port: number; address: string; silent: boolean; directory: string; configureBuckets: { name: string }[] }) => S3rverServer;

interface Envelope {
  error_code: number;
  error_message?: string;
  data?: unknown;
}

async function call(server: FolioProcess, action: string, params: Record<string, string | number>, token?: string): Promise<Envelope> {
  const body = new URLSearchParams(Object.entries({ ...params, ...(token ? { user_token: token } : {}) }).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${server.base}/api/${action}`, { method: 'POST', body });
  return (await res.json()) as Envelope;
}

const ok = <T>(answer: Envelope): T => {
  if (answer.error_code !== 0) throw new Error(`expected success, got ${answer.error_code} ${answer.error_message ?? ''}`);
  return answer.data as T;
};

/** The jobs' own log lines ("scheduled job ran" / "failed"), from both servers, per job. */
function jobRuns(servers: FolioProcess[], job: string): number {
  let runs = 0;
  for (const server of servers) {
    for (const line of server.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { job?: string; msg?: string };
      if (entry.job === job && (entry.msg === 'scheduled job ran' || entry.msg === 'scheduled job failed')) runs++;
    }
  }
  return runs;
}

describe.skipIf(!onPostgres)('two Folio servers on one PostgreSQL and one S3 server (issue 24)', () => {
  const dbName = `folio_scale_${crypto.randomBytes(5).toString('hex')}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-scale-two-'));
  let s3: S3rverServer;
  let a: FolioProcess;
  let b: FolioProcess;
  let startedAt = 0;
  let token = '';
  let itemId = 0;
  let pageId = 0;

  beforeAll(async () => {
    await adminQuery(pgUrl, `create database "${dbName}"`);
    const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: 'folio-scale' }] });
    const { port: s3Port } = await s3.run();
    const env = (name: string) => ({
      NODE_ENV: 'test',
      FOLIO_PASSWORD_HASH: 'fast',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl(pgUrl, dbName),
      DATA_DIR: path.join(work, name),
      FOLIO_STORAGE: 's3://folio-scale/attachments',
      FOLIO_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      FOLIO_S3_REGION: 'us-east-1',
      FOLIO_S3_ACCESS_KEY_ID: 'S3RVER',
      FOLIO_S3_SECRET_ACCESS_KEY: 'S3RVER',
      FOLIO_S3_FORCE_PATH_STYLE: 'true',
      FOLIO_CAPTCHA: 'off',
      // Hourly jobs every 3.6 s, the daily upload sweep every 86 s: long enough to see "once".
      FOLIO_JOB_INTERVAL_SCALE: '0.001',
    });
    // Both start at once on an empty database: they race for the migrations and for the site secret.
    startedAt = Date.now();
    a = startFolio(await freePort(), env('a'));
    b = startFolio(await freePort(), env('b'));
    // Two servers compiling TypeScript at once take 20–60 s on a busy 2-core machine.
    await Promise.all([waitReady(a, 120_000), waitReady(b, 120_000)]);
  }, 150_000);

  afterAll(async () => {
    for (const server of [a, b]) if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited]);
    await s3?.close();
    await adminQuery(pgUrl, `drop database if exists "${dbName}" with (force)`);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('register and log in on A, use the token on B', async () => {
    const password = 'correct horse 1';
    ok(await call(a, 'user/registerByVerify', { username: 'scale_owner', password, confirm_password: password }));
    token = ok<{ user_token: string }>(await call(a, 'user/loginByVerify', { username: 'scale_owner', password })).user_token;
    expect(ok<{ username: string }>(await call(b, 'user/info', {}, token)).username).toBe('scale_owner');
    // Both signed the site secret they read from the database: neither wrote a secret.key of its own.
    expect(fs.existsSync(path.join(work, 'a', 'secret.key')) || fs.existsSync(path.join(work, 'b', 'secret.key'))).toBe(false);
  });

  it('a page made on B is saved on A; a lock taken on A is seen on B', async () => {
    itemId = ok<{ item_id: number }>(await call(b, 'item/add', { item_name: 'Scale', item_type: 1 }, token)).item_id;
    pageId = ok<{ page_id: number }>(await call(a, 'page/save', { item_id: itemId, page_title: 'Shared', page_content: 'v1' }, token)).page_id;
    ok(await call(a, 'page/setLock', { item_id: itemId, page_id: pageId }, token));
    expect(ok<{ lock: number; lock_username: string }>(await call(b, 'page/isLock', { item_id: itemId, page_id: pageId }, token))).toMatchObject({
      lock: 1,
      lock_username: 'scale_owner',
    });
    ok(await call(b, 'page/setLock', { item_id: itemId, page_id: pageId, lock_to: 1000 }, token));
    expect(ok<{ lock: number }>(await call(a, 'page/isLock', { item_id: itemId, page_id: pageId }, token)).lock).toBe(0);
  });

  it('an upload on A downloads on B, byte for byte, through the bucket', async () => {
    const boundary = `----folio${crypto.randomBytes(8).toString('hex')}`;
    const fields = { item_id: String(itemId), page_id: String(pageId), user_token: token };
    const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    const file = Buffer.concat([PNG, crypto.randomBytes(64)]);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scale.png"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
    const res = await fetch(`${a.base}/api/page/upload`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat(parts) });
    const uploaded = (await res.json()) as { success: number; url: string };
    expect(uploaded.success).toBe(1);
    const onB = new URL(uploaded.url, b.base);
    const download = await fetch(`${b.base}${onB.pathname}${onB.search}`, { headers: { 'x-api-token': token } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);
  });

  it('a rate limit is one budget across both servers', async () => {
    // common/createCaptcha: 30 a minute per address, in fixed windows; do not straddle a window's end.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await call(i % 2 ? b : a, 'common/createCaptcha', {})).error_code);
    expect(codes.slice(0, 30).every((code) => code === 0)).toBe(true);
    expect(codes.slice(30)).toEqual([10429, 10429]);
  });

  it('a save based on an old version is refused, whichever server made the newer one', async () => {
    const current = ok<{ version: number }>(await call(b, 'page/info', { page_id: pageId }, token)).version;
    ok(await call(b, 'page/save', { item_id: itemId, page_id: pageId, page_title: 'Shared', page_content: 'saved on B', version: current }, token));
    const stale = await call(a, 'page/save', { item_id: itemId, page_id: pageId, page_title: 'Shared', page_content: 'stale on A', version: current }, token);
    expect(stale.error_code).not.toBe(0);
    expect(ok<{ page_content: string }>(await call(a, 'page/info', { page_id: pageId }, token)).page_content).toBe('saved on B');
  });

  it('scheduled jobs ran once per interval across both servers', () => {
    const elapsed = Date.now() - startedAt;
    // The upload sweep runs 10 s (scaled: 10 ms) after each server's start, then daily (86 s): once, on one
    // of the two (twice only if this machine was so slow that a whole lease of 78 s has passed).
    expect(jobRuns([a, b], 'upload-sweep')).toBeGreaterThanOrEqual(1);
    expect(jobRuns([a, b], 'upload-sweep')).toBeLessThanOrEqual(Math.floor(elapsed / 77_760) + 1);
    // The recycle purge every 3.6 s: never more often than that, whichever server held the lease.
    expect(jobRuns([a, b], 'recycle-purge')).toBeGreaterThanOrEqual(1);
    expect(jobRuns([a, b], 'recycle-purge')).toBeLessThanOrEqual(Math.floor(elapsed / 3240) + 1);
  });

  it('kill -9 A in the middle of saves: B serves the last acknowledged version (or the one in flight)', async () => {
    let version = ok<{ version: number }>(await call(a, 'page/info', { page_id: pageId }, token)).version;
    let acknowledged = '';
    for (let i = 0; i < 5; i++) {
      const content = `ack ${i}`;
      version = ok<{ version: number }>(await call(a, 'page/save', { item_id: itemId, page_id: pageId, page_title: 'Shared', page_content: content, version }, token)).version;
      acknowledged = content;
    }
    const inFlight = call(a, 'page/save', { item_id: itemId, page_id: pageId, page_title: 'Shared', page_content: 'in flight', version }, token).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 5));
    a.child.kill('SIGKILL');
    await a.exited;
    await inFlight;
    const page = ok<{ page_content: string; version: number }>(await call(b, 'page/info', { page_id: pageId }, token));
    expect([acknowledged, 'in flight']).toContain(page.page_content);
    expect(page.version).toBe(page.page_content === acknowledged ? version : version + 1);
    // B carries on: a save on B from what it serves succeeds.
    ok(await call(b, 'page/save', { item_id: itemId, page_id: pageId, page_title: 'Shared', page_content: 'after the crash', version: page.version }, token));
  });
});
