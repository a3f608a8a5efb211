import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { loginUser } from '../../test/factories.js';
import { runImportShowdocCommand } from './cli.js';
import { captureIo, copyOfTeamSite } from './fixture.js';

/** ShowDoc's legacy password hash: md5(base64(md5(password)) . '576hbgh6' . salt). */
function legacyMd5(password: string, salt: string): string {
  const inner = crypto.createHash('md5').update(password).digest('hex');
  return crypto.createHash('md5').update(Buffer.from(inner).toString('base64') + '576hbgh6' + salt).digest('hex');
}

/** The old server's compressed bodies: base64(gzcompress(escaped text, 9)). */
const compressed = (escaped: string) => zlib.deflateSync(Buffer.from(escaped, 'utf8'), { level: 9 }).toString('base64');

/** The fixture's schema with every row removed, then the edge cases the team site lacks. */
function buildSmallSite(): { dir: string; db: string } {
  const site = copyOfTeamSite();
  const db = new Database(site.db);
  const tables = db.prepare("select name from sqlite_master where type='table' and name not in ('sqlite_sequence')").pluck().all() as string[];
  for (const table of tables) db.prepare(`delete from "${table.replace(/"/g, '""')}"`).run();
  const insert = (sql: string, ...values: unknown[]) => db.prepare(sql).run(...values);
  insert("insert into user (uid, username, groupid, name, password, salt, reg_time) values (1, 'oldadmin', 1, '', ?, 'x9Salt', 100)", legacyMd5('Old@admin1', 'x9Salt'));
  insert("insert into user (uid, username, groupid, name, password, salt, reg_time) values (2, 'nosalt', 2, '', ?, '', 100)", legacyMd5('No@salt22', ''));
  insert("insert into user (uid, username, groupid, name, password, salt) values (3, 'NoSalt', 2, '', 'x', '')"); // same name but for case
  insert("insert into item (item_id, item_name, item_description, uid, username, password, addtime, item_type) values (10, 'Deep', '', 1, 'oldadmin', '', 100, 1)");
  insert("insert into item (item_id, item_name, item_description, uid, username, password, addtime, item_type) values (11, 'Orphan', '', 99, 'gone', '', 100, 1)");
  insert('insert into catalog (cat_id, cat_name, item_id, parent_cat_id, level) values (100, ?, 10, 0, 2)', 'L1');
  insert('insert into catalog (cat_id, cat_name, item_id, parent_cat_id, level) values (101, ?, 10, 100, 3)', 'L2');
  insert('insert into catalog (cat_id, cat_name, item_id, parent_cat_id, level) values (102, ?, 10, 101, 4)', 'L3');
  insert('insert into catalog (cat_id, cat_name, item_id, parent_cat_id, level) values (103, ?, 10, 102, 5)', 'L4 &amp; more');
  insert('insert into catalog (cat_id, cat_name, item_id, parent_cat_id, level) values (104, ?, 10, 999, 3)', 'lost parent');
  const page = (id: number, cat: number, title: string, content: string, authorUid = 1) =>
    insert('insert into page (page_id, author_uid, author_username, item_id, cat_id, page_title, page_content, addtime) values (?, ?, ?, 10, ?, ?, ?, 100)', id, authorUid, authorUid ? 'oldadmin' : 'API', cat, title, content);
  page(1000, 103, 'Code & <tags>', '```html\n&lt;div class=&quot;a&quot;&gt;&amp;amp;lt;&lt;/div&gt;\n```\n&#039;quoted&#039;');
  page(1001, 100, 'Emoji 🎉 &amp; API', 'emoji 🎉😀 中文 &amp;lt;', 0);
  page(1002, 0, 'Compressed', compressed('# old &amp; compressed &lt;b&gt;'));
  insert("insert into page (page_id, author_uid, item_id, cat_id, page_title, page_content) values (1003, 1, 10, 0, 'Bad bytes', CAST(X'6f6bC328' AS TEXT))");
  insert("insert into page (page_id, author_uid, item_id, cat_id, page_title, page_content) values (1004, 1, 777, 0, 'No project', 'x')");
  insert("insert into page_history (page_history_id, page_id, author_uid, item_id, cat_id, page_title, page_content, addtime, page_comments) values (1, 1002, 1, 10, 0, 'Compressed', ?, 90, 'v1')", compressed('first &amp; oldest'));
  insert("insert into page_history (page_history_id, page_id, author_uid, item_id, cat_id, page_title, page_content, addtime, page_comments) values (2, 1002, 1, 10, 0, 'Compressed', 'second', 95, 'v2')");
  insert("insert into options (option_name, option_value) values ('history_version_count', '1'), ('register_open', '1')");
  // ShowDoc's Qiniu form had no region: carried over, but not usable by Folio until completed.
  insert("insert into options (option_name, option_value) values ('oss_open', '1'), ('oss_setting', ?)", QINIU_SETTING);
  insert("insert into item_member (item_member_id, item_id, uid, username, member_group_id, cat_id, cat_ids) values (1, 10, 2, 'nosalt', 0, 0, '555')");
  db.close();
  return site;
}

