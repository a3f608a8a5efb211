// `npm run bench`: throughput and latency of hot API paths, server in its own process, load from this one
// over keep-alive HTTP. Reports numbers; asserts nothing (timings on shared machines are noisy).
//
// Data: a site of 100 000 pages: one project of 10 000 pages in 500 catalogs (the item/info and in-project
// search target) and the rest spread over 500 projects of one account (the project list and
// cross-project search). Then the full-text index against a plain LIKE scan over the same rows, in SQL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import { escapeLike } from '../server/db/like.js';
import { seedLargeAccount } from './seed-large.js';
import { COMMON_WORD, seedBigProject } from './seed-project.js';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SITE_PAGES = Number(process.env.BENCH_SITE_PAGES ?? 100_000);
const PROJECT_PAGES = Number(process.env.BENCH_PROJECT_PAGES ?? 10_000);
const PROJECT_CATALOGS = Number(process.env.BENCH_PROJECT_CATALOGS ?? 500);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 500);
let PORT = Number(process.env.BENCH_PORT ?? 0);
let agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

interface Answer {
  status: number;
  body: string;
}

function request(method: string, urlPath: string, form?: Record<string, string>): Promise<Answer> {
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

const api = (action: string, form: Record<string, string>) => request('POST', `/api/${action}`, form);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

async function measure(name: string, call: () => Promise<Answer>, concurrency = CONCURRENCY) {
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  let bytes = 0;
  const end = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await call();
        if (res.status !== 200 || !res.body.startsWith('{"error_code":0')) {
          failed++;
          firstFailure ??= `HTTP ${res.status} ${res.body.slice(0, 80)}`;
        }
        bytes += res.body.length;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / (DURATION_MS / 1000);
  const size = latencies.length ? bytes / latencies.length : 0;
  const kb = size >= 10_000 ? `${(size / 1024).toFixed(0)} KB` : `${size.toFixed(0)} B`;
  console.log(
    `${name.padEnd(52)} ${String(concurrency).padStart(3)} ${rps.toFixed(0).padStart(7)} ${percentile(latencies, 0.5).toFixed(1).padStart(8)} ${percentile(latencies, 0.95).toFixed(1).padStart(8)} ${percentile(latencies, 0.99).toFixed(1).padStart(8)} ${kb.padStart(8)}${failed ? `  (${failed} failed, first: ${firstFailure})` : ''}`,
  );
}

function header(title: string) {
  console.log(`\n${title}`);
  console.log(`${'endpoint'.padEnd(52)} ${'c'.padStart(3)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'answer'.padStart(8)}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 4990));
    });
  });
}

/** Median time of `runs` runs of a query, in ms. */
async function medianMs(runs: number, query: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  await query();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await query();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 0.5);
}

/** The full-text index (FTS5 trigram) against a LIKE scan, same rows, same answer, straight in SQL. */
async function indexAgainstScan(dbFile: string, projectId: number, keywords: string[]) {
  const database = openDatabase(`sqlite:${dbFile}`);
  const db = database.db;
  console.log('\nFull-text index vs LIKE scan (SQLite, counting every matching page; median of 5)');
  console.log(`${'keyword'.padEnd(22)} ${'scope'.padEnd(18)} ${'hits'.padStart(7)} ${'index ms'.padStart(9)} ${'LIKE ms'.padStart(9)} ${'× faster'.padStart(9)}`);
  for (const [scope, itemFilter] of [
    [`site (${SITE_PAGES} pages)`, sql`1 = 1`],
    [`project (${PROJECT_PAGES})`, sql`item_id = ${projectId}`],
  ] as const) {
    for (const keyword of keywords) {
      const phrase = `"${keyword.replace(/"/g, '""')}"`;
      const pattern = `%${escapeLike(keyword.toLowerCase())}%`;
      const indexed = () => sql<{ n: number }>`select count(*) as n from page where ${itemFilter} and page_id in (select rowid from page_fts where page_fts match ${phrase})`.execute(db);
      const scanned = () => sql<{ n: number }>`select count(*) as n from page where ${itemFilter} and (lower(page_title) like ${pattern} escape '\\' or lower(page_content) like ${pattern} escape '\\')`.execute(db);
      const [a, b] = [(await indexed()).rows[0]?.n, (await scanned()).rows[0]?.n];
      if (a !== b) console.log(`  (index found ${a}, scan found ${b} for ${keyword})`);
      const indexMs = await medianMs(5, indexed);
      const likeMs = await medianMs(5, scanned);
      console.log(
        `${keyword.padEnd(22)} ${scope.padEnd(18)} ${String(b).padStart(7)} ${indexMs.toFixed(1).padStart(9)} ${likeMs.toFixed(1).padStart(9)} ${(likeMs / Math.max(indexMs, 0.01)).toFixed(0).padStart(8)}×`,
      );
    }
  }
  await database.close();
}

