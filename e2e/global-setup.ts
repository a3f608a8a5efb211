import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from './workers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One Folio per worker (index: VITEST_POOL_ID - 1), so journeys that change site settings never meet. */
    servers: { baseURL: string; dbFile: string }[];
    browserEndpoint: string;
  }
}

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * CHROMIUM_PATH, else Debian's old headless shell (chromium-headless-shell: the same Blink without the
 * desktop browser's compositor, about a third less time for the journeys on two cores), else Chromium.
 */
function browserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((b) => fs.existsSync(b)) ?? '/usr/bin/chromium';
}

interface Started {
  baseURL: string;
  dbFile: string;
  stop(): Promise<void>;
}

/**
 * Starts one built app (dist/) per worker, each on a free port with its own empty data folder, and one
 * Chromium for the whole run: spec files connect to it (a launch costs about a second of a two-core
 * machine's time, per file) and each test still gets fresh browser contexts of its own.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '..');
  const main = path.join(root, 'dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error('dist/ is missing: run `npm run build` first (scripts/e2e.mjs does).');
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startFolio(root, main)));
  const stopAll = () => Promise.all(servers.map((s) => s.stop()));
  const browser = await chromium.launchServer({ executablePath: browserPath(), args: CHROMIUM_FLAGS }).catch(async (error: unknown) => {
    await stopAll();
    throw error;
  });
  project.provide('servers', servers.map(({ baseURL, dbFile }) => ({ baseURL, dbFile })));
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await stopAll();
  };
}

async function startFolio(root: string, main: string): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-e2e-'));
  const port = await freePort();
  const log: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [main, 'start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const exited = child.exitCode === null ? new Promise((r) => child.once('exit', r)) : Promise.resolve();
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(`${baseURL}/api/common/version`, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dbFile: path.join(dataDir, 'folio.db'), stop };
}

async function waitForServer(url: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Folio exited during start:\n${log.join('')}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Folio did not start within 30 s:\n${log.join('')}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
