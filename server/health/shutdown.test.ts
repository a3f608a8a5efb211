import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = seen.match(pattern);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before printing ${pattern}: ${seen}`)));
  });
}

describe('graceful shutdown (issue 24)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-scale-shutdown-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('on SIGTERM: stops taking connections, finishes the request in flight, closes the database, exits 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./shutdown.child.ts', import.meta.url)), dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const port = Number((await waitForLine(child, /listening (\d+)/))[1]);
      expect((await get(port, '/ready')).status).toBe(200);
      const closed = waitForLine(child, /database closed/);
      const inFlight = get(port, '/api/test/slow');
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The listener is closed: a balancer's new connection is refused, so it goes to another server.
      await expect(get(port, '/ready')).rejects.toThrow(/ECONNREFUSED/);
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ error_code: 0, data: { finished: true } });
      await closed;
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);
});
