import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { isBookkeepingTable } from '../db/bookkeeping-tables.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateTo, migrateToLatest } from '../db/migrate.js';
import { usernameKey } from '../modules/user/username.js';
import { startTestApp, TestClock, type TestApp } from '../test/harness.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { createItem, type TestItem } from '../test/item-factories.js';
import { createPage } from '../test/page-factories.js';
import { PNG, signOf, uploadTo } from '../test/upload-helpers.js';
import { runBackupCommand, runRestoreCommand } from './cli.js';
import { runBackup } from './backup.js';
import { RestoreRefused, runRestore } from './restore.js';
import { appliedMigrations } from './table-catalog.js';

const quiet = { out: () => undefined, err: () => undefined };

/** A save the server answered with error_code 0: page `page_id` then held version `version` of writer `writer`. */
interface Ack {
  page_id: number;
  content: string;
}

let t: TestApp;
let owner: TestUser;
let item: TestItem;
let scratch: string;
const attachments: { sign: string; data: Buffer }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-backup-test-'));
  owner = await registerUser(t);
  item = await createItem(t, owner);
  const page = await createPage(t, owner, item.item_id);
  for (let i = 0; i < 4; i++) {
    // Distinct bytes each: a PNG with random trailing bytes is still sniffed as a PNG.
    const data = Buffer.concat([PNG, crypto.randomBytes(2000 + i * 700)]);
    const res = await uploadTo(
      t,
      'page/uploadImg',
      { item_id: item.item_id, page_id: page.page_id },
      { field: 'editormd-image-file', filename: `shot${i}.png`, data, contentType: 'image/png' },
      owner.token,
    );
    attachments.push({ sign: signOf(res.body.url), data });
  }
});

afterAll(async () => {
  await t?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

let requests = 0;
/** page/save as the owner, each from an address of its own so the write rate limit stays out of the way. */
async function save(params: Record<string, unknown>): Promise<{ error_code: number; page_id: number }> {
  const n = requests++;
  const res = await t.call('page/save', { item_id: item.item_id, cat_id: 0, ...params }, { token: owner.token, remoteAddress: `10.77.${(n >> 8) & 255}.${n & 255}` });
  return { error_code: res.error_code, page_id: (res.data as { page_id?: number } | undefined)?.page_id ?? 0 };
}

/**
 * Saves until told to stop: new pages, and new versions of one page per writer, recording every save
 * the server acknowledged in the order the acknowledgements arrived.
 */
function startSaving(acks: Ack[]): { stop(): Promise<void> } {
  let stopped = false;
  const writer = async (w: number) => {
    let own = 0;
    for (let n = 0; !stopped; n++) {
      const content = `writer ${w} save ${n} ${crypto.randomBytes(6).toString('hex')}`;
      const res = await save({ page_id: n % 2 === 1 && own ? own : 0, page_title: `w${w}`, page_content: content });
      if (res.error_code !== 0) continue;
      if (!own) own = res.page_id;
      acks.push({ page_id: res.page_id, content });
    }
  };
  const writers = [writer(1), writer(2)];
  return {
    async stop() {
      stopped = true;
      await Promise.all(writers);
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

interface Site {
  config: Config;
  database: Database;
  cleanup(): Promise<void>;
}

/** A new, migrated, empty site: what `folio migrate` makes on a fresh DATA_DIR (or database). */
async function emptySite(kind: 'test' | 'sqlite' = 'test', secret: string | null = t.config.secret): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'site-'));
  let database: Database & { url: string };
  let cleanup: () => Promise<void>;
  if (kind === 'test') {
    const created: TestDatabase = await createTestDatabase();
    database = created;
    cleanup = () => created.cleanup();
  } else {
    const url = `sqlite:${path.join(dataDir, 'folio.db')}`;
    const opened = openDatabase(url);
    await migrateToLatest(opened);
    database = { ...opened, url };
    cleanup = () => opened.close();
  }
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }, { databaseUrl: database.url, dataDir, webDir: null, secret });
  return { config, database, cleanup };
}

