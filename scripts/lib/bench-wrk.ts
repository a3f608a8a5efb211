// Load from wrk (Debian's package) for the bench's throughput rows, and the raw node:http baseline they are
// compared with. wrk is a C program on its own thread, so the server, not the load generator, is what runs
// out of CPU first; a JavaScript generator in the same two cores would hide half the difference.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not HTTP 2xx/3xx, and socket errors. */
  failed: number;
}

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;
}

/** Milliseconds from wrk's `1.23ms`, `456.00us`, `1.02s`. */
function toMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
}

export function parseWrk(output: string): LoadResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const p50 = toMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const p99 = toMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps, p50, p99, failed: non2xx + socketErrors };
}

/** GETs `url` for `seconds` with `connections` keep-alive connections on one wrk thread. */
export function wrk(url: string, connections: number, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(parseWrk(output)));
  });
}

/** What the raw baseline answers: about 1 KB of JSON, the size of a page read. */
const BASELINE_SOURCE = `
const http = require('node:http');
const body = Buffer.from(JSON.stringify({ error_code: 0, data: { page_id: 1, page_title: 'x'.repeat(64), page_content: 'y'.repeat(900) } }));
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

/** A ten-line node:http server in a process of its own, as the ceiling Node allows on this machine. */
export async function startBaseline(): Promise<{ url: string; stop(): void }> {
  const child: ChildProcess = spawn(process.execPath, ['-e', BASELINE_SOURCE], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', () => reject(new Error('the baseline server did not start')));
  });
  // One request so the first measured second is not the server's warm-up.
  await new Promise<void>((resolve) => http.get(`http://127.0.0.1:${port}/`, (res) => res.resume().on('end', resolve)));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}
