import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { loginUser } from '../../test/factories.js';
import { openCall } from '../../test/open-helpers.js';
import { runImportShowdocCommand } from './cli.js';
import { captureIo, copyOfTeamSite, sha256, sha256File, TEAM_SITE_DB } from './fixture.js';

/**
 * Imports the real ShowDoc 3.9.2 "team-site" fixture and checks through Folio's HTTP API what its
 * MANIFEST.md says: people log in with their ShowDoc passwords, old ids, share keys, domains and the
 * open-API key work, page texts are the typed ones byte for byte.
 */

const PASSWORDS: Record<string, string> = {
  showdoc: '123456',
  zhangwei: 'Zhang#Wei2024',
  lina: 'LiNa@docs88',
  'wang.fang@example.com': 'WangFang!never1',
  chenjie: 'Chen_jie#77',
  zhaolei: 'ZhaoLei$2025',
};

const TEXTS: Record<number, string> = {
  153008480: '2233ca306b585e7408e79d6f7d87e4bcb602b2bb4209d4c5c019ae9d9a87f737',
  153008485: '49bbefd367e221e369c86a62b7746e261e447cca7f68daa6ecbb8c2ad65892c4',
  153008502: '92fd47d11a735aa3fa84cac1c0101a454b33682c68cd6788f119d981141a5f7c',
  153008518: '0b044de705108e572b4c11230d2bb229fed707450945eefb8bb8b6b09aba4d4d',
  153008523: 'aabb7add2576a2787327db4b6718abf3efdef1895df945f06920aec35cee9677',
  153008526: '3f3d26dc5b8fe55244f845353d0d4f588e28de090c3820b30b8b9b772487c9db',
};

const HANDBOOK = 699741188;

