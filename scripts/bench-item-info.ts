// `npx tsx scripts/bench-item-info.ts`: item/info of a 10 000-page project, one request at a time, against a
// server in its own process: cold (the stamp is bumped before each request, so every answer is built),
// warm (the cached answer) and 304 (the client holds it). Reports p50/p90 and the load average.
// BENCH_DATABASE_URL=postgres://…/empty_db runs on PostgreSQL; BENCH_PROJECT_PAGES lowers the size.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.js';
import { freePort } from '../server/scale/folio-process.js';
import { seedBigProject } from './seed-project.js';
import { BenchClient, percentile, stopProcessGroup, type Answer } from './lib/bench-http.js';

const PROJECT_PAGES = Number(process.env.BENCH_PROJECT_PAGES ?? 10_000);
const PROJECT_CATALOGS = Number(process.env.BENCH_PROJECT_CATALOGS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
let client: BenchClient;

async function timed(rounds: number, before: () => Promise<unknown>, call: () => Promise<Answer>, expectStatus: number) {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < rounds; i++) {
    await before();
    const t0 = performance.now();
    const res = await call();
    ms.push(performance.now() - t0);
    if (res.status !== expectStatus) throw new Error(`HTTP ${res.status}, expected ${expectStatus}: ${res.body.subarray(0, 10_000).toString()}`);
    bytes = res.body.length;
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => percentile(ms, p).toFixed(2);
  return { p50: at(0.5), p90: at(0.9), bytes };
}

async function main() {
  const port = await freePort();
  // One connection: requests go one at a time, and each is timed alone.
  client = new BenchClient(port, 1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-info-'));
  const dbUrl = BENCH_DATABASE_URL || `sqlite:${path.join(dataDir, 'folio.db')}`;
  const server = spawn('npx', ['tsx', 'server/main.ts', 'start'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', FOLIO_CAPTCHA: 'off', NODE_ENV: 'production' },
    stdio: 'inherit',
    detached: true,
  });
  const stop = () => stopProcessGroup(server);
  try {
    await client.waitUntilUp();
    const password = 'bench-password';
    const register = (username: string) => client.data<{ user_token: string; uid: number }>('user/registerByVerify', { username, password, confirm_password: password });
    await register('bench_admin');
    const owner = await register('bench');
    const database = openDatabase(dbUrl);
    const project = await seedBigProject(database.db, owner.uid, PROJECT_PAGES, PROJECT_CATALOGS, 'Big project');
    const itemId = String(project.item_id);
    // Idle keep-alive sockets were closed by the server while seeding.
    client.reconnect();
    const bump = () => sql`update item set folio_version = folio_version + 1 where item_id = ${project.item_id}`.execute(database.db);
    const none = async () => undefined;
    const asOwner = (headers: Record<string, string> = {}) => client.api('item/info', { user_token: owner.user_token, item_id: itemId }, headers);
    const asGuest = () => client.api('item/info', { item_id: itemId });

    // Warm-up: JIT, prepared statements, page cache.
    await timed(10, bump, () => asOwner(), 200);
    const rows: [string, Awaited<ReturnType<typeof timed>>][] = [];
    rows.push(['owner, cold (stamp bumped each time)', await timed(ROUNDS, bump, () => asOwner(), 200)]);
    rows.push(['guest, cold', await timed(ROUNDS, bump, asGuest, 200)]);
    rows.push(['owner, warm (cached answer)', await timed(ROUNDS * 3, none, () => asOwner(), 200)]);
    rows.push(['guest, warm', await timed(ROUNDS * 3, none, asGuest, 200)]);
    const etag = String((await asOwner()).headers.etag ?? '');
    rows.push(['owner, If-None-Match → 304', await timed(ROUNDS * 3, none, () => asOwner({ 'if-none-match': etag }), 304)]);
    await database.close();

    const [l1, l5] = os.loadavg();
    console.log(`item/info · ${BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'} · ${PROJECT_PAGES} pages in ${project.catalogs} catalogs · one request at a time · ${os.cpus().length} cores · load ${l1?.toFixed(2)} / ${l5?.toFixed(2)}`);
    console.log(`${'row'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p90 ms'.padStart(8)} ${'bytes'.padStart(10)}`);
    for (const [name, r] of rows) console.log(`${name.padEnd(40)} ${r.p50.padStart(8)} ${r.p90.padStart(8)} ${String(r.bytes).padStart(10)}`);
  } finally {
    client.close();
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
