import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { attachmentsKind, localPathOf } from './attachments.js';
import type { ImportJob } from './job.js';
import { ImportReport } from './report.js';

const FIXTURE = path.resolve(__dirname, '../../../../shared/reference/showdoc-db/team-site');
const HANDBOOK = 699741188;
const IMAGE_PAGE = 153008518;
const ONBOARDING_PAGE = 153008482;
const IMAGE_SIGN = 'a81592e636764ed522aca73b49ef0bd3';
const DISGUISED_SIGN = 'b0000000000000000000000000000001';
const MISSING_SIGN = 'c0000000000000000000000000000002';

let t: TestApp;
let work: string;
let source: Database.Database;

/** A copy of the fixture DB and its Uploads with two more files: one missing, one HTML named .png. */
function prepareSource(): Database.Database {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-attach-import-'));
  const db = path.join(work, 'showdoc.db.php');
  fs.copyFileSync(path.join(FIXTURE, 'showdoc.db.php'), db);
  fs.cpSync(path.join(FIXTURE, 'Uploads'), path.join(work, 'Uploads'), { recursive: true });
  fs.chmodSync(path.join(work, 'Uploads', '2026-11-25'), 0o755);
  fs.chmodSync(db, 0o644);
  fs.writeFileSync(path.join(work, 'Uploads', '2026-11-25', 'evil0000.png'), '<html><script>alert(document.cookie)</script></html>');
  const writable = new Database(db);
  const insert = writable.prepare(
    'insert into upload_file (sign, display_name, file_type, file_size, uid, page_id, item_id, visit_times, addtime, real_url) values (?, ?, ?, ?, 1, ?, ?, 0, 1795586400, ?)',
  );
  insert.run(DISGUISED_SIGN, 'diagram.png', 'image/png', '52', IMAGE_PAGE, HANDBOOK, 'https://docs.example.com/Public/Uploads/2026-11-25/evil0000.png');
  insert.run(MISSING_SIGN, 'gone.png', 'image/png', '10', IMAGE_PAGE, HANDBOOK, 'https://docs.example.com/Public/Uploads/2026-11-25/gone0000.png');
  writable.prepare("update upload_file set visit_times = 7, last_visit_time = 1795586999 where sign = ?").run(IMAGE_SIGN);
  writable.close();
  return new Database(db, { readonly: true, fileMustExist: true });
}

function job(dryRun = false): ImportJob {
  return {
    source,
    db: t.database.db,
    dialect: t.database.dialect,
    config: t.config,
    clock: t.clock,
    storage: t.app.services.storage,
    uploadsDir: path.join(work, 'Uploads'),
    dryRun,
    report: new ImportReport(),
    progress: () => undefined,
    fingerprint: 'test',
    mark: null,
    currentKind: 'attachments',
  };
}

beforeEach(async () => {
  t = await startTestApp();
  source = prepareSource();
  // What the earlier kinds bring: the owner, the project and the two pages the files are bound to.
  const db = t.database.db;
  await db.insertInto('user').values({ uid: 1, username: 'showdoc', username_key: 'showdoc', groupid: 1 }).execute();
  await db.insertInto('item').values({ item_id: HANDBOOK, item_name: 'Handbook', uid: 1, username: 'showdoc', addtime: 1795586000 }).execute();
  const content = source.prepare('select page_content from page where page_id = ?').pluck().get(IMAGE_PAGE) as string;
  await db.insertInto('page').values({ page_id: IMAGE_PAGE, item_id: HANDBOOK, page_title: 'Architecture', page_content: content }).execute();
  await db.insertInto('page').values({ page_id: ONBOARDING_PAGE, item_id: HANDBOOK, page_title: 'Onboarding' }).execute();
});

