// `npm run bench`: throughput and latency of hot API paths, server in its own process, load from this one
// over keep-alive HTTP. Reports numbers; asserts nothing (timings on shared machines are noisy).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database.js';
import { seedLargeAccount } from './seed-large.js';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
let PORT = Number(process.env.BENCH_PORT ?? 0);
let agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function request(method: string, urlPath: string, form?: Record<string, string>): Promise<{ status: number; body: string }> {
  const payload = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, method, path: urlPath, agent, headers: payload ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    // A refused or reset connection is a failed request, not a crashed benchmark.
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(payload);
  });
}

async function measure(name: string, call: () => Promise<{ status: number; body: string }>, concurrency = CONCURRENCY) {
  const latencies: number[] = [];
  let failed = 0;
  const end = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await call();
        if (res.status !== 200 || !res.body.startsWith('{"error_code":0')) failed++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  const rps = latencies.length / (DURATION_MS / 1000);
  console.log(`${name.padEnd(40)} ${rps.toFixed(0).padStart(7)} ${pct(0.5).toFixed(1).padStart(9)} ${pct(0.99).toFixed(1).padStart(9)}${failed ? `  (${failed} failed)` : ''}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 4990));
    });
  });
}

async function main() {
  if (!PORT) PORT = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const server = spawn('npx', ['tsx', 'server/main.ts', 'start'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', FOLIO_CAPTCHA: 'off', NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  try {
    for (let i = 0; ; i++) {
      if ((await request('GET', '/api/common/version')).status === 200) break;
      if (i > 100) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const password = 'bench-password';
    const reg = await request('POST', '/api/user/registerByVerify', { username: 'bench', password, confirm_password: password });
    const token = (JSON.parse(reg.body) as { data: { user_token: string } }).data.user_token;

    console.log(`Folio bench · SQLite · ${os.cpus().length} cores · ${CONCURRENCY} connections · ${DURATION_MS} ms each\n`);
    console.log('endpoint                                   req/s    p50 ms    p99 ms');
    await measure('common/version (GET, ShowDoc ?s= URL)', () => request('GET', '/server/index.php?s=/api/common/version'));
    await measure('common/homePageSetting', () => request('POST', '/api/common/homePageSetting', {}));
    await measure('user/info (user_token)', () => request('POST', '/api/user/info', { user_token: token }));
    await measure('user/loginByVerify (Argon2id)', () => request('POST', '/api/user/loginByVerify', { username: 'bench', password }), 4);

    const projects = Number(process.env.BENCH_PROJECTS ?? 500);
    const pagesEach = Number(process.env.BENCH_PAGES_PER_PROJECT ?? 100);
    const seedStart = performance.now();
    const database = openDatabase(`sqlite:${path.join(dataDir, 'folio.db')}`);
    await seedLargeAccount(database.db, 1, projects, pagesEach);
    await database.close();
    // Idle keep-alive sockets were closed by the server while seeding.
    agent.destroy();
    agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    console.log(`\nA user with ${projects} projects and ${projects * pagesEach} pages (seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s):`);
    await measure('item/myList (500 projects)', () => request('POST', '/api/item/myList', { user_token: token }), 8);
    await measure('item/myList starred', () => request('POST', '/api/item/myList', { user_token: token, item_group_id: '-1' }), 8);
    await measure('item/search across projects (hit)', () => request('POST', '/api/item/search', { user_token: token, keyword: 'webhook' }), 4);
    await measure('item/search across projects (rare)', () => request('POST', '/api/item/search', { user_token: token, keyword: 'marker-00' }), 4);
    await measure('item/search in one project', () => request('POST', '/api/item/search', { user_token: token, keyword: '退款', item_id: '1' }), 8);
  } finally {
    server.kill('SIGTERM');
    agent.destroy();
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