async function main() {
  const benchStart = performance.now();
  if (!PORT) PORT = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const dbFile = path.join(dataDir, 'folio.db');
  const server = spawn('npx', ['tsx', 'server/main.ts', 'start'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', FOLIO_CAPTCHA: 'off', NODE_ENV: 'production' },
    stdio: 'inherit',
    // Its own process group, so stopping it stops npx, tsx and the server under them.
    detached: true,
  });
  const stopServer = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopServer();
      process.exit(130);
    });
  }
  try {
    for (let i = 0; ; i++) {
      if ((await request('GET', '/api/common/version')).status === 200) break;
      if (i > 100) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const password = 'bench-password';
    const register = async (username: string) => {
      const reg = await api('user/registerByVerify', { username, password, confirm_password: password });
      return (JSON.parse(reg.body) as { data: { user_token: string; uid: number } }).data;
    };
    // The first account of a site is its administrator; the bench owner is an ordinary user like most.
    await register('bench_admin');
    const owner = await register('bench');
    const token = owner.user_token;

    console.log(`Folio bench · SQLite · ${os.cpus().length} cores · ${DURATION_MS} ms per row · c = concurrent connections`);
    header('Basics');
    await measure('common/version (GET, ShowDoc ?s= URL)', () => request('GET', '/server/index.php?s=/api/common/version'));
    await measure('common/homePageSetting', () => api('common/homePageSetting', {}));
    await measure('user/info (user_token)', () => api('user/info', { user_token: token }));
    await measure('user/loginByVerify (Argon2id)', () => api('user/loginByVerify', { username: 'bench', password }), 4);

    const seedStart = performance.now();
    const database = openDatabase(`sqlite:${dbFile}`);
    const project = await seedBigProject(database.db, owner.uid, PROJECT_PAGES, PROJECT_CATALOGS, 'Big project');
    const pagesEach = Math.max(1, Math.round((SITE_PAGES - PROJECT_PAGES) / PROJECTS));
    await seedLargeAccount(database.db, owner.uid, PROJECTS, pagesEach);
    const somePage = await database.db.selectFrom('page').select('page_id').where('item_id', '=', project.item_id).where('cat_id', '>', 0).orderBy('page_id').executeTakeFirstOrThrow();
    await database.close();
    // Idle keep-alive sockets were closed by the server while seeding.
    agent.destroy();
    agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    const sitePages = PROJECT_PAGES + PROJECTS * pagesEach;
    console.log(
      `\nSeeded ${sitePages} pages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: a project of ${PROJECT_PAGES} pages in ${project.catalogs} catalogs, ` +
        `and ${PROJECTS} projects of ${pagesEach} pages (database ${(fs.statSync(dbFile).size / 1e6).toFixed(0)} MB).`,
    );

    const big = String(project.item_id);
    header(`item/info of the ${PROJECT_PAGES}-page project (whole menu tree)`);
    await measure('item/info, owner, one request at a time', () => api('item/info', { user_token: token, item_id: big }), 1);
    await measure('item/info, owner', () => api('item/info', { user_token: token, item_id: big }), 8);
    await measure('item/info, guest', () => api('item/info', { item_id: big }), 8);
    await measure('item/info, owner, default_page_id', () => api('item/info', { user_token: token, item_id: big, default_page_id: String(somePage.page_id) }), 8);
    await measure(`item/info keyword, common ("${COMMON_WORD}")`, () => api('item/info', { user_token: token, item_id: big, keyword: COMMON_WORD }), 8);
    await measure('item/info keyword, one page', () => api('item/info', { user_token: token, item_id: big, keyword: project.rareWord }), 8);
    await measure('item/info keyword, Chinese ("数据字典")', () => api('item/info', { user_token: token, item_id: big, keyword: '数据字典' }), 8);
    await measure('item/info keyword, 2 chars, no index ("订单")', () => api('item/info', { user_token: token, item_id: big, keyword: '订单' }), 8);

    header('item/search');
    await measure(`in the project, common, one at a time`, () => api('item/search', { user_token: token, item_id: big, keyword: COMMON_WORD }), 1);
    await measure(`in the project, common ("${COMMON_WORD}")`, () => api('item/search', { user_token: token, item_id: big, keyword: COMMON_WORD }), 8);
    await measure('in the project, one page', () => api('item/search', { user_token: token, item_id: big, keyword: project.rareWord }), 8);
    await measure('in the project, Chinese ("数据字典")', () => api('item/search', { user_token: token, item_id: big, keyword: '数据字典' }), 8);
    await measure('in the project, 2 chars, no index ("订单")', () => api('item/search', { user_token: token, item_id: big, keyword: '订单' }), 8);
    await measure(`across ${PROJECTS + 1} projects, common, one at a time`, () => api('item/search', { user_token: token, keyword: COMMON_WORD }), 1);
    await measure(`across ${PROJECTS + 1} projects, common ("${COMMON_WORD}")`, () => api('item/search', { user_token: token, keyword: COMMON_WORD }), 4);
    await measure(`across ${PROJECTS + 1} projects, rare`, () => api('item/search', { user_token: token, keyword: 'marker-25-7' }), 4);
    await measure(`across ${PROJECTS + 1} projects, 2 chars, no index`, () => api('item/search', { user_token: token, keyword: '订单' }), 4);

    header('Other reads on the large site');
    await measure(`item/myList (${PROJECTS + 1} projects)`, () => api('item/myList', { user_token: token }), 8);
    await measure('item/myList starred', () => api('item/myList', { user_token: token, item_group_id: '-1' }), 8);
    // page/info is being built in parallel; until its route answers, the bench says so and moves on.
    const probe = await api('page/info', { user_token: token, page_id: String(somePage.page_id) });
    const probeCode = probe.status === 200 || probe.status === 404 ? ((JSON.parse(probe.body || '{}') as { error_code?: number }).error_code ?? -1) : -1;
    if (probeCode === 0) await measure('page/info (page of the large project)', () => api('page/info', { user_token: token, page_id: String(somePage.page_id) }), 8);
    else console.log(`page/info: not measured (the route answers ${probe.status} / error_code ${probeCode})`);

    await indexAgainstScan(dbFile, project.item_id, [project.rareWord, COMMON_WORD, '数据字典', 'request']);
    console.log(`\nBench finished in ${((performance.now() - benchStart) / 1000).toFixed(0)} s.`);
  } finally {
    stopServer();
    agent.destroy();
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