afterEach(async () => {
  source.close();
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('attachments kind of import-showdoc', () => {
  it('brings good files with sign, owner, binding, names, times and visit counts, and reports the rest', async () => {
    const run = job();
    await attachmentsKind.run(run);
    const entry = run.report.kind('upload_file');
    expect(entry.brought).toBe(3);
    expect(entry.failed).toBe(2);
    // Every file_page row is accounted for: two bindings kept, the file-hub row (page 0) explained.
    expect(run.report.kind('file_page')).toMatchObject({ brought: 2, skipped: 1 });
    expect(entry.notes.join('\n')).toMatch(new RegExp(`${DISGUISED_SIGN}.*refused by the upload checks`));
    expect(entry.notes.join('\n')).toMatch(new RegExp(`${MISSING_SIGN}.*file missing from --uploads`));

    const files = await t.database.db.selectFrom('upload_file').selectAll().orderBy('addtime').orderBy('display_name').execute();
    expect(files.map((f) => f.sign).sort()).toEqual(['06933ff2521136a5bd2f806016565122', '56c3d9014a2afc20b547c68248f08002', IMAGE_SIGN].sort());
    const image = files.find((f) => f.sign === IMAGE_SIGN);
    expect(image).toMatchObject({
      display_name: '架构图-architecture.png',
      file_type: 'image/png',
      file_size: 7340,
      uid: 1,
      item_id: HANDBOOK,
      page_id: IMAGE_PAGE,
      visit_times: 7,
      last_visit_time: 1795586999,
      addtime: 1795586360,
    });
    const text = files.find((f) => f.display_name === '会议纪要 minutes.txt');
    expect(text?.file_type).toBe('text/plain; charset=utf-8');
    const bindings = await t.database.db.selectFrom('file_page').select(['page_id', 'item_id', 'addtime']).orderBy('page_id').execute();
    expect(bindings).toEqual([
      { page_id: ONBOARDING_PAGE, item_id: HANDBOOK, addtime: 1795586360 },
      { page_id: IMAGE_PAGE, item_id: HANDBOOK, addtime: 1795586360 },
    ]);
  });

  it('keeps the visitFile link written in the page working on the site itself', async () => {
    await attachmentsKind.run(job());
    const page = await t.database.db.selectFrom('page').select('page_content').where('page_id', '=', IMAGE_PAGE).executeTakeFirstOrThrow();
    const link = /\((https?:\/\/[^)]+visitFile&amp;sign=[0-9a-f]+|https?:\/\/[^)]+visitFile&sign=[0-9a-f]+)\)/.exec(page.page_content)?.[1];
    expect(link).toBeDefined();
    const url = new URL((link ?? '').replace(/&amp;/g, '&'));
    const response = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(fs.readFileSync(path.join(FIXTURE, 'Uploads/2026-11-25/6b0679382db276b0679382db286b0679382db29.png')))).toBe(true);
    // The disguised HTML never became a file anyone can fetch.
    const refused = await t.app.inject({ method: 'GET', url: `/server/index.php?s=/api/attachment/visitFile&sign=${DISGUISED_SIGN}` });
    expect(refused.statusCode).toBe(404);
  });

  it('a dry run checks everything and writes nothing', async () => {
    const run = job(true);
    await attachmentsKind.run(run);
    expect(run.report.kind('upload_file')).toMatchObject({ brought: 3, failed: 2 });
    expect(run.report.kind('file_page')).toMatchObject({ brought: 2, skipped: 1 });
    expect(await t.database.db.selectFrom('upload_file').select('file_id').execute()).toEqual([]);
    const blobs = path.join(t.config.dataDir, 'uploads');
    expect(fs.existsSync(blobs) ? fs.readdirSync(blobs) : []).toEqual([]);
  });

  it('a second run after an interruption brings nothing twice', async () => {
    await attachmentsKind.run(job());
    const again = job();
    await attachmentsKind.run(again);
    expect(again.report.kind('upload_file')).toMatchObject({ brought: 3, failed: 2 });
    expect(again.report.kind('file_page')).toMatchObject({ brought: 2, skipped: 1 });
    expect(await t.database.db.selectFrom('upload_file').select('file_id').execute()).toHaveLength(3);
    expect(await t.database.db.selectFrom('file_page').select('id').execute()).toHaveLength(2);
  });

  it('reports a file whose page did not come over, and still keeps the file', async () => {
    await t.database.db.deleteFrom('page').where('page_id', '=', ONBOARDING_PAGE).execute();
    const run = job();
    await attachmentsKind.run(run);
    expect(run.report.kind('file_page').notes.join('\n')).toContain(`page ${ONBOARDING_PAGE} of file 2 is not in Folio`);
    expect(run.report.kind('file_page')).toMatchObject({ brought: 1, skipped: 2 });
    expect(await t.database.db.selectFrom('upload_file').select('file_id').execute()).toHaveLength(3);
  });

  it('refuses a second file with the same sign instead of hiding it behind the first', async () => {
    const writable = new Database(path.join(work, 'showdoc.db.php'));
    writable
      .prepare("insert into upload_file (sign, display_name, file_type, file_size, uid, real_url) values (?, 'copy.png', 'image/png', '7340', 1, (select real_url from upload_file where sign = ?))")
      .run(IMAGE_SIGN, IMAGE_SIGN);
    writable.close();
    const run = job();
    await attachmentsKind.run(run);
    expect(run.report.kind('upload_file')).toMatchObject({ brought: 3, failed: 3 });
    expect(run.report.kind('upload_file').notes.join('\n')).toMatch(/"copy.png": sign a81592e6\S+ is used by an earlier file/);
  });

  it('never reads outside the uploads folder whatever real_url says', () => {
    expect(localPathOf('/srv/up', 'https://x/Public/Uploads/2024-01-02/../../etc/passwd')).toHaveProperty('why');
    expect(localPathOf('/srv/up', 'https://oss.example.com/bucket/a.png')).toHaveProperty('why');
    expect(localPathOf('/srv/up', 'https://x/Public/Uploads/2024-01-02/abc.png')).toEqual({ file: '/srv/up/2024-01-02/abc.png' });
  });
});
