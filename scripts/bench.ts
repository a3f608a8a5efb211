// `npm run bench`: throughput and latency of hot API paths, server in its own process, load from this one
// over keep-alive HTTP. Reports numbers; asserts nothing (timings on shared machines are noisy).
//
// Data: a site of 100 000 pages: one project of 10 000 pages in 500 catalogs (the item/info and in-project
// search target) and the rest spread over 500 projects of one account (the project list and
// cross-project search). Then the full-text index against a plain LIKE scan over the same rows, in SQL.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import { escapeLike } from '../server/db/like.js';
import { keywordIndex } from '../server/db/page-search.js';
import { searchIndexReads } from './lib/search-reads.js';
import { seedLargeAccount } from './seed-large.js';
import { COMMON_WORD, seedBigProject } from './seed-project.js';
import { freePort } from '../server/scale/folio-process.js';
import { BenchClient, load, percentile, stopProcessGroup, type Answer } from './lib/bench-http.js';
import { hasWrk, startBaseline, wrk, type LoadResult } from './lib/bench-wrk.js';

const DURATION_MS = Number(process.env.BENCH_MS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SITE_PAGES = Number(process.env.BENCH_SITE_PAGES ?? 100_000);
const PROJECT_PAGES = Number(process.env.BENCH_PROJECT_PAGES ?? 10_000);
const PROJECT_CATALOGS = Number(process.env.BENCH_PROJECT_CATALOGS ?? 500);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 500);
let PORT = Number(process.env.BENCH_PORT ?? 0);
/** `BENCH_DATABASE_URL=postgres://…/empty_db` runs the server and the seed on PostgreSQL instead of an SQLite file. */
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
let client: BenchClient;

const api = (action: string, form: Record<string, string>) => client.api(action, form);