describe('folio import-showdoc of the team-site fixture', () => {
  let t: TestApp;
  let site: { dir: string; db: string };
  let originalHash: string;
  let reportFile: string;
  let output: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    originalHash = sha256File(TEAM_SITE_DB);
    site = copyOfTeamSite();
    t = await startTestApp();
    reportFile = path.join(site.dir, 'report.txt');
    const { io, out, err } = captureIo();
    const code = await runImportShowdocCommand(t.config, t.clock, [site.db, '--report', reportFile], io);
    output = out.join('\n');
    // The attachments kind (another helper's) fails without --uploads; everything else must succeed.
    expect(err, err.join('\n')).toEqual([]);
    expect([0, 1]).toContain(code);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    if (site) fs.rmSync(site.dir, { recursive: true, force: true });
  });

  const login = async (username: string) => {
    if (tokens[username]) return tokens[username];
    const res = await loginUser(t, username, PASSWORDS[username] ?? '');
    expect(res.error_code, `${username}: ${res.error_message}`).toBe(0);
    tokens[username] = (res.data as { user_token: string }).user_token;
    return tokens[username];
  };

  it('never changes the ShowDoc file it reads', () => {
    expect(sha256File(TEAM_SITE_DB)).toBe(originalHash);
    expect(sha256File(site.db)).toBe(originalHash);
  });

  it('lets each person log in with their ShowDoc password, and re-hashes it to Argon2id', async () => {
    for (const username of Object.keys(PASSWORDS)) {
      const before = await t.database.db.selectFrom('user').select(['password']).where('username', '=', username).executeTakeFirstOrThrow();
      expect(before.password).toMatch(/^\$2y\$/);
      await login(username);
      const after = await t.database.db.selectFrom('user').select(['password']).where('username', '=', username).executeTakeFirstOrThrow();
      expect(after.password, username).toMatch(/^\$argon2id\$/);
    }
  });

  it('keeps the administrator an administrator and the others not', async () => {
    const users = await t.database.db.selectFrom('user').select(['uid', 'username', 'groupid', 'name']).orderBy('uid').execute();
    expect(users.map((u) => [u.uid, u.groupid])).toEqual([[1, 1], [2, 2], [3, 2], [4, 2], [5, 2], [6, 2]]);
    expect(users.find((u) => u.uid === 4)?.name).toBe('王芳 (Fang Wang)');
  });

  it('opens /{item_id} and /{item_id}/{page_id} with the typed text of every page the manifest lists', async () => {
    const token = await login('showdoc');
    const info = await t.call('item/info', { item_id: HANDBOOK }, { token });
    expect(info.error_code).toBe(0);
    expect(JSON.stringify(info.data)).toContain('研发团队手册 Engineering Handbook');
    for (const [pageId, hash] of Object.entries(TEXTS)) {
      const page = await t.call('page/info', { page_id: Number(pageId) }, { token });
      expect(page.error_code, pageId).toBe(0);
      expect(sha256((page.data as { page_content: string }).page_content), pageId).toBe(hash);
    }
  });

  it('unescapes the titles ShowDoc stored escaped (open API, project copies) and keeps raw ones', async () => {
    const rows = await t.database.db.selectFrom('page').select(['page_id', 'page_title']).where('page_id', 'in', [153008512, 153008577, 153008520]).orderBy('page_id').execute();
    expect(rows.map((r) => r.page_title)).toEqual(['备份恢复 Backup & Restore', '自动同步说明 Auto-sync', '备份恢复 Backup & Restore']);
  });

  it('opens a personal domain, a share key and asks for the visit password of the private project', async () => {
    const byDomain = await t.call('item/info', { item_domain: 'publicapi' });
    expect(byDomain.error_code).toBe(0);
    expect(JSON.stringify(byDomain.data)).toContain('702973467');
    const shared = await t.call('page/infoByKey', { unique_key: '6b83c651a22b08873b4b03b5459e09a6' });
    expect(shared.error_code).toBe(0);
    expect((shared.data as { page_id: number }).page_id).toBe(153008515);
    const locked = await t.call('item/info', { item_id: 702655901 });
    expect([10303, 10307]).toContain(locked.error_code);
    expect((await t.call('item/pwd', { item_id: 702655901, password: 'wrong one' })).error_code).not.toBe(0);
    const unlocked = await t.call('item/pwd', { item_id: 702655901, password: 'Fin@2024', ...(await t.solveCaptcha()) });
    expect(unlocked.error_code, unlocked.error_message).toBe(0);
  });

  it('lets the old open-API key push a page', async () => {
    const res = await openCall(
      t,
      'item/updateByApi',
      { api_key: 'ba0030734fa4b740cc86bcae0a3922f11525850401', api_token: 'efe419b7f4ad53998ea66933be0ff01c443716057' },
      { cat_name: 'CI', page_title: 'Pushed after the move', page_content: 'still works' },
    );
    expect(res.error_code).toBe(0);
    const page = await t.database.db.selectFrom('page').select(['item_id', 'page_content']).where('page_title', '=', 'Pushed after the move').executeTakeFirstOrThrow();
    expect(page).toEqual({ item_id: HANDBOOK, page_content: 'still works' });
  });

  it('keeps catalog limits: zhaolei reads only his 2 catalogs, wang.fang only hers', async () => {
    const zhaolei = await login('zhaolei');
    expect((await t.call('page/info', { page_id: 153008485 }, { token: zhaolei })).error_code).toBe(0); // catalog 438410213
    expect((await t.call('page/info', { page_id: 153008480 }, { token: zhaolei })).error_code).not.toBe(0); // catalog 438410212
    const wang = await login('wang.fang@example.com');
    expect((await t.call('page/info', { page_id: 153008480 }, { token: wang })).error_code).toBe(0);
    expect((await t.call('page/info', { page_id: 153008485 }, { token: wang })).error_code).not.toBe(0);
  });

  it('brings history with its comments, the recycle bin, the draft, and the project states', async () => {
    const token = await login('showdoc');
    const history = await t.call('page/history', { page_id: 153008480 }, { token });
    expect(history.error_code).toBe(0);
    const comments = JSON.stringify(history.data);
    expect(comments).toContain('初稿（已补充说明）initial draft, comment edited later');
    expect(comments).toContain('流程图 + 注意事项');
    const sheetHistory = await t.database.db.selectFrom('page_history').select('page_content').where('page_history_id', '=', 10).executeTakeFirstOrThrow();
    expect(sheetHistory.page_content.startsWith('[{"name":"2024 销售"')).toBe(true);
    const recycle = await t.call('recycle/getList', { item_id: HANDBOOK }, { token });
    expect(JSON.stringify(recycle.data)).toContain('旧版说明（待删除） Deprecated notes');
    const draft = await t.database.db.selectFrom('page').select(['is_draft']).where('page_id', '=', 153008517).executeTakeFirstOrThrow();
    expect(draft.is_draft).toBe(1);
    const items = await t.database.db.selectFrom('item').select(['item_id', 'is_del', 'is_archived', 'item_type', 'password']).execute();
    const byId = new Map(items.map((i) => [i.item_id, i]));
    expect(items).toHaveLength(30);
    expect(byId.get(703316696)?.is_del).toBe(1);
    expect(byId.get(703290755)?.is_archived).toBe(1);
    expect(byId.get(702655901)?.password).toMatch(/^\$argon2id\$/);
    expect(byId.get(701696374)?.item_type).toBe(5);
    expect(byId.get(702423433)?.item_type).toBe(6);
    const kanbanPages = await t.database.db.selectFrom('page').select('page_id').where('item_id', '=', 702423433).execute();
    expect(kanbanPages).toHaveLength(5);
  });

  it('keeps teams, per-project rights, messages and settings', async () => {
    const db = t.database.db;
    expect(await db.selectFrom('team_item_member').select(['member_uid', 'item_id', 'member_group_id', 'cat_ids']).orderBy('id').execute()).toEqual([
      { member_uid: 2, item_id: 702655901, member_group_id: 1, cat_ids: '' },
      { member_uid: 3, item_id: 702655901, member_group_id: 0, cat_ids: '' },
      { member_uid: 2, item_id: 702973467, member_group_id: 2, cat_ids: '' },
      { member_uid: 3, item_id: 702973467, member_group_id: 0, cat_ids: '438410227' },
    ]);
    const messages = await db.selectFrom('message').select(['to_uid', 'status']).orderBy('id').execute();
    expect(messages).toEqual([{ to_uid: 1, status: 0 }, { to_uid: 2, status: 1 }, { to_uid: 3, status: 0 }]);
    const options = new Map((await db.selectFrom('options').select(['option_name', 'option_value']).execute()).map((o) => [o.option_name, o.option_value]));
    expect(options.get('register_open')).toBe('0');
    expect(options.get('beian')).toBe('沪ICP备00000000号-1');
    expect(options.get('oauth2_open')).toBe('1');
    expect(options.has('session_expire_days')).toBe(false);
    // The storage switch comes over as ShowDoc had it (off here; this site has no oss_setting row).
    expect(options.get('oss_open')).toBe('0');
  });

  it('accounts for every table of the source in the report, printed and written', async () => {
    const text = fs.readFileSync(reportFile, 'utf8');
    expect(output).toContain('Report written to');
    const Database = (await import('better-sqlite3')).default;
    const source = new Database(TEAM_SITE_DB, { readonly: true });
    const tables = source.prepare("select name from sqlite_master where type='table'").pluck().all() as string[];
    source.close();
    for (const table of tables) expect(text, table).toMatch(new RegExp(`^${table.replace(/[?]/g, '\\?')}\\s+\\d+`, 'm'));
    expect(text).not.toMatch(/\(unknown\)/);
    expect(text).toContain('user_token (login sessions) are not brought');
    expect(text).toContain('page_lock');
  });

  it('refuses to import into a site that already has projects', async () => {
    const { io, err } = captureIo();
    const code = await runImportShowdocCommand(t.config, t.clock, [site.db, '--report', path.join(site.dir, 'again.txt')], io);
    expect(code).toBe(3);
    expect(err.join('\n')).toMatch(/not empty.*DATA_DIR/s);
  });
});