const QINIU_SETTING = '{"oss_type":"qiniu","key":"qk","secret":"qs","bucket":"kodo-docs","domain":"cdn.example.com","protocol":"https"}';

describe('import-showdoc edge cases', () => {
  let t: TestApp;
  let site: { dir: string; db: string };
  let report: string;
  let code: number;

  beforeAll(async () => {
    site = buildSmallSite();
    t = await startTestApp();
    const { io } = captureIo();
    code = await runImportShowdocCommand(t.config, t.clock, [site.db, '--report', path.join(site.dir, 'r.txt')], io);
    report = fs.readFileSync(path.join(site.dir, 'r.txt'), 'utf8');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(site.dir, { recursive: true, force: true });
  });

  it('carries ShowDoc’s storage setting over, and says when Folio cannot use it yet', async () => {
    const options = await t.database.db.selectFrom('options').select(['option_name', 'option_value']).where('option_name', 'in', ['oss_open', 'oss_setting']).execute();
    expect(new Map(options.map((o) => [o.option_name, o.option_value]))).toEqual(new Map([['oss_open', '1'], ['oss_setting', QINIU_SETTING]]));
    expect(report).toMatch(/oss_open: ShowDoc stored files in object storage \(qiniu\).*\(Qiniu: the region\)/);
    // Incomplete, so files keep going to the local folder (storage/site-store.ts).
    const login = (await loginUser(t, 'oldadmin', 'Old@admin1')).data as { user_token: string };
    expect((await t.call('adminSetting/loadOssConfig', {}, { token: login.user_token })).data).toMatchObject({ oss_open: 1, active: 'local' });
  });

  it('logs in legacy MD5 users with and without salt and re-hashes them', async () => {
    expect(code).toBe(0);
    for (const [username, password] of [['oldadmin', 'Old@admin1'], ['nosalt', 'No@salt22']] as const) {
      const res = await loginUser(t, username, password);
      expect(res.error_code, username).toBe(0);
      const row = await t.database.db.selectFrom('user').select('password').where('username', '=', username).executeTakeFirstOrThrow();
      expect(row.password).toMatch(/^\$argon2id\$/);
    }
    expect(report).toMatch(/user 3 "NoSalt": same name as an earlier account/);
  });

  it('keeps a 4-level catalog and puts a catalog whose parent is gone at the top', async () => {
    const cats = await t.database.db.selectFrom('catalog').select(['cat_id', 'parent_cat_id', 'level', 'cat_name']).orderBy('cat_id').execute();
    expect(cats).toEqual([
      { cat_id: 100, parent_cat_id: 0, level: 2, cat_name: 'L1' },
      { cat_id: 101, parent_cat_id: 100, level: 3, cat_name: 'L2' },
      { cat_id: 102, parent_cat_id: 101, level: 4, cat_name: 'L3' },
      { cat_id: 103, parent_cat_id: 102, level: 5, cat_name: 'L4 & more' },
      { cat_id: 104, parent_cat_id: 0, level: 2, cat_name: 'lost parent' },
    ]);
  });

  it('unescapes bodies exactly once, decodes compressed ones, and keeps emoji', async () => {
    const pages = new Map(
      (await t.database.db.selectFrom('page').select(['page_id', 'page_title', 'page_content']).execute()).map((p) => [p.page_id, p]),
    );
    expect(pages.get(1000)).toMatchObject({ page_title: 'Code & <tags>', page_content: '```html\n<div class="a">&amp;lt;</div>\n```\n\'quoted\'' });
    expect(pages.get(1001)).toMatchObject({ page_title: 'Emoji 🎉 & API', page_content: 'emoji 🎉😀 中文 &lt;' });
    expect(pages.get(1002)?.page_content).toBe('# old & compressed <b>');
    expect(pages.get(1003)?.page_content).toBe('ok\uFFFD(');
    expect(pages.has(1004)).toBe(false);
    const history = await t.database.db.selectFrom('page_history').select(['page_content', 'page_comments']).orderBy('page_history_id').execute();
    expect(history).toEqual([
      { page_content: 'first & oldest', page_comments: 'v1' },
      { page_content: 'second', page_comments: 'v2' },
    ]);
  });

  it('gives a project of a missing owner to the administrator, and refuses a limit to catalogs that are gone', async () => {
    const orphan = await t.database.db.selectFrom('item').select(['uid']).where('item_id', '=', 11).executeTakeFirstOrThrow();
    expect(orphan.uid).toBe(1);
    expect(report).toContain('item 11: owner uid 99 does not exist; given to uid 1');
    expect(report).toContain('page 1004: its project 777 does not exist');
    expect(await t.database.db.selectFrom('item_member').selectAll().execute()).toEqual([]);
    expect(report).toMatch(/item_member 1: limited to catalogs that no longer exist \(555\)/);
  });

  it('raises the history setting to the versions ShowDoc kept, so the next save loses none', async () => {
    expect(report).toMatch(/history_version_count: ShowDoc stored 1 but ignored it .* raised to 2/);
    const stored = await t.database.db.selectFrom('options').select('option_value').where('option_name', '=', 'history_version_count').executeTakeFirstOrThrow();
    expect(stored.option_value).toBe('2');
  });

  it('continues the id sequences after the explicit ids', async () => {
    const admin = await loginUser(t, 'oldadmin', 'Old@admin1');
    const token = (admin.data as { user_token: string }).user_token;
    const created = await t.call('catalog/save', { item_id: 10, cat_name: 'new one' }, { token });
    expect(created.error_code, created.error_message).toBe(0);
    const newest = await t.database.db.selectFrom('catalog').select('cat_id').where('cat_name', '=', 'new one').executeTakeFirstOrThrow();
    expect(newest.cat_id).toBeGreaterThan(104);
  });
});

