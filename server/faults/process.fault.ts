import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { hashPassword } from '../modules/user/password.js';
import { hashToken, newToken } from '../modules/user/tokens.js';
import { usernameKey } from '../modules/user/username.js';

/**
 * security.md G3 / §5.2 R1 (kill -9 during saves), R12 (SIGTERM through main.ts) and R9 (file descriptors
 * exhausted): the server runs as a real child process (`server/main.ts start` through tsx) on its own
 * database — an SQLite file, or a PostgreSQL database of its own when TEST_DATABASE_URL is set.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let database: TestDatabase;
let dataDir: string;
let token: string;
let itemId: number;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** Starts Folio and waits until it answers; `ulimit` caps its open files. */
async function startServer(options: { ulimit?: number } = {}): Promise<Server> {
  const port = await freePort();
  const command = `${options.ulimit ? `ulimit -n ${options.ulimit}; ` : ''}exec "${process.execPath}" --import tsx server/main.ts start`;
  const child = spawn('bash', ['-c', command], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: database.url, FOLIO_WEB_DIR: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/common/homePageSetting`, { method: 'POST' })).status < 500) return { child, url, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

async function save(server: Server, pageId: number, i: number): Promise<boolean> {
  const res = await fetch(`${server.url}/api/page/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-token': token },
    body: new URLSearchParams({ item_id: String(itemId), page_id: String(pageId), page_title: `title ${i}`, page_content: `content ${i} ${'x'.repeat(i % 500)}` }),
  });
  return res.status === 200 && ((await res.json()) as { error_code: number }).error_code === 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fault-'));
  const db = database.db;
  const now = Math.floor(Date.now() / 1000);
  const username = `fault_${crypto.randomBytes(3).toString('hex')}`;
  const user = await db
    .insertInto('user')
    .values({ username, username_key: usernameKey(username), groupid: 1, email: '', password: await hashPassword('correct horse 1'), reg_time: now, last_login_time: now })
    .returning('uid')
    .executeTakeFirstOrThrow();
  token = newToken();
  await db.insertInto('user_token').values({ uid: user.uid, token: hashToken(token), token_expire: now + 86400, ip: '127.0.0.1', addtime: now, last_check_time: now }).execute();
  const item = await db
    .insertInto('item')
    .values({ item_name: 'faults', item_description: '', uid: user.uid, username, password: '', addtime: now, last_update_time: now, item_domain: '', item_type: 1 })
    .returning('item_id')
    .executeTakeFirstOrThrow();
  itemId = item.item_id;
  // Every version stays in history, so each acknowledged save can be looked up afterwards.
  await db.insertInto('options').values({ option_name: 'history_version_count', option_value: '100000' }).execute();
});

afterAll(async () => {
  await database?.cleanup();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(server: Server): Promise<number> {
  const res = await fetch(`${server.url}/api/page/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-token': token },
    body: new URLSearchParams({ item_id: String(itemId), page_id: '0', page_title: 'title 0', page_content: 'content 0 ' }),
  });
  return ((await res.json()) as { data: { page_id: number } }).data.page_id;
}

/** Every acknowledged save of `pageId` is the page or in its history; title and body always of one version. */
async function expectAcknowledgedKept(pageId: number, acknowledged: number[]) {
  const page = await database.db.selectFrom('page').selectAll().where('page_id', '=', pageId).executeTakeFirstOrThrow();
  const history = await database.db.selectFrom('page_history').select(['page_title', 'page_content']).where('page_id', '=', pageId).execute();
  const versions = [...history, page].map((row) => {
    const fromTitle = Number(/^title (\d+)$/.exec(row.page_title)?.[1]);
    const fromContent = Number(/^content (\d+) /.exec(row.page_content)?.[1]);
    expect(fromContent, 'title and body of one version').toBe(fromTitle);
    return fromTitle;
  });
  const kept = new Set(versions);
  for (const i of acknowledged) expect(kept.has(i), `acknowledged save ${i}`).toBe(true);
  expect(page.version).toBe(history.length + 1);
}

/** `PRAGMA integrity_check` (FTS5 index included) on a fresh connection, as the restarted server opens it. */
function integrityOk() {
  if (database.dialect !== 'sqlite') return;
  const fresh = new Sqlite(database.url.replace(/^sqlite:/, ''), { readonly: true });
  try {
    expect(fresh.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    fresh.close();
  }
}

describe('faults with a real server process', () => {
  it('G3 · R1 · kill -9 during a stream of saves: after restart the database is intact and every acknowledged save is there', async () => {
    for (let round = 0; round < 3; round++) {
      let server = await startServer();
      const pageIds = await Promise.all([newPage(server), newPage(server), newPage(server), newPage(server)]);
      const acknowledged = pageIds.map(() => [] as number[]);
      let stop = false;
      const writers = pageIds.map(async (pageId, w) => {
        for (let i = 1; !stop; i++) {
          try {
            if (await save(server, pageId, i)) acknowledged[w]?.push(i);
          } catch {
            return; // the server is gone
          }
        }
      });
      // Killed once the loop is under way, at a moment that differs from round to round.
      while (acknowledged.flat().length < 20) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, crypto.randomInt(500)));
      server.child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await server.exited;
      expect(acknowledged.flat().length).toBeGreaterThan(0);

      server = await startServer();
      try {
        integrityOk();
        for (const [w, pageId] of pageIds.entries()) await expectAcknowledgedKept(pageId, acknowledged[w] ?? []);
        expect(await save(server, pageIds[0] ?? 0, 100000)).toBe(true);
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
  });

  it('R12 · SIGTERM with saves in flight: the process ends by itself, every answered save is kept, none is half-applied', async () => {
    const server = await startServer();
    const pageIds = await Promise.all(Array.from({ length: 20 }, () => newPage(server)));
    const outcomes = pageIds.map((pageId) => save(server, pageId, 1).catch(() => false));
    await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGTERM');
    const answered = await Promise.all(outcomes);
    expect(await server.exited).toBe(0);
    for (const [n, pageId] of pageIds.entries()) await expectAcknowledgedKept(pageId, answered[n] ? [1] : []);
    integrityOk();
  });

  it('R9 · 1,000 sockets against a server limited to 256 open files: it stays up, and answers again once they close', async () => {
    const server = await startServer({ ulimit: 256 });
    try {
      const pageId = await newPage(server);
      const { port } = new URL(server.url);
      const sockets: net.Socket[] = [];
      for (let i = 0; i < 1000; i++) {
        const socket = net.connect(Number(port), '127.0.0.1');
        socket.on('error', () => undefined);
        sockets.push(socket);
      }
      await new Promise((r) => setTimeout(r, 1000));
      for (const socket of sockets) socket.destroy();
      expect(server.child.exitCode).toBeNull();
      let ok = false;
      for (let i = 0; i < 100 && !ok; i++) {
        ok = await save(server, pageId, 1).catch(() => false);
        if (!ok) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ok).toBe(true);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});