async function measure(name: string, call: () => Promise<Answer>, concurrency = CONCURRENCY) {
  const { latencies, failed, firstFailure, bytes } = await load(call, { concurrency, durationMs: DURATION_MS });
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

/**
 * The search queries alone (server/db/page-search.ts, as item/search runs them: title hits, then any hits,
 * newest first, LIMIT 200, the caller's projects), median of 5 — steadier than HTTP on a shared machine.
 */
async function searchSql(dbUrl: string, projectId: number, ownerUid: number, keywords: string[]) {
  const database = openDatabase(dbUrl);
  const db = database.db;
  const owned = (await db.selectFrom('item').select('item_id').where('uid', '=', ownerUid).execute()).map((r) => r.item_id);
  console.log(`\nSearch queries in SQL (${database.dialect}, title hits + any hits, newest first, limit 200; median of 5)`);
  console.log(`${'keyword'.padEnd(22)} ${'index'.padEnd(8)} ${'scope'.padEnd(18)} ${'pages found'.padStart(11)} ${'ms'.padStart(7)}`);
  for (const [scope, ids] of [
    [`project (${PROJECT_PAGES})`, [projectId]],
    [`${owned.length} projects`, owned],
  ] as const) {
    for (const keyword of keywords) {
      const both = () => searchIndexReads(database, keyword, ids);
      const { title, other } = await both();
      const found = Math.min(200, title + other);
      const ms = await medianMs(5, both);
      console.log(`${keyword.padEnd(22)} ${keywordIndex(keyword).padEnd(8)} ${scope.padEnd(18)} ${String(found === 200 ? '200+' : found).padStart(11)} ${ms.toFixed(2).padStart(7)}`);
    }
  }
  await database.close();
}

/**
 * The read paths every reader hits, on a 200-page project, loaded by wrk (GET with the token, as ShowDoc's
 * scripts read), each as a share of what a ten-line node:http server answers in the same run (issue 21's
 * target: 40 %). Without wrk the JavaScript generator above stands in, and the table says so.
 */
async function hotReads(dbUrl: string, ownerUid: number, token: string) {
  const database = openDatabase(dbUrl);
  const project = await seedBigProject(database.db, ownerUid, 200, 20, 'Bench 200');
  const page = await database.db.selectFrom('page').select('page_id').where('item_id', '=', project.item_id).where('cat_id', '>', 0).orderBy('page_id').executeTakeFirstOrThrow();
  await database.close();
  const rows: [string, string][] = [
    ['page/info', `/api/page/info?page_id=${page.page_id}&user_token=${token}`],
    ['user/info', `/api/user/info?user_token=${token}`],
    ['item/myList', `/api/item/myList?user_token=${token}`],
    ['common/homePageSetting', '/api/common/homePageSetting'],
  ];
  const seconds = Math.max(2, Math.round(DURATION_MS / 1000));
  const load = () => os.loadavg()[0]?.toFixed(1) ?? '?';
  console.log(`
Hot reads on a 200-page project, against a raw node:http server (c = 32, ${seconds} s per row, load average ${load()})`);
  console.log(`${'endpoint'.padEnd(28)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'p99/p50'.padStart(8)} ${'of raw'.padStart(7)}`);
  if (!hasWrk()) {
    console.log('(wrk is not installed: apt-get install wrk; these rows use the in-process generator instead)');
    for (const [name, url] of rows) await measure(name, () => client.request('GET', url), 32);
    return;
  }
  const baseline = await startBaseline();
  try {
    const raw = await wrk(baseline.url, 32, seconds);
    const line = (name: string, r: LoadResult) =>
      console.log(
        `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${(r.p99 / Math.max(r.p50, 0.001)).toFixed(1).padStart(8)} ${`${((r.rps / Math.max(raw.rps, 1)) * 100).toFixed(0)} %`.padStart(7)}${r.failed ? `  (${r.failed} failed)` : ''}`,
      );
    line('raw node:http, 1 KB JSON', raw);
    for (const [name, url] of rows) {
      // A first pass warms the JIT and the statement cache; the second is the row.
      await wrk(`http://127.0.0.1:${PORT}${url}`, 32, 1);
      line(name, await wrk(`http://127.0.0.1:${PORT}${url}`, 32, seconds));
    }
  } finally {
    baseline.stop();
  }
}

async function main() {
  const benchStart = performance.now();
  if (!PORT) PORT = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const dbFile = path.join(dataDir, 'folio.db');
  const dbUrl = BENCH_DATABASE_URL || `sqlite:${dbFile}`;
  // The production bundle, as `npm start` runs it (tsx would add its own compile hooks to every module load).
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  const server = spawn(process.execPath, ['dist/server/main.js', 'start'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', FOLIO_CAPTCHA: 'off', NODE_ENV: 'production' },
    stdio: 'inherit',
    // Its own process group, so stopping it stops everything it started.
    detached: true,
  });
  const stopServer = () => stopProcessGroup(server);
  client = new BenchClient(PORT);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopServer();
      process.exit(130);
    });
  }
  try {
    await client.waitUntilUp();
    const password = 'bench-password';
    const register = (username: string) => client.data<{ user_token: string; uid: number }>('user/registerByVerify', { username, password, confirm_password: password });
    // The first account of a site is its administrator; the bench owner is an ordinary user like most.
    await register('bench_admin');
    const owner = await register('bench');
    const token = owner.user_token;

    console.log(`Folio bench · ${BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'} · ${os.cpus().length} cores · ${DURATION_MS} ms per row · c = concurrent connections`);
    await hotReads(dbUrl, owner.uid, token);
    // `BENCH_ONLY=hot`: the hot-read table alone, in well under a minute.
    if (process.env.BENCH_ONLY === 'hot') return;

    header('Basics');
    await measure('common/version (GET, ShowDoc ?s= URL)', () => client.request('GET', '/server/index.php?s=/api/common/version'));
    await measure('common/homePageSetting', () => api('common/homePageSetting', {}));
    await measure('user/info (user_token)', () => api('user/info', { user_token: token }));
    await measure('user/loginByVerify (Argon2id)', () => api('user/loginByVerify', { username: 'bench', password }), 4);

    const seedStart = performance.now();
    const database = openDatabase(dbUrl);
    const project = await seedBigProject(database.db, owner.uid, PROJECT_PAGES, PROJECT_CATALOGS, 'Big project');
    const pagesEach = Math.max(1, Math.round((SITE_PAGES - PROJECT_PAGES) / PROJECTS));
    await seedLargeAccount(database.db, owner.uid, PROJECTS, pagesEach);
    const somePage = await database.db.selectFrom('page').select('page_id').where('item_id', '=', project.item_id).where('cat_id', '>', 0).orderBy('page_id').executeTakeFirstOrThrow();
    await database.close();
    // Idle keep-alive sockets were closed by the server while seeding.
    client.reconnect();
    const sitePages = PROJECT_PAGES + PROJECTS * pagesEach;
    console.log(
      `\nSeeded ${sitePages} pages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: a project of ${PROJECT_PAGES} pages in ${project.catalogs} catalogs, ` +
        `and ${PROJECTS} projects of ${pagesEach} pages${BENCH_DATABASE_URL ? '' : ` (database ${(fs.statSync(dbFile).size / 1e6).toFixed(0)} MB)`}.`,
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
    await measure('item/info keyword, 2 chars ("订单")', () => api('item/info', { user_token: token, item_id: big, keyword: '订单' }), 8);
    await measure('item/info keyword, 1 char ("数"), one at a time', () => api('item/info', { user_token: token, item_id: big, keyword: '数' }), 1);
    await measure('item/info keyword, 1 char ("数")', () => api('item/info', { user_token: token, item_id: big, keyword: '数' }), 8);

    header('item/search');
    if (BENCH_DATABASE_URL) {
      // Seeded rows are new to the planner until autovacuum gets to them; it needs their statistics to
      // walk the index newest first for common words.
      const pgDb = openDatabase(dbUrl);
      await sql`analyze`.execute(pgDb.db);
      await pgDb.close();
    }
    const searchIn = (keyword: string, itemId?: string) => () => api('item/search', { user_token: token, keyword, ...(itemId ? { item_id: itemId } : {}) });
    const searchRows: [string, string][] = [
      [`common ("${COMMON_WORD}", 1 page in 10)`, COMMON_WORD],
      ['in most pages ("request")', 'request'],
      ['one page', project.rareWord],
      ['Chinese, 4 chars ("数据字典")', '数据字典'],
      ['Chinese, 2 chars ("订单")', '订单'],
      ['Chinese, 1 char ("数")', '数'],
    ];
    for (const [scope, itemId, c] of [
      ['in the project', big, 8],
      [`across ${PROJECTS + 1} projects`, undefined, 4],
    ] as const) {
      for (const [name, keyword] of searchRows) {
        await measure(`${scope}, ${name}, one at a time`, searchIn(keyword, itemId), 1);
        await measure(`${scope}, ${name}`, searchIn(keyword, itemId), c);
      }
    }

    header('Other reads on the large site');
    await measure(`item/myList (${PROJECTS + 1} projects)`, () => api('item/myList', { user_token: token }), 8);
    await measure('item/myList starred', () => api('item/myList', { user_token: token, item_group_id: '-1' }), 8);
    // page/info is being built in parallel; until its route answers, the bench says so and moves on.
    const probe = await api('page/info', { user_token: token, page_id: String(somePage.page_id) });
    const probeCode = probe.status === 200 || probe.status === 404 ? ((JSON.parse(probe.body.toString() || '{}') as { error_code?: number }).error_code ?? -1) : -1;
    if (probeCode === 0) await measure('page/info (page of the large project)', () => api('page/info', { user_token: token, page_id: String(somePage.page_id) }), 8);
    else console.log(`page/info: not measured (the route answers ${probe.status} / error_code ${probeCode})`);

    if (!BENCH_DATABASE_URL) await indexAgainstScan(dbFile, project.item_id, [project.rareWord, COMMON_WORD, '数据字典', 'request']);
    await searchSql(dbUrl, project.item_id, owner.uid, [project.rareWord, COMMON_WORD, 'request', '数据字典', '订单', '数', 'id']);
    console.log(`\nBench finished in ${((performance.now() - benchStart) / 1000).toFixed(0)} s.`);
  } finally {
    stopServer();
    client.close();
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