/** Opens the restored site as the server would and checks what it serves. */
async function expectServes(site: Site, acked: Ack[]): Promise<void> {
  if (site.database.dialect === 'sqlite') {
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(site.database.db);
    expect(check.rows[0]?.integrity_check).toBe('ok');
  }
  const pages = await site.database.db.selectFrom('page').select(['page_id', 'page_content']).execute();
  const byId = new Map(pages.map((p) => [p.page_id, p.page_content]));
  // A page saved again later may hold a newer version; never an older one, and never none.
  const lastAcked = new Map<number, number>();
  acked.forEach((ack, index) => lastAcked.set(ack.page_id, index));
  const missing = [...lastAcked].filter(([pageId, index]) => {
    const content = byId.get(pageId);
    if (content === undefined) return true;
    const [, writer, version] = /^writer (\d+) save (\d+)/.exec(content) ?? [];
    const [, ackWriter, ackVersion] = /^writer (\d+) save (\d+)/.exec(acked[index]!.content) ?? [];
    return writer !== ackWriter || Number(version) < Number(ackVersion);
  });
  expect(missing).toEqual([]);

  const app = await buildApp(site.config, { database: site.database, clock: new TestClock(), logger: false });
  try {
    for (const { sign, data } of attachments) {
      const res = await app.inject({ method: 'GET', url: `/server/index.php?s=/api/attachment/visitFile&sign=${sign}` });
      expect(res.statusCode).toBe(200);
      expect(crypto.createHash('sha256').update(res.rawPayload).digest('hex')).toBe(crypto.createHash('sha256').update(data).digest('hex'));
    }
    // The owner's token still works, and new rows get ids after the restored ones (PostgreSQL sequences).
    const res = await app.inject({
      method: 'POST',
      url: '/api/page/save',
      payload: { item_id: item.item_id, page_id: 0, cat_id: 0, page_title: 'after restore', page_content: 'new', user_token: owner.token },
    });
    expect(res.json()).toMatchObject({ error_code: 0 });
  } finally {
    await app.close();
  }
}

