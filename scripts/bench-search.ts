// `npx tsx scripts/bench-search.ts`: item/search and item/info with a keyword on a 100,000-page site, one
// request at a time, against a server in its own process. The site: a 10,000-page project seeded first (so its
// pages have the lowest ids: the hard case for "newest first") and 450 projects of 200 pages, all one user's.
// Reports p50/p90 per keyword and scope, and the load average.
// BENCH_DATABASE_URL=postgres://…/empty_db runs on PostgreSQL. BENCH_SEARCH_KEEP=/some/dir keeps (or reuses,
// when it holds a seeded site) the SQLite file or the PostgreSQL seed, so before/after runs read the same rows.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import { keywordIndex } from '../server/db/page-search.js';
import { searchIndexReads } from './lib/search-reads.js';
import { seedLargeAccount } from './seed-large.js';
import { COMMON_WORD, seedBigProject } from './seed-project.js';

const PROJECT_PAGES = Number(process.env.BENCH_PROJECT_PAGES ?? 10_000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 450);
const PAGES_EACH = Number(process.env.BENCH_PAGES_EACH ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
const KEEP = process.env.BENCH_SEARCH_KEEP ?? '';
const PASSWORD = 'bench-password';
let agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let port = 0;

interface Answer {
  status: number;
  body: string;
}

function post(action: string, form: Record<string, string>): Promise<Answer> {
  const payload = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: `/api/${action}`, agent, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(p));
    });
  });
}

/** How many pages an answer lists (item/search: `pages`; item/info with a keyword: `menu.pages`). */
function pagesIn(body: string): number {
  const answer = JSON.parse(body) as { error_code: number; error_message?: string; data?: { pages?: unknown[]; menu?: { pages?: unknown[] } } };
  if (answer.error_code !== 0) throw new Error(`error ${answer.error_code}: ${answer.error_message ?? ''}`);
  return (answer.data?.pages ?? answer.data?.menu?.pages ?? []).length;
}

async function timed(call: () => Promise<Answer>) {
  const ms: number[] = [];
  let found = 0;
  for (let i = 0; i < ROUNDS + 2; i++) {
    const t0 = performance.now();
    const res = await call();
    const elapsed = performance.now() - t0;
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 300)}`);
    found = pagesIn(res.body);
    // The first two calls warm the JIT, the statement cache and the page cache.
    if (i >= 2) ms.push(elapsed);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => (ms[Math.min(ms.length - 1, Math.floor(ms.length * p))] ?? 0).toFixed(2);
  return { p50: at(0.5), p90: at(0.9), found };
}

interface Seeded {
  bigItemId: number;
  rareWord: string;
}

async function seed(dbUrl: string): Promise<Seeded> {
  const reg = await post('user/registerByVerify', { username: 'bench', password: PASSWORD, confirm_password: PASSWORD });
  const { uid } = (JSON.parse(reg.body) as { data: { uid: number } }).data;
  const database = openDatabase(dbUrl);
  const started = performance.now();
  const project = await seedBigProject(database.db, uid, PROJECT_PAGES, 500, 'Big project');
  await seedLargeAccount(database.db, uid, PROJECTS, PAGES_EACH);
  if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
  await database.close();
  console.log(`seeded ${PROJECT_PAGES + PROJECTS * PAGES_EACH} pages in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { bigItemId: project.item_id, rareWord: project.rareWord };
}

/**
 * The index part alone, as item/search runs it (title hits where the CJK index keeps titles apart, then any
 * hits; newest first, limit 200): what the HTTP rows cost beyond it is snippets, bodies and the request.
 */
