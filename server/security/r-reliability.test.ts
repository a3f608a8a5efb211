import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { buildZip, footprint, importFile } from '../test/import-helpers.js';
import { createItem, type TestItem } from '../test/item-factories.js';
import { createPage, historyRows, pageRow, savePage, setSiteOption } from '../test/page-factories.js';
import { PNG } from '../test/upload-helpers.js';
import { driverError, withFault, type Fault } from './fault-plugin.js';

/**
 * security.md §5.2, the fault scenarios that run in-process: R3 (an import cut off half way), R5 (I/O errors
 * during a stream of saves), R12 (stopping with saves in flight) and R14 (PostgreSQL cutting connections).
 * The ones that need a process to kill are in server/faults/.
 */

let t: TestApp;
let owner: TestUser;
let item: TestItem;
const pgUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  item = await createItem(t, owner);
});
afterAll(() => t?.close());

/** A small deterministic generator, so a failing run fails the same way again. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** A ShowDoc export of `pages` pages in ten catalogs, with an image. */
function bigExport(pages: number) {
  const catalogs = Array.from({ length: 10 }, (_, c) => ({
    cat_id: String(100 + c),
    cat_name: `Part ${c}`,
    parent_cat_id: '0',
    level: '2',
    s_number: String(c + 1),
    pages: Array.from({ length: pages / 10 }, (_, i) => ({ page_id: String(c * 1000 + i + 1), page_title: `Page ${c}.${i}`, cat_id: String(100 + c), page_content: `text ${c}.${i} ![logo](images/logo.png)`, s_number: String(i + 1), page_comments: '' })),
    catalogs: [],
  }));
  return buildZip([
    { name: 'info.json', data: JSON.stringify({ item_type: '1', item_name: 'Big', item_description: '', password: '', pages: { pages: [], catalogs } }) },
    { name: 'images/logo.png', data: PNG },
  ]);
}