describe('folio backup / restore', () => {
  let backupFile: string;
  let ackedBefore: Ack[];

  it('backs up a running site while saves go on, and the restore holds every save acknowledged before the backup began', async () => {
    const acks: Ack[] = [];
    const saving = startSaving(acks);
    try {
      await until(() => acks.length >= 20);
      // Taken while both writers have a save in flight; they keep saving until the file is written.
      ackedBefore = acks.slice();
      backupFile = path.join(scratch, 'site.folio-backup.zip');
      const lines: string[] = [];
      expect(await runBackupCommand(t.config, [backupFile], { out: () => undefined, err: (line) => lines.push(line) })).toBe(0);
      expect(lines).toEqual([]);
    } finally {
      await saving.stop();
    }
    expect(acks.length).toBeGreaterThan(ackedBefore.length);

    const site = await emptySite();
    try {
      await runRestore(site.config, backupFile, quiet);
      await expectServes(site, ackedBefore);
    } finally {
      await site.cleanup();
    }
  });

  it('refuses to restore into a site that already has a user, and changes nothing there', async () => {
    const site = await emptySite();
    try {
      await site.database.db
        .insertInto('user')
        .values({ username: 'already-here', username_key: usernameKey('already-here'), groupid: 1, email: '', password: 'x', reg_time: 1, last_login_time: 1 })
        .execute();
      await expect(runRestore(site.config, backupFile, quiet)).rejects.toThrow(RestoreRefused);
      const lines: string[] = [];
      expect(await runRestoreCommand(site.config, [backupFile], { out: () => undefined, err: (line) => lines.push(line) })).toBe(3);
      expect(lines.join('\n')).toMatch(/not empty/);
      expect(await site.database.db.selectFrom('user').select('username').execute()).toEqual([{ username: 'already-here' }]);
      expect(await site.database.db.selectFrom('page').select('page_id').execute()).toEqual([]);
      expect(fs.existsSync(path.join(site.config.dataDir, 'uploads'))).toBe(false);
    } finally {
      await site.cleanup();
    }
  });

  it('never overwrites an existing backup file', async () => {
    const lines: string[] = [];
    expect(await runBackupCommand(t.config, [backupFile], { out: () => undefined, err: (line) => lines.push(line) })).toBe(3);
    expect(lines.join('\n')).toMatch(/already exists/);
  });

  it('restores a backup made at an older schema level and brings the site up to the latest one', async () => {
    const older = await emptySite('sqlite');
    const site = await emptySite();
    try {
      const all = await appliedMigrations(older.database.db as unknown as Kysely<unknown>);
      await migrateTo(older.database, all[all.length - 2]!);
      await older.database.db
        .insertInto('user')
        .values({ username: 'from-older', username_key: usernameKey('from-older'), groupid: 2, email: '', password: 'x', reg_time: 1, last_login_time: 1 })
        .execute();
      const file = path.join(scratch, 'older.zip');
      expect((await runBackup(older.config, file, quiet)).migrations).toEqual(all.slice(0, -1));
      await runRestore(site.config, file, quiet);
      expect(await appliedMigrations(site.database.db as unknown as Kysely<unknown>)).toEqual(all);
      expect(await site.database.db.selectFrom('user').select('username').execute()).toEqual([{ username: 'from-older' }]);
    } finally {
      await older.cleanup();
      await site.cleanup();
    }
  });

  it("leaves the machinery's own tables out: rate-limit counters and job leases stay behind", async () => {
    const source = await emptySite();
    const site = await emptySite();
    try {
      await source.database.db.insertInto('user').values({ username: 'counted', username_key: usernameKey('counted'), groupid: 2, email: '', password: 'x', reg_time: 1, last_login_time: 1 }).execute();
      await source.database.db.insertInto('rate_limit_window').values({ bucket: 'captcha:127.0.0.1', hits: 3, expires_at: Date.now() + 60_000 }).execute();
      await source.database.db.insertInto('job_lease').values({ job_name: 'rate-limit-cleanup', holder: 'old-server:1:abcd', lease_until: Date.now() + 3_600_000 }).execute();
      const file = path.join(scratch, 'bookkeeping.zip');
      const manifest = await runBackup(source.config, file, quiet);
      const names = manifest.tables.map((table) => table.name);
      expect(names).toContain('user');
      expect(names.filter((name) => isBookkeepingTable(name))).toEqual([]);
      await runRestore(site.config, file, quiet);
      expect(await site.database.db.selectFrom('user').select('username').execute()).toEqual([{ username: 'counted' }]);
      expect(await site.database.db.selectFrom('rate_limit_window').selectAll().execute()).toEqual([]);
      expect(await site.database.db.selectFrom('job_lease').selectAll().execute()).toEqual([]);
    } finally {
      await source.cleanup();
      await site.cleanup();
    }
  });

  it('carries DATA_DIR/secret.key over, the key its open-API tokens are sealed with', async () => {
    const source = await emptySite('sqlite', null);
    const site = await emptySite('sqlite', null);
    try {
      const key = crypto.randomBytes(32).toString('hex');
      fs.writeFileSync(path.join(source.config.dataDir, 'secret.key'), key);
      fs.writeFileSync(path.join(site.config.dataDir, 'secret.key'), crypto.randomBytes(32).toString('hex'));
      const file = path.join(scratch, 'with-secret.zip');
      expect((await runBackup(source.config, file, quiet)).secretKey).toBe(true);
      await runRestore(site.config, file, quiet);
      expect(fs.readFileSync(path.join(site.config.dataDir, 'secret.key'), 'utf8')).toBe(key);
    } finally {
      await source.cleanup();
      await site.cleanup();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('restores a PostgreSQL backup into SQLite, and that SQLite site’s backup into PostgreSQL', async () => {
    const sqliteSite = await emptySite('sqlite');
    const pgSite = await emptySite('test');
    try {
      await runRestore(sqliteSite.config, backupFile, quiet);
      const second = path.join(scratch, 'from-sqlite.zip');
      expect((await runBackup(sqliteSite.config, second, quiet)).dialect).toBe('sqlite');
      await runRestore(pgSite.config, second, quiet);
      await expectServes(pgSite, ackedBefore);
    } finally {
      await sqliteSite.cleanup();
      await pgSite.cleanup();
    }
  });
});
