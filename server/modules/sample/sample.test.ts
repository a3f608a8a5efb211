import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { forgetCachedOptions } from '../common/options.js';

/**
 * Sample projects for new accounts (site setting `create_sample`, on by default): a new account gets
 * short projects in its request's language that show what Folio does; with the setting off, nothing.
 */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
});
afterAll(() => t?.close());
afterEach(async () => {
  await t.database.db.deleteFrom('options').execute();
  forgetCachedOptions(t.database.db);
});

async function registerIn(lang: string | null, username: string): Promise<{ uid: number; token: string }> {
  const res = await t.call(
    'user/registerByVerify',
    { username, password: 'correct horse 1', confirm_password: 'correct horse 1', ...(await t.solveCaptcha()) },
    lang ? { headers: { 'accept-language': lang } } : {},
  );
  expect(res.error_code).toBe(0);
  const data = res.data as { uid: number; user_token: string };
  return { uid: data.uid, token: data.user_token };
}

const projectsOf = (uid: number) => t.database.db.selectFrom('item').selectAll().where('uid', '=', uid).where('is_del', '=', 0).orderBy('item_id').execute();
const pagesOf = (itemId: number) => t.database.db.selectFrom('page').selectAll().where('item_id', '=', itemId).orderBy('s_number').execute();

describe('create_sample', () => {
  it('gives a new English account three short projects: an API document, a manual and a data dictionary', async () => {
    const user = await registerIn('en-US,en;q=0.9', 'new_en');
    const projects = await projectsOf(user.uid);
    expect(projects.map((p) => p.item_name)).toEqual(['Sample: API documentation', 'Sample: Team manual', 'Sample: Data dictionary']);
    expect(projects.every((p) => p.password === '' && p.item_type === 1)).toBe(true);

    const [api, manual, dictionary] = projects;
    const apiPages = await pagesOf(api!.item_id);
    expect(apiPages.map((p) => p.page_title)).toEqual(['Read me first', 'Log in']);
    const login = apiPages[1]!;
    expect(login.cat_id).toBeGreaterThan(0);
    expect(login.page_content).toContain('|username|yes|string|');
    expect(login.page_content).toContain('```json');
    expect(login.author_uid).toBe(user.uid);
    const catalogs = await t.database.db.selectFrom('catalog').selectAll().where('item_id', '=', api!.item_id).execute();
    expect(catalogs.map((c) => [c.cat_name, c.level, c.parent_cat_id])).toEqual([['Users', 2, 0]]);

    expect((await pagesOf(manual!.item_id))[0]!.page_content).toMatch(/```mermaid[\s\S]*\$\$/);
    expect((await pagesOf(dictionary!.item_id))[0]!.page_content).toContain('|Column|Type|Null|Default|Comment|');

    // The owner reads them as any project: the menu lists the catalog and its page, search finds them.
    const info = await t.call('item/info', { item_id: api!.item_id }, { token: user.token });
    expect(JSON.stringify(info.data)).toContain('Log in');
    const found = await t.call('item/search', { item_id: api!.item_id, keyword: 'user_token' }, { token: user.token });
    expect(found.error_code).toBe(0);
    expect(JSON.stringify(found.data)).toContain('Log in');
  });

  it('writes the samples in Chinese for a Chinese request', async () => {
    const user = await registerIn('zh-CN,zh;q=0.9', 'new_zh');
    const projects = await projectsOf(user.uid);
    expect(projects.map((p) => p.item_name)).toEqual(['示例：API 文档', '示例：团队手册', '示例：数据字典']);
    const pages = await pagesOf(projects[0]!.item_id);
    expect(pages.map((p) => p.page_title)).toEqual(['先读我', '登录']);
  });

  it('gives an account an administrator adds the samples too', async () => {
    expect((await t.call('adminUser/addUser', { username: 'added_one', password: 'correct horse 1' }, { token: admin.token })).error_code).toBe(0);
    const row = await t.database.db.selectFrom('user').select('uid').where('username', '=', 'added_one').executeTakeFirstOrThrow();
    expect(await projectsOf(row.uid)).toHaveLength(3);
  });

  it('leaves new accounts empty when the site turns it off', async () => {
    expect((await t.call('adminSetting/saveConfig', { create_sample: 0 }, { token: admin.token })).error_code).toBe(0);
    const user = await registerIn('en', 'new_empty');
    expect(await projectsOf(user.uid)).toEqual([]);
    expect((await t.call('adminUser/addUser', { username: 'added_empty', password: 'correct horse 1' }, { token: admin.token })).error_code).toBe(0);
    const row = await t.database.db.selectFrom('user').select('uid').where('username', '=', 'added_empty').executeTakeFirstOrThrow();
    expect(await projectsOf(row.uid)).toEqual([]);
  });
});