describe('import-showdoc refusals and dry run', () => {
  let t: TestApp;
  const dirs: string[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads and checks everything on --dry-run and writes nothing', async () => {
    const site = copyOfTeamSite();
    dirs.push(site.dir);
    const { io, out } = captureIo();
    const code = await runImportShowdocCommand(t.config, t.clock, [site.db, '--dry-run', '--report', path.join(site.dir, 'dry.txt')], io);
    expect([0, 1]).toContain(code);
    expect(out.join('\n')).toContain('dry run: nothing written');
    expect(out.join('\n')).toMatch(/^page\s+208\s+208/m);
    for (const table of ['user', 'item', 'page', 'catalog', 'options', 'item_token'] as const) {
      const n = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n.n), table).toBe(0);
    }
  });

  it('says clearly when the file is not a ShowDoc database, or is missing', async () => {
    const site = copyOfTeamSite();
    dirs.push(site.dir);
    const plain = path.join(site.dir, 'plain.db');
    const db = new Database(plain);
    db.exec('create table user (uid integer); create table item (item_id integer)');
    db.close();
    for (const [file, message] of [
      [plain, /not a ShowDoc database.*"<\?php "/],
      [path.join(site.dir, 'missing.db.php'), /Cannot open/],
      [path.join(site.dir, 'dry.txt'), /Cannot open|not a readable SQLite|not a ShowDoc/],
    ] as const) {
      if (file.endsWith('dry.txt')) fs.writeFileSync(file, 'not sqlite at all');
      const { io, err } = captureIo();
      expect(await runImportShowdocCommand(t.config, t.clock, [file], io)).toBe(2);
      expect(err.join('\n')).toMatch(message);
    }
  });

  it('refuses a site with more than one account even without projects (run last: it adds accounts)', async () => {
    const site = copyOfTeamSite();
    dirs.push(site.dir);
    for (const name of ['first', 'second']) await t.database.db.insertInto('user').values({ username: name, username_key: name }).execute();
    const { io, err } = captureIo();
    expect(await runImportShowdocCommand(t.config, t.clock, [site.db, '--report', path.join(site.dir, 'r.txt')], io)).toBe(3);
    expect(err.join('\n')).toContain('2 accounts');
    expect(fs.existsSync(path.join(site.dir, 'r.txt'))).toBe(false);
  });

  it('refuses bad arguments with the usage', async () => {
    for (const args of [[], ['a.db', 'b.db'], ['a.db', '--uploads'], ['a.db', '--frobnicate'], ['a.db', '--uploads', '/no/such/folder']]) {
      const { io, err } = captureIo();
      expect(await runImportShowdocCommand(t.config, t.clock, args, io), args.join(' ')).toBe(2);
      expect(err.join('\n')).toContain('import-showdoc');
    }
  });
});

