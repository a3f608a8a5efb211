import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser } from '../test/factories.js';
import { createItem, projectWithRoles, type ProjectWithRoles } from '../test/item-factories.js';
import { createPage, historyRows, pageRow, savePage } from '../test/page-factories.js';
import { PNG, uploadTo } from '../test/upload-helpers.js';
import type { BlobStore } from '../storage/blob-store.js';
import { driverError, withFault, type Fault } from './fault-plugin.js';

/**
 * security.md §4 G: data integrity under concurrency and failure. G1 (two saves at once) and G4 (moves that
 * would make a cycle) are proven where those features are tested: server/modules/page/save.test.ts and
 * server/modules/catalog/{catalog,bat-update}.test.ts. G3 (kill -9) runs a real process: server/faults/.
 */

let t: TestApp;
let p: ProjectWithRoles;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  t = await startTestApp();
  await registerUser(t); // the site administrator
  p = await projectWithRoles(t);
});
afterAll(() => t?.close());

async function withStorage<T>(storage: BlobStore, work: () => Promise<T>): Promise<T> {
  const healthy = t.app.services.storage;
  t.app.services.storage = storage;
  try {
    return await work();
  } finally {
    t.app.services.storage = healthy;
  }
}

const changeLogCount = async (pageId: number) =>
  Number((await t.database.db.selectFrom('item_change_log').select((eb) => eb.fn.countAll().as('n')).where('op_object_id', '=', pageId).executeTakeFirstOrThrow()).n);

/** Every file under the uploads folder, as storage keys ("ab/ab…"). */
function blobsOnDisk(): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** No stored file without its row, and no row without its bytes. */
async function expectFilesConsistent() {
  const keys = (await t.database.db.selectFrom('upload_file').select('storage_key').execute()).map((r) => r.storage_key).filter(Boolean).sort();
  expect(blobsOnDisk().sort()).toEqual(keys);
}

