// HTTP for the benchmarks that drive a Folio server from this process (bench.ts, bench-item-info.ts,
// bench-scale.ts): keep-alive requests, the envelope check, a timed load loop and its percentiles.
// Load from wrk is in bench-wrk.ts.
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';

export interface Answer {
  /** 0 when the connection was refused or reset: a failed request, not a crashed benchmark. */
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Left as bytes: decoding a large answer inside a timed request would be measured with it. */
  body: Buffer;
}

export interface RequestOptions {
  /** Sent form-urlencoded, as ShowDoc's clients send. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

const OK_PREFIX = Buffer.from('{"error_code":0');

/** HTTP 200 with the success envelope. */
export function succeeded(answer: Answer): boolean {
  return answer.status === 200 && answer.body.subarray(0, OK_PREFIX.length).equals(OK_PREFIX);
}

/** Requests to one server on 127.0.0.1 over keep-alive connections. */
export class BenchClient {
  private agent: http.Agent;

  constructor(
    readonly port: number,
    private readonly maxSockets = 256,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(method: string, urlPath: string, options: RequestOptions = {}): Promise<Answer> {
    const payload = options.form ? new URLSearchParams(options.form).toString() : undefined;
    const headers = payload
      ? { ...options.headers, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(payload)) }
      : { ...options.headers };
    return new Promise((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, method, path: urlPath, agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0) }));
      req.end(payload);
    });
  }

  /** POST `/api/<action>` with a form. */
  api(action: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request('POST', `/api/${action}`, { form, headers });
  }

  /** The `data` of a successful answer; anything else stops the benchmark with the server's message. */
  async data<T>(action: string, form: Record<string, string>): Promise<T> {
    const answer = await this.api(action, form);
    const envelope = JSON.parse(answer.body.toString() || '{}') as { error_code?: number; data: T; error_message?: string };
    if (envelope.error_code !== 0) throw new Error(`${action}: HTTP ${answer.status}, ${envelope.error_code ?? '?'} ${envelope.error_message ?? ''}`);
    return envelope.data;
  }

  /** Polls `common/version` until the server answers; a server started from source may take a while. */
  async waitUntilUp(attempts = 600): Promise<void> {
    for (let i = 0; ; i++) {
      if ((await this.request('GET', '/api/common/version')).status === 200) return;
      if (i >= attempts) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** New connections from here on: the server closes idle keep-alive sockets during a long pause (seeding). */
  reconnect(): void {
    this.agent.destroy();
    this.agent = new http.Agent({ keepAlive: true, maxSockets: this.maxSockets });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The value at fraction `p` of an ascending list (0 for an empty one). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

export interface LoadStats {
  /** Milliseconds per request, ascending. */
  latencies: number[];
  failed: number;
  /** The first failure, for the report: status and the start of the body. */
  firstFailure: string | undefined;
  /** Bytes of all answers received. */
  bytes: number;
  /** Wall time from the first request to the last answer. */
  elapsedMs: number;
}

/**
 * `concurrency` loops calling `call` back to back until `durationMs` has passed; an answer that is not
 * `succeeded` counts as failed.
 */
export async function load(call: () => Promise<Answer>, options: { concurrency: number; durationMs: number }): Promise<LoadStats> {
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  let bytes = 0;
  const started = performance.now();
  const end = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await call();
        latencies.push(performance.now() - t0);
        bytes += res.body.length;
        if (!succeeded(res)) {
          failed++;
          firstFailure ??= `HTTP ${res.status} ${res.body.subarray(0, 80).toString()}`;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, failed, firstFailure, bytes, elapsedMs: performance.now() - started };
}

/** Stops a server started `detached` (its own process group) and everything it started. */
export function stopProcessGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