describe('import-showdoc into a site with the one account create-admin made', () => {
  it("replaces that account by ShowDoc's and says so", async () => {
    const t = await startTestApp();
    const site = buildSmallSite();
    try {
      await t.database.db.insertInto('user').values({ uid: 1, username: 'folioadmin', username_key: 'folioadmin', groupid: 1 }).execute();
      const { io, out } = captureIo();
      expect(await runImportShowdocCommand(t.config, t.clock, [site.db, '--report', path.join(site.dir, 'r.txt')], io)).toBe(0);
      expect(out.join('\n')).toContain('Folio\'s own account "folioadmin" was removed');
      const users = await t.database.db.selectFrom('user').select('username').orderBy('uid').execute();
      expect(users.map((u) => u.username)).toEqual(['oldadmin', 'nosalt']);
    } finally {
      await t.close();
      fs.rmSync(site.dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('import-showdoc after an interruption', () => {
  it('goes on from the last whole kind when run again over the same file, and refuses another file meanwhile', async () => {
    const t = await startTestApp();
    const site = buildSmallSite();
    const other = buildSmallSite();
    try {
      new Database(other.db).prepare("update item set item_name = 'Other' where item_id = 10").run();
      // Stopped as the pages begin: users, projects and catalogs are in; no page is.
      const { io } = captureIo();
      const stopping = {
        ...io,
        out: (line: string) => {
          if (line === 'pages…') throw new Error('interrupted');
          io.out(line);
        },
      };
      expect(await runImportShowdocCommand(t.config, t.clock, [site.db, '--report', path.join(site.dir, 'r1.txt')], stopping)).toBe(1);
      const count = async (table: 'page' | 'user' | 'catalog') =>
        Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect([await count('user'), await count('catalog'), await count('page')]).toEqual([2, 5, 0]);

      const refused = captureIo();
      expect(await runImportShowdocCommand(t.config, t.clock, [other.db, '--report', path.join(site.dir, 'r2.txt')], refused.io)).toBe(3);
      expect(refused.err.join('\n')).toContain('unfinished import of another ShowDoc database');

      const resumed = captureIo();
      expect(await runImportShowdocCommand(t.config, t.clock, [site.db, '--report', path.join(site.dir, 'r3.txt')], resumed.io)).toBe(0);
      expect(resumed.out.join('\n')).toContain('Going on with an interrupted import (already done: users, items, catalogs)');
      expect([await count('user'), await count('catalog'), await count('page')]).toEqual([2, 5, 4]);
      expect(fs.readFileSync(path.join(site.dir, 'r3.txt'), 'utf8')).toContain('brought by the interrupted run');

      // Finished: the mark is gone, so the site now counts as a full one.
      const again = captureIo();
      expect(await runImportShowdocCommand(t.config, t.clock, [site.db, '--report', path.join(site.dir, 'r4.txt')], again.io)).toBe(3);
    } finally {
      await t.close();
      fs.rmSync(site.dir, { recursive: true, force: true });
      fs.rmSync(other.dir, { recursive: true, force: true });
    }
  });
});