describe('R · fault scenarios (§5.2)', () => {
  it('R3 · an import cut off half way (the 150th page fails to write) leaves no project, no page, no file row and no stored image', async () => {
    const zip = await bigExport(300);
    const before = await footprint(t);
    let pagesWritten = 0;
    const fault: Fault = {
      when: (kind, table) => kind === 'InsertQueryNode' && table === 'page' && ++pagesWritten === 150,
      error: () => driverError('EIO', 'disk I/O error'),
    };
    const res = await withFault(t, fault, () => importFile(t, owner, { filename: 'big.zip', data: zip }));
    expect(pagesWritten).toBeGreaterThanOrEqual(150);
    expect(res.error_code).not.toBe(0);
    expect(await footprint(t)).toEqual(before);
    // Nothing is wedged: the same import then goes through whole.
    const ok = await importFile(t, owner, { filename: 'big.zip', data: zip });
    expect(ok.error_code).toBe(0);
    const after = await footprint(t);
    expect(after.pages - before.pages).toBe(300);
    expect(after.items - before.items).toBe(1);
  });

  it('R5 · I/O errors on one write in eight during 80 saves: every acknowledged save is kept, every failed one left no trace', async () => {
    await setSiteOption(t, 'history_version_count', '200');
    try {
      const page = await createPage(t, owner, item.item_id, { content: 'v0' });
      const random = seeded(22);
      const fault: Fault = {
        when: (kind) => (kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode') && random() < 1 / 8,
        error: () => (pgUrl ? driverError('58030', 'could not write to file: Input/output error') : driverError('SQLITE_IOERR_WRITE', 'disk I/O error')),
      };
      const acknowledged = ['v0'];
      const failed: string[] = [];
      await withFault(t, fault, async () => {
        for (let i = 1; i <= 80; i++) {
          const text = `save ${i}`;
          const res = await savePage(t, owner, { item_id: item.item_id, page_id: page.page_id, page_title: 'T', page_content: text });
          if (res.error_code === 0) acknowledged.push(text);
          else {
            expect(res.error_code).toBe(10500);
            failed.push(text);
          }
        }
      });
      // The fault really hit both outcomes, or the test proves nothing.
      expect(failed.length).toBeGreaterThan(3);
      expect(acknowledged.length).toBeGreaterThan(20);
      const now = await pageRow(t, page.page_id);
      expect(now.page_content).toBe(acknowledged.at(-1));
      expect(now.version).toBe(acknowledged.length);
      const history = (await historyRows(t, page.page_id)).map((h) => h.page_content).reverse();
      expect(history).toEqual(acknowledged.slice(0, -1));
    } finally {
      await setSiteOption(t, 'history_version_count', null);
    }
  });

  it('R12 · closing the server (SIGTERM) with 40 saves in flight: each is answered and kept, or refused and not applied; none half-applied', async () => {
    const server = await startTestApp();
    try {
      const user = await registerUser(server);
      const project = await createItem(server, user);
      const pages = await Promise.all(Array.from({ length: 40 }, (_, i) => createPage(server, user, project.item_id, { content: `start ${i}` })));
      const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
      const saves = pages.map(async (page, i) => {
        try {
          const res = await fetch(`${address}/api/page/save`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-token': user.token },
            body: new URLSearchParams({ item_id: String(project.item_id), page_id: String(page.page_id), page_title: 'T', page_content: `saved ${i}` }),
          });
          return { page, i, status: res.status, body: (await res.json()) as { error_code: number } };
        } catch {
          return { page, i, status: 0, body: null };
        }
      });
      // main.ts answers SIGTERM with app.close(): stop accepting, finish what is in flight, then close.
      const closing = server.app.close();
      const outcomes = await Promise.all(saves);
      await closing;
      const database = server.database.db;
      for (const { page, i, status, body } of outcomes) {
        const row = await database.selectFrom('page').selectAll().where('page_id', '=', page.page_id).executeTakeFirstOrThrow();
        const history = await database.selectFrom('page_history').select('page_content').where('page_id', '=', page.page_id).execute();
        if (status === 200 && body?.error_code === 0) {
          expect(row).toMatchObject({ page_content: `saved ${i}`, version: 2 });
          expect(history.map((h) => h.page_content)).toEqual([`start ${i}`]);
        } else {
          // Refused (503 while closing) or never sent: not applied at all.
          expect([0, 503]).toContain(status);
          expect(row).toMatchObject({ page_content: `start ${i}`, version: 1 });
          expect(history).toEqual([]);
        }
      }
    } finally {
      await server.database.cleanup();
    }
  });

  it.skipIf(!pgUrl)('R14 · PostgreSQL cutting every connection of the site during saves: retryable 503s, no acknowledged save lost, and the next save works', async () => {
    await setSiteOption(t, 'history_version_count', '200');
    const page = await createPage(t, owner, item.item_id, { content: 'before the cut' });
    const dbName = new URL(t.database.url).pathname.slice(1);
    // Only this test's own database is cut (pg_terminate_backend), never the shared PostgreSQL server.
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      const acknowledged: string[] = [];
      let cut = 0;
      const answers = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          if (i === 10) cut = (await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName])).rowCount ?? 0;
          const res = await savePage(t, owner, { item_id: item.item_id, page_id: page.page_id, page_title: 'T', page_content: `save ${i}` });
          if (res.error_code === 0) acknowledged.push(`save ${i}`);
          return res;
        }),
      );
      for (const res of answers) {
        if (res.error_code !== 0) {
          expect(res.response.statusCode).toBe(503);
          expect(res.error_code).toBe(10500);
        }
      }
      expect(cut).toBeGreaterThan(0);
      const after = await savePage(t, owner, { item_id: item.item_id, page_id: page.page_id, page_title: 'T', page_content: 'after the cut' });
      expect(after.error_code).toBe(0);
      const kept = new Set([...(await historyRows(t, page.page_id)).map((h) => h.page_content), (await pageRow(t, page.page_id)).page_content]);
      for (const text of acknowledged) expect(kept.has(text), text).toBe(true);
    } finally {
      await admin.end();
      await setSiteOption(t, 'history_version_count', null);
    }
  });
});
