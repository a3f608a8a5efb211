// Idle memory and start time of the built server (issue 21: ≤ 100 MB RSS idle, start < 1 s at 100,000 pages).
// Starts dist/server/main.js (or `node scripts/start.mjs`, the process `npm start` serves in) on a data
// directory, times until /api/common/version answers, waits, then reads VmRSS and VmHWM from /proc.
//
//   npx tsx scripts/idle-memory.ts [--runs 3] [--wait 5] [--seed 100000] [--npm-start] [--node-flags "…"] [--main dist/server/main.js]
//
// --seed N seeds an SQLite database of N pages (projects of 100 pages, scripts/seed-large.ts) once into
// $TMPDIR/folio-idle-seed-N and reuses it on later runs; without it each run starts on an empty directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Options {
  runs: number;
  waitSeconds: number;
  seedPages: number;
  npmStart: boolean;
  nodeFlags: string[];
  /** Another build of the server to measure (experiments with build settings). */
  main: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { runs: 3, waitSeconds: 5, seedPages: 0, npmStart: false, nodeFlags: [], main: 'dist/server/main.js' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--runs') options.runs = Number(value());
    else if (arg === '--wait') options.waitSeconds = Number(value());
    else if (arg === '--seed') options.seedPages = Number(value());
    else if (arg === '--npm-start') options.npmStart = true;
    else if (arg === '--main') options.main = value();
    else if (arg === '--node-flags') options.nodeFlags = value().split(/\s+/).filter(Boolean);
    else throw new Error(`unknown argument ${arg}`);
  }
  return options;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function versionAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/common/version', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => req.destroy());
  });
}

/** kB figures of /proc/<pid>/status. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** An SQLite data directory with `pages` pages, seeded once and reused. */
async function seededDataDir(pages: number): Promise<string> {
  const dir = path.join(os.tmpdir(), `folio-idle-seed-${pages}`);
  const done = path.join(dir, '.seeded');
  if (fs.existsSync(done)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // Imported here so that a run without --seed loads nothing of the server's sources.
  const { openDatabase } = await import('../server/db/database.js');
  const { migrateToLatest } = await import('../server/db/migrate.js');
  const { seedLargeAccount } = await import('./seed-large.js');
  const database = openDatabase(`sqlite:${path.join(dir, 'folio.db')}`);
  await migrateToLatest(database);
  const owner = await database.db
    .insertInto('user')
    .values({ username: 'seed', username_key: 'seed' })
    .returning('uid')
    .executeTakeFirstOrThrow();
  const started = Date.now();
  const pagesPerProject = 100;
  await seedLargeAccount(database.db, owner.uid, Math.ceil(pages / pagesPerProject), pagesPerProject);
  await database.close();
  console.log(`seeded ${pages} pages into ${dir} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  fs.writeFileSync(done, new Date().toISOString());
  return dir;
}

interface Sample {
  startMs: number;
  rssMb: number;
  hwmMb: number;
}

async function measureOnce(options: Options, dataDir: string): Promise<Sample> {
  const port = await freePort();
  const args = options.npmStart ? [...options.nodeFlags, 'scripts/start.mjs'] : [...options.nodeFlags, options.main, 'start'];
  const started = performance.now();
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      if (await versionAnswers(port)) break;
      if (performance.now() - started > 120_000) throw new Error('server did not answer in 120 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    const startMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, options.waitSeconds * 1000));
    const pid = server.pid;
    if (pid === undefined) throw new Error('no pid');
    const { rss, hwm } = memoryOf(pid);
    return { startMs, rssMb: rss / 1024, hwmMb: hwm / 1024 };
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!options.npmStart && !fs.existsSync(path.resolve(root, options.main))) throw new Error('build first: npm run build:server');
  const seeded = options.seedPages > 0 ? await seededDataDir(options.seedPages) : null;
  const target = options.npmStart ? 'node scripts/start.mjs' : `node ${options.main} start`;
  console.log(`${target}${options.nodeFlags.length ? ` (${options.nodeFlags.join(' ')})` : ''} · ${seeded ? `${options.seedPages} pages` : 'empty data dir'} · idle ${options.waitSeconds} s · load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`${'run'.padEnd(5)} ${'start ms'.padStart(9)} ${'VmRSS MB'.padStart(9)} ${'VmHWM MB'.padStart(9)}`);
  const samples: Sample[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const dataDir = seeded ?? fs.mkdtempSync(path.join(os.tmpdir(), 'folio-idle-'));
    try {
      const sample = await measureOnce(options, dataDir);
      samples.push(sample);
      console.log(`${String(run).padEnd(5)} ${sample.startMs.toFixed(0).padStart(9)} ${sample.rssMb.toFixed(1).padStart(9)} ${sample.hwmMb.toFixed(1).padStart(9)}`);
    } finally {
      if (!seeded) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `${'median'.padEnd(5)} ${median(samples.map((s) => s.startMs)).toFixed(0).padStart(9)} ${median(samples.map((s) => s.rssMb)).toFixed(1).padStart(9)} ${median(samples.map((s) => s.hwmMb)).toFixed(1).padStart(9)}`,
  );
}

await main();
