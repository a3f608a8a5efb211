// `npx tsx scripts/flood.ts`: a 2,000-connection flood against Folio, to tell apart the failures that are
// the load generator's (sharing the machine's cores with the server) from those that are Folio's. Reports
// numbers; asserts nothing. Needs wrk (/usr/bin/wrk).
//
// Each row runs wrk for FLOOD_SECONDS against one target:
//   - a bare Node HTTP server answering a constant: what the machine and wrk lose with no Folio at all;
//   - Folio, with wrk's default 2 s timeout (slow answers are counted as failed) and with 30 s;
// and reads the kernel's listen-queue overflow counter (/proc/net/netstat ListenOverflows), which counts
// connection attempts dropped because the server's accept backlog was full.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LISTEN_BACKLOG } from '../server/http/timeouts.js';

const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 2000);
const SECONDS = Number(process.env.FLOOD_SECONDS ?? 15);
const THREADS = Number(process.env.FLOOD_THREADS ?? 2);
const URL_PATH = '/server/index.php?s=/api/common/version';
const run = promisify(execFile);

interface WrkResult {
  requests: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  non2xx: number;
  latencyP50: string;
  latencyP99: string;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listenOverflows(): Promise<number> {
  const text = await fs.promises.readFile('/proc/net/netstat', 'utf8');
  const lines = text.split('\n').filter((l) => l.startsWith('TcpExt:'));
  const names = lines[0]?.split(/\s+/) ?? [];
  const values = lines[1]?.split(/\s+/) ?? [];
  return Number(values[names.indexOf('ListenOverflows')] ?? 0);
}

async function wrk(port: number, timeout: string): Promise<WrkResult> {
  const { stdout } = await run('wrk', ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${SECONDS}s`, '--timeout', timeout, '--latency', `http://127.0.0.1:${port}${URL_PATH}`], {
    maxBuffer: 1 << 20,
  });
  const num = (re: RegExp) => Number(re.exec(stdout)?.[1] ?? 0);
  return {
    requests: num(/(\d+) requests in/),
    connect: num(/connect (\d+)/),
    read: num(/read (\d+)/),
    write: num(/write (\d+)/),
    timeout: num(/timeout (\d+)/),
    non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
    latencyP50: /50%\s+(\S+)/.exec(stdout)?.[1] ?? '?',
    latencyP99: /99%\s+(\S+)/.exec(stdout)?.[1] ?? '?',
  };
}

async function waitForServer(port: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: URL_PATH }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

function stop(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

async function row(label: string, port: number, timeout: string): Promise<void> {
  const before = await listenOverflows();
  const r = await wrk(port, timeout);
  const overflows = (await listenOverflows()) - before;
  const failed = r.connect + r.read + r.write + r.timeout + r.non2xx;
  const pct = (n: number) => ((100 * n) / Math.max(1, r.requests + r.connect + r.read + r.write + r.timeout)).toFixed(2);
  console.log(
    `${label.padEnd(44)} ${String(r.requests).padStart(7)} ${String(Math.round(r.requests / SECONDS)).padStart(6)}/s ` +
      `p50 ${r.latencyP50.padStart(8)} p99 ${r.latencyP99.padStart(8)}  failed ${String(failed).padStart(5)} (${pct(failed)} %): ` +
      `connect ${r.connect} read ${r.read} write ${r.write} timeout ${r.timeout} non-2xx ${r.non2xx}; listen overflows ${overflows}`,
  );
}

async function main() {
  console.log(`flood · ${os.cpus().length} cores · wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s · GET ${URL_PATH}`);
  console.log(`somaxconn ${fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim()}, open files ${(await run('sh', ['-c', 'ulimit -n'])).stdout.trim()}`);

  // The baseline: the same machine and generator, a server that does nothing, with Node's default accept
  // backlog (511) and with Folio's (LISTEN_BACKLOG).
  const bareServer = (port: number, backlog: number) =>
    spawn(
      process.execPath,
      ['-e', `require('http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"error_code":0,"data":"0"}'); }).listen({ port: ${port}, host: '127.0.0.1', backlog: ${backlog} })`],
      { stdio: 'inherit', detached: true },
    );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-flood-'));
  const folioPort = await freePort();
  let folio: ChildProcess | undefined;
  try {
    for (const backlog of [511, LISTEN_BACKLOG]) {
      const port = await freePort();
      const bare = bareServer(port, backlog);
      try {
        await waitForServer(port);
        await row(`bare node:http, backlog ${backlog}, 2 s timeout`, port, '2s');
        await row(`bare node:http, backlog ${backlog}, 30 s timeout`, port, '30s');
      } finally {
        stop(bare);
      }
    }

    folio = spawn('npx', ['tsx', 'server/main.ts', 'start'], {
      env: { ...process.env, PORT: String(folioPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', FOLIO_CAPTCHA: 'off', NODE_ENV: 'production' },
      stdio: 'inherit',
      detached: true,
    });
    await waitForServer(folioPort);
    await row(`Folio, backlog ${LISTEN_BACKLOG}, 2 s timeout (wrk default)`, folioPort, '2s');
    await row(`Folio, backlog ${LISTEN_BACKLOG}, 30 s timeout`, folioPort, '30s');
  } finally {
    if (folio) stop(folio);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