describe('G · data integrity under concurrency and failure', () => {
  it('G2 · a save is one transaction: a failure after any of its steps leaves page, history and change log as they were', async () => {
    const page = await createPage(t, p.owner, p.item.item_id, { content: 'before' });
    const steps: [string, string][] = [
      ['InsertQueryNode', 'page_history'],
      ['UpdateQueryNode', 'page'],
      ['InsertQueryNode', 'item_change_log'],
      ['UpdateQueryNode', 'item'],
    ];
    const logBefore = await changeLogCount(page.page_id);
    for (const [kind, table] of steps) {
      const fault: Fault = { when: (k, tb) => k === kind && tb === table, error: () => driverError('EIO', `injected after ${table}`) };
      const res = await withFault(t, fault, () => savePage(t, p.owner, { item_id: p.item.item_id, page_id: page.page_id, page_title: 'T', page_content: `after ${table}` }));
      expect(res.error_code, table).toBe(10500);
      expect(res.error_message, table).not.toContain('injected');
      expect(await pageRow(t, page.page_id), table).toMatchObject({ page_content: 'before', version: 1 });
      expect(await historyRows(t, page.page_id), table).toEqual([]);
      expect(await changeLogCount(page.page_id), table).toBe(logBefore);
    }
    // The same save goes through once nothing fails.
    expect((await savePage(t, p.owner, { item_id: p.item.item_id, page_id: page.page_id, page_title: 'T', page_content: 'after' })).error_code).toBe(0);
    expect((await historyRows(t, page.page_id)).map((h) => h.page_content)).toEqual(['before']);
  });

  it('G5 · uploads racing the deletion of their project leave no bytes without a row and no row without bytes; later uploads are refused', async () => {
    const owner = await registerUser(t);
    for (let round = 0; round < 5; round++) {
      const item = await createItem(t, owner);
      const page = await createPage(t, owner, item.item_id);
      const uploads = Array.from({ length: 4 }, (_, i) =>
        uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: page.page_id }, { filename: `r${round}-${i}.png`, data: PNG, contentType: 'image/png' }, owner.token),
      );
      const [deleted] = await Promise.all([t.call('item/delete', { item_id: item.item_id, password: owner.password }, { token: owner.token }), ...uploads]);
      expect(deleted.error_code).toBe(0);
      await expectFilesConsistent();
      const late = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: page.page_id }, { filename: 'late.png', data: PNG, contentType: 'image/png' }, owner.token);
      expect(late.body.success).not.toBe(1);
      await expectFilesConsistent();
    }
  });

  it('G6 · a member removed while editing cannot save any more; the page keeps the text saved before', async () => {
    const member = await registerUser(t);
    const page = await createPage(t, p.owner, p.item.item_id, { content: 'owner text' });
    const added = await t.call('member/save', { item_id: p.item.item_id, username: member.username, member_group_id: 1 }, { token: p.owner.token });
    expect(added.error_code).toBe(0);
    const first = await savePage(t, member, { item_id: p.item.item_id, page_id: page.page_id, page_title: 'T', page_content: 'member text' });
    expect(first.error_code).toBe(0);
    const memberId = (added.data as { id: number }).id;
    expect((await t.call('member/delete', { item_id: p.item.item_id, item_member_id: memberId }, { token: p.owner.token })).error_code).toBe(0);
    const after = await savePage(t, member, { item_id: p.item.item_id, page_id: page.page_id, page_title: 'T', page_content: 'after removal', version: 2 });
    expect([10303, 10103, 10307]).toContain(after.error_code);
    expect(await pageRow(t, page.page_id)).toMatchObject({ page_content: 'member text', version: 2 });
  });

  it.skipIf(onPostgres)('G7 · another process holding BEGIN EXCLUSIVE: a save gets a retryable busy envelope (503) and changes nothing; reads go on; it recovers when the lock goes (SQLite)', async () => {
    const page = await createPage(t, p.owner, p.item.item_id, { content: 'unlocked' });
    const other = new Sqlite(t.database.url.replace(/^sqlite:/, ''));
    // Waits of the app's connection are shortened so the test stays fast (production: busy_timeout 5 s). A save
    // reads before it writes, and SQLite answers a read transaction's upgrade with SQLITE_BUSY without waiting.
    await sql`PRAGMA busy_timeout = 200`.execute(t.database.db);
    try {
      other.exec('BEGIN EXCLUSIVE');
      const busy = await savePage(t, p.owner, { item_id: p.item.item_id, page_id: page.page_id, page_title: 'T', page_content: 'while locked' });
      expect(busy.response.statusCode).toBe(503);
      expect(busy.error_code).toBe(10500);
      expect(busy.response.headers['retry-after']).toBeDefined();
      expect(busy.error_message).not.toMatch(/SQLITE|database/i);
      expect(await pageRow(t, page.page_id)).toMatchObject({ page_content: 'unlocked', version: 1 });
      // Reads go on: WAL lets readers past a writer.
      expect((await t.call('page/info', { page_id: page.page_id }, { token: p.owner.token })).error_code).toBe(0);
      other.exec('COMMIT');
      expect((await savePage(t, p.owner, { item_id: p.item.item_id, page_id: page.page_id, page_title: 'T', page_content: 'after the lock' })).error_code).toBe(0);
      expect(await pageRow(t, page.page_id)).toMatchObject({ page_content: 'after the lock', version: 2 });
      expect(other.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await sql`PRAGMA busy_timeout = 5000`.execute(t.database.db);
    }
  });

  it('G8 · disk full during a save: an error envelope without details, the page and its history unchanged, the next save works', async () => {
    const page = await createPage(t, p.owner, p.item.item_id, { content: 'small' });
    const big = 'x'.repeat(400_000);
    const save = (content: string) => savePage(t, p.owner, { item_id: p.item.item_id, page_id: page.page_id, page_title: 'T', page_content: content });
    let full;
    if (onPostgres) {
      // PostgreSQL's "disk full" (SQLSTATE 53100) as the driver reports it, raised after the page row was written.
      full = await withFault(t, { when: (k, tb) => k === 'UpdateQueryNode' && tb === 'page', error: () => driverError('53100', 'could not extend file: No space left on device') }, () => save(big));
    } else {
      // SQLite's own "database or disk is full": the file may not grow by another page.
      const pages = Number((await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.database.db)).rows[0]?.page_count);
      await sql.raw(`PRAGMA max_page_count = ${pages + 2}`).execute(t.database.db);
      try {
        full = await save(big);
      } finally {
        await sql.raw('PRAGMA max_page_count = 4294967294').execute(t.database.db);
      }
    }
    expect(full.response.statusCode).toBeGreaterThanOrEqual(500);
    expect(full.error_code).toBe(10500);
    expect(full.error_message).not.toMatch(/SQLITE|space|disk|extend/i);
    expect(await pageRow(t, page.page_id)).toMatchObject({ page_content: 'small', version: 1 });
    expect(await historyRows(t, page.page_id)).toEqual([]);
    if (!onPostgres) expect((await sql<{ quick_check: string }>`PRAGMA quick_check`.execute(t.database.db)).rows[0]?.quick_check).toBe('ok');
    expect((await save(big)).error_code).toBe(0);
    expect((await pageRow(t, page.page_id)).version).toBe(2);
  });

  it('G8 · disk full or an I/O error while storing an upload, or while recording it: an error envelope, no row, no file left behind; the next upload works', async () => {
    const page = await createPage(t, p.owner, p.item.item_id);
    const healthy = t.app.services.storage;
    const rowsBefore = (await t.database.db.selectFrom('upload_file').select('file_id').execute()).length;
    const upload = () => uploadTo(t, 'page/upload', { item_id: p.item.item_id, page_id: page.page_id }, { filename: 'a.png', data: PNG }, p.owner.token);
    const expectRefusedCleanly = async (res: Awaited<ReturnType<typeof upload>>, label: string) => {
      expect(res.status, label).toBeGreaterThanOrEqual(500);
      expect(res.body.error_code, label).toBe(10500);
      expect(JSON.stringify(res.body), label).not.toMatch(/ENOSPC|EIO|SQLITE|uploads|\/tmp/);
      expect((await t.database.db.selectFrom('upload_file').select('file_id').execute()).length, label).toBe(rowsBefore);
      await expectFilesConsistent();
    };
    for (const code of ['ENOSPC', 'EIO']) {
      // The store refuses the bytes (what a half-written temporary file leaves is the store's own sweep: R2).
      const failing: BlobStore = { ...healthy, put: () => Promise.reject(driverError(code, `${code}: write failed`)) };
      await expectRefusedCleanly(await withStorage(failing, upload), `storing, ${code}`);
      // The bytes are stored, then the database cannot record them: the bytes must go again.
      const dbFull = onPostgres ? driverError('53100', 'could not extend file') : driverError('SQLITE_FULL', 'database or disk is full');
      await expectRefusedCleanly(await withFault(t, { when: (k, tb) => k === 'InsertQueryNode' && tb === 'upload_file', error: () => dbFull }, upload), `recording, ${code}`);
    }
    expect((await upload()).body.success).toBe(1);
    await expectFilesConsistent();
  });
});
