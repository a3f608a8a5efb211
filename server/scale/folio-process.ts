import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A Folio server run as `folio start` in a process of its own (two-servers.test.ts). */
export interface FolioProcess {
  port: number;
  base: string;
  child: ChildProcess;
  /** Everything it printed on stdout (its JSON log lines). */
  output(): string;
  /** Resolves with the exit code once it has gone. */
  exited: Promise<number | null>;
}

/** A port nothing listens on (shared with the LDAP tests' helper). */
export { freePort } from '../test/ldap-server.js';

/**
 * Starts Folio with exactly `env` (plus PATH), on `port`: the built bundle when FOLIO_SERVER_BUNDLE names it
 * (`npm test` builds before these tests and sets it: a bundle starts in a fraction of tsx's time), else
 * `node --import tsx server/main.ts start`.
 */
export function startFolio(port: number, env: Record<string, string>): FolioProcess {
  const bundle = process.env.FOLIO_SERVER_BUNDLE;
  const args = bundle ? [path.resolve(bundle), 'start'] : ['--import', 'tsx', fileURLToPath(new URL('../main.ts', import.meta.url)), 'start'];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then((code) => {
    if (code !== 0 && code !== null && err) console.error(`Folio on port ${port} exited ${code}: ${err}`);
  });
  return { port, base: `http://127.0.0.1:${port}`, child, output: () => out, exited };
}

/** Waits until `/ready` answers 200, or fails with what the server printed. */
export async function waitReady(server: FolioProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`Folio on port ${server.port} exited: ${server.output()}`);
    try {
      if ((await fetch(`${server.base}/ready`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Folio on port ${server.port} was not ready in ${timeoutMs} ms: ${server.output()}`);
}
