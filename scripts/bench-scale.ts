// `npx tsx scripts/bench-scale.ts`: the read mix (page/info + item/info, half each) against one Folio server,
// then against two servers on the same PostgreSQL database, requests alternated between them as a load
// balancer would. Reports numbers; asserts nothing. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL: a
// PostgreSQL server where it may create (and afterwards drop) a database of its own. docs/scale-out.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, databaseUrl } from '../server/test/template-database.js';
import { freePort, startFolio, waitReady, type FolioProcess } from '../server/scale/folio-process.js';
import { BenchClient, load, percentile } from './lib/bench-http.js';

const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(serverUrl)) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a postgres:// URL.');

/** Half page/info, half item/info, each request to the next server in turn, as a load balancer would. */
async function measure(label: string, clients: BenchClient[], token: string, itemId: number, pageIds: number[]): Promise<void> {
  let turn = 0;
  const read = () => {
    const client = clients[turn++ % clients.length] as BenchClient;
    return turn % 2
      ? client.api('page/info', { page_id: String(pageIds[turn % pageIds.length]), user_token: token })
      : client.api('item/info', { item_id: String(itemId), user_token: token });
  };
  const { latencies, failed, elapsedMs } = await load(read, { concurrency: CONCURRENCY, durationMs: DURATION_MS });
  const pct = (p: number) => percentile(latencies, p).toFixed(1);
  console.log(`${label.padEnd(12)} ${(latencies.length / (elapsedMs / 1000)).toFixed(0).padStart(6)} req/s   p50 ${pct(0.5)} ms   p95 ${pct(0.95)} ms   failed ${failed} of ${latencies.length}`);
}

const dbName = `folio_bench_scale_${crypto.randomBytes(4).toString('hex')}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-scale-'));
const env = (name: string) => ({ NODE_ENV: 'test', FOLIO_PASSWORD_HASH: 'fast', LOG_LEVEL: 'warn', FOLIO_CAPTCHA: 'off', DATABASE_URL: databaseUrl(serverUrl, dbName), DATA_DIR: path.join(work, name) });
const servers: FolioProcess[] = [];
const clients: BenchClient[] = [];
await adminQuery(serverUrl, `create database "${dbName}"`);
try {
  const a = startFolio(await freePort(), env('a'));
  servers.push(a);
  await waitReady(a, 60_000);
  const ca = new BenchClient(a.port);
  clients.push(ca);
  const password = 'bench password 1';
  await ca.data('user/registerByVerify', { username: 'bench', password, confirm_password: password });
  const { user_token: token } = await ca.data<{ user_token: string }>('user/loginByVerify', { username: 'bench', password });
  const { item_id: itemId } = await ca.data<{ item_id: number }>('item/add', { item_name: 'Bench', item_type: '1', user_token: token });
  const pageIds: number[] = [];
  for (let i = 0; i < PAGES; i++) {
    const content = `# Page ${i}\n\n${'Some text for the reader. '.repeat(40)}`;
    pageIds.push((await ca.data<{ page_id: number }>('page/save', { item_id: String(itemId), page_title: `Page ${i}`, page_content: content, user_token: token })).page_id);
  }
  console.log(`read mix (page/info + item/info), ${CONCURRENCY} concurrent, ${DURATION_MS} ms each, ${os.cpus().length} cores, ${PAGES} pages`);
  await measure('1 server', [ca], token, itemId, pageIds);
  const b = startFolio(await freePort(), env('b'));
  servers.push(b);
  await waitReady(b, 60_000);
  const cb = new BenchClient(b.port);
  clients.push(cb);
  await measure('2 servers', [ca, cb], token, itemId, pageIds);
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  for (const client of clients) client.close();
  await adminQuery(serverUrl, `drop database if exists "${dbName}" with (force)`);
  fs.rmSync(work, { recursive: true, force: true });
}