async function searchSql(dbUrl: string, bigItemId: number, keywords: [string, string][]) {
  const database = openDatabase(dbUrl);
  const db = database.db;
  const all = (await db.selectFrom('item').select('item_id').where('is_del', '=', 0).execute()).map((r) => r.item_id);
  console.log(`\nthe search queries alone (${database.dialect}), median of 9`);
  console.log(`${'keyword'.padEnd(30)} ${'index'.padEnd(8)} ${'scope'.padEnd(12)} ${'ms'.padStart(7)}`);
  for (const [name, keyword] of keywords) {
    for (const [scope, ids] of [['project', [bigItemId]], ['all', all]] as const) {
      const both = () => searchIndexReads(database, keyword, ids);
      await both();
      const ms: number[] = [];
      for (let i = 0; i < 9; i++) {
        const t0 = performance.now();
        await both();
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      console.log(`${name.padEnd(30)} ${keywordIndex(keyword).padEnd(8)} ${scope.padEnd(12)} ${(ms[4] ?? 0).toFixed(2).padStart(7)}`);
    }
  }
  await database.close();
}

async function main() {
  port = await freePort();
  const dataDir = KEEP || fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-search-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const dbUrl = BENCH_DATABASE_URL || `sqlite:${path.join(dataDir, 'folio.db')}`;
  const seededFile = path.join(dataDir, BENCH_DATABASE_URL ? 'seeded-pg.json' : 'seeded-sqlite.json');
  const server = spawn('npx', ['tsx', 'server/main.ts', 'start'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', FOLIO_CAPTCHA: 'off', NODE_ENV: 'production' },
    stdio: 'inherit',
    detached: true,
  });
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  try {
    for (let i = 0; ; i++) {
      const up = await post('common/version', {}).catch(() => null);
      if (up?.status === 200) break;
      if (i > 900) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const seeded: Seeded = fs.existsSync(seededFile) ? (JSON.parse(fs.readFileSync(seededFile, 'utf8')) as Seeded) : await seed(dbUrl);
    if (KEEP) fs.writeFileSync(seededFile, JSON.stringify(seeded));
    // Idle keep-alive sockets were closed by the server while seeding.
    agent.destroy();
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const login = await post('user/loginByVerify', { username: 'bench', password: PASSWORD });
    const token = (JSON.parse(login.body) as { data: { user_token: string } }).data.user_token;
    const big = String(seeded.bigItemId);

    const keywords: [string, string][] = [
      ['Chinese, 1 char', '数'],
      ['Chinese, 2 chars', '订单'],
      ['Chinese, 4 chars', '数据字典'],
      [`English, 1 page in 10`, COMMON_WORD],
      ['English, in most pages', 'request'],
      ['English, one page', seeded.rareWord],
      ['short non-CJK ("id")', 'id'],
    ];
    const rows: [string, Awaited<ReturnType<typeof timed>>][] = [];
    for (const [name, keyword] of keywords) {
      rows.push([`item/search, in the big project, ${name}`, await timed(() => post('item/search', { user_token: token, item_id: big, keyword }))]);
      rows.push([`item/search, all ${PROJECTS + 1} projects, ${name}`, await timed(() => post('item/search', { user_token: token, keyword }))]);
      rows.push([`item/info keyword, big project, ${name}`, await timed(() => post('item/info', { user_token: token, item_id: big, keyword }))]);
    }
    const [l1, l5] = os.loadavg();
    console.log(
      `search · ${BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'} · ${PROJECT_PAGES + PROJECTS * PAGES_EACH} pages (a ${PROJECT_PAGES}-page project seeded first, ${PROJECTS} × ${PAGES_EACH}) · one request at a time, ${ROUNDS} rounds · ${os.cpus().length} cores · load ${l1?.toFixed(2)} / ${l5?.toFixed(2)}`,
    );
    console.log(`${'row'.padEnd(62)} ${'p50 ms'.padStart(8)} ${'p90 ms'.padStart(8)} ${'pages'.padStart(6)}`);
    for (const [name, r] of rows) console.log(`${name.padEnd(62)} ${r.p50.padStart(8)} ${r.p90.padStart(8)} ${String(r.found).padStart(6)}`);
    await searchSql(dbUrl, seeded.bigItemId, keywords);
  } finally {
    agent.destroy();
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
