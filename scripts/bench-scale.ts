// `npx tsx scripts/bench-scale.ts`: the read mix (page/info + item/info, half each) against one Folio server,
// then against two servers on the same PostgreSQL database, requests alternated between them as a load
// balancer would. Reports numbers; asserts nothing. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL: a
// PostgreSQL server where it may create (and afterwards drop) a database of its own. docs/scale-out.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, databaseUrl } from '../server/test/template-database.js';
import { freePort, startFolio, waitReady, type FolioProcess } from '../server/scale/folio-process.js';

const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(serverUrl)) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a postgres:// URL.');

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function post(server: FolioProcess, action: string, form: Record<string, string>): Promise<{ status: number; body: string }> {
  const payload = new URLSearchParams(form).toString();
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path: `/api/${action}`, agent, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(payload);
  });
}

async function data<T>(server: FolioProcess, action: string, form: Record<string, string>): Promise<T> {
  const answer = JSON.parse((await post(server, action, form)).body) as { error_code: number; data: T; error_message?: string };
  if (answer.error_code !== 0) throw new Error(`${action}: ${answer.error_code} ${answer.error_message ?? ''}`);
  return answer.data;
}

async function measure(label: string, servers: FolioProcess[], token: string, itemId: number, pageIds: number[]): Promise<void> {
  const latencies: number[] = [];
  let failures = 0;
  let turn = 0;
  const end = Date.now() + DURATION_MS;
  const worker = async () => {
    while (Date.now() < end) {
      const server = servers[turn++ % servers.length] as FolioProcess;
      const started = performance.now();
      const read = turn % 2
        ? post(server, 'page/info', { page_id: String(pageIds[turn % pageIds.length]), user_token: token })
        : post(server, 'item/info', { item_id: String(itemId), user_token: token });
      const answer = await read;
      latencies.push(performance.now() - started);
      if (answer.status !== 200 || !answer.body.startsWith('{"error_code":0')) failures++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  const pct = (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(1);
  console.log(`${label.padEnd(12)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${pct(0.5)} ms   p95 ${pct(0.95)} ms   failed ${failures} of ${latencies.length}`);
}

const dbName = `folio_bench_scale_${crypto.randomBytes(4).toString('hex')}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-scale-'));
const env = (name: string) => ({ NODE_ENV: 'test', FOLIO_PASSWORD_HASH: 'fast', LOG_LEVEL: 'warn', FOLIO_CAPTCHA: 'off', DATABASE_URL: databaseUrl(serverUrl, dbName), DATA_DIR: path.join(work, name) });
const servers: FolioProcess[] = [];
await adminQuery(serverUrl, `create database "${dbName}"`);
try {
  const a = startFolio(await freePort(), env('a'));
  servers.push(a);
  await waitReady(a, 60_000);
  const password = 'bench password 1';
  await data(a, 'user/registerByVerify', { username: 'bench', password, confirm_password: password });
  const { user_token: token } = await data<{ user_token: string }>(a, 'user/loginByVerify', { username: 'bench', password });
  const { item_id: itemId } = await data<{ item_id: number }>(a, 'item/add', { item_name: 'Bench', item_type: '1', user_token: token });
  const pageIds: number[] = [];
  for (let i = 0; i < PAGES; i++) {
    const content = `# Page ${i}\n\n${'Some text for the reader. '.repeat(40)}`;
    pageIds.push((await data<{ page_id: number }>(a, 'page/save', { item_id: String(itemId), page_title: `Page ${i}`, page_content: content, user_token: token })).page_id);
  }
  console.log(`read mix (page/info + item/info), ${CONCURRENCY} concurrent, ${DURATION_MS} ms each, ${os.cpus().length} cores, ${PAGES} pages`);
  await measure('1 server', [a], token, itemId, pageIds);
  const b = startFolio(await freePort(), env('b'));
  servers.push(b);
  await waitReady(b, 60_000);
  await measure('2 servers', [a, b], token, itemId, pageIds);
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  agent.destroy();
  await adminQuery(serverUrl, `drop database if exists "${dbName}" with (force)`);
  fs.rmSync(work, { recursive: true, force: true });
}
