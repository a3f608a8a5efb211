import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem } from '../../test/item-factories.js';
import { createPage, historyRows, updatePage } from '../../test/page-factories.js';
import { PDF, signOf, uploadTo } from '../../test/upload-helpers.js';
import { forgetCachedOptions } from '../common/options.js';

/**
 * Each site setting changes what Folio does (issue 17 §2). Settings are written as the console writes
 * them, through adminSetting/saveConfig, so the options cache is part of every test.
 */

let t: TestApp;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
  owner = await registerUser(t, { username: 'doc_owner' });
});
afterAll(() => t?.close());
afterEach(async () => {
  await t.database.db.deleteFrom('options').execute();
  forgetCachedOptions(t.database.db);
});

async function set(params: Record<string, unknown>): Promise<void> {
  const res = await t.call('adminSetting/saveConfig', params, { token: admin.token });
  expect(res.error_code, `${JSON.stringify(params)}: ${res.error_message}`).toBe(0);
}

const register = async (username: string, password = 'correct horse 1', headers: Record<string, string> = {}, path = 'user/registerByVerify') =>
  t.call(path, { username, password, confirm_password: password, ...(await t.solveCaptcha()) }, { headers });

describe('register_open', () => {
  it('0 refuses user/register and user/registerByVerify, and homePageSetting says so', async () => {
    await set({ register_open: 0 });
    for (const path of ['user/register', 'user/registerByVerify']) {
      const res = await register('closed_out', 'correct horse 1', {}, path);
      expect(res.error_code, path).toBe(10101);
      expect(res.error_message).toBe('Registration is closed on this site');
    }
    expect((await t.call('common/homePageSetting')).data).toMatchObject({ register_open: 0 });
    await set({ register_open: 1 });
    expect((await t.call('common/homePageSetting')).data).toMatchObject({ register_open: 1 });
    expect((await register('let_in')).error_code).toBe(0);
  });
});

describe('home_page and beian', () => {
  it('homePageSetting gives the home page mode, project and footer text', async () => {
    const item = await createItem(t, owner);
    await set({ home_page: '3', home_item: String(item.item_id), beian: '京ICP备12345678号' });
    expect((await t.call('common/homePageSetting')).data).toMatchObject({ home_page: '3', home_item: String(item.item_id), beian: '京ICP备12345678号' });
  });
});

describe('history_version_count', () => {
  it('the page writer keeps as many versions as the site says, from the next save on', async () => {
    const item = await createItem(t, owner);
    const page = await createPage(t, owner, item.item_id);
    await set({ history_version_count: 2 });
    for (let i = 1; i <= 4; i++) await updatePage(t, owner, page, item.item_id, { page_content: `v${i}` });
    expect(await historyRows(t, page.page_id)).toHaveLength(2);
    await set({ history_version_count: 3 });
    for (let i = 5; i <= 8; i++) await updatePage(t, owner, page, item.item_id, { page_content: `v${i}` });
    expect((await historyRows(t, page.page_id)).map((r) => r.page_content)).toEqual(['v7', 'v6', 'v5']);
  });
});

describe('show_watermark', () => {
  it('item/info tells the reader to draw the watermark', async () => {
    const item = await createItem(t, owner);
    const watermark = async () => ((await t.call('item/info', { item_id: item.item_id }, { token: owner.token })).data as { show_watermark: number }).show_watermark;
    expect(await watermark()).toBe(0);
    await set({ show_watermark: 1 });
    expect(await watermark()).toBe(1);
  });
});

describe('force_login', () => {
  it('a guest gets 10312 for a public project, its pages and its shared pages; a logged-in reader does not', async () => {
    const item = await createItem(t, owner);
    const page = await createPage(t, owner, item.item_id);
    const shared = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 'true' }, { token: owner.token });
    const unique_key = (shared.data as { unique_key: string }).unique_key;
    const reader = await registerUser(t);

    expect((await t.call('page/infoByKey', { unique_key })).error_code).toBe(0);
    await set({ force_login: 1 });
    expect((await t.call('item/info', { item_id: item.item_id })).error_code).toBe(10312);
    expect((await t.call('page/info', { page_id: page.page_id })).error_code).toBe(10312);
    expect((await t.call('page/infoByKey', { unique_key })).error_code).toBe(10312);
    // Search and export already ask for a login.
    expect((await t.call('item/search', { item_id: item.item_id, keyword: 'x' })).error_code).toBe(10102);
    expect((await t.call('export/markdown', { item_id: item.item_id })).error_code).toBe(10102);

    expect((await t.call('item/info', { item_id: item.item_id }, { token: reader.token })).error_code).toBe(0);
    expect((await t.call('page/info', { page_id: page.page_id }, { token: reader.token })).error_code).toBe(0);
    expect((await t.call('page/infoByKey', { unique_key }, { token: reader.token })).error_code).toBe(0);

    await set({ force_login: 0 });
    expect((await t.call('page/infoByKey', { unique_key })).error_code).toBe(0);
  });
});

describe('site_url', () => {
  it('is the origin of the file addresses Folio hands out; without it they stay relative', async () => {
    const item = await createItem(t, owner);
    const relative = await uploadTo(t, 'page/upload', { item_id: item.item_id }, { filename: 'a.pdf', data: PDF }, owner.token);
    expect(String(relative.body.url)).toMatch(/^\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=/);

    await set({ site_url: 'https://docs.example.com/' });
    const absolute = await uploadTo(t, 'page/upload', { item_id: item.item_id }, { filename: 'b.pdf', data: PDF }, owner.token);
    expect(String(absolute.body.url)).toBe(`https://docs.example.com/server/index.php?s=/api/attachment/visitFile&sign=${signOf(absolute.body.url)}`);
    const mine = await t.call('attachment/getMyList', {}, { token: owner.token });
    const urls = (mine.data as { list: { url: string }[] }).list.map((f) => f.url);
    expect(urls.every((u) => u.startsWith('https://docs.example.com/server/index.php'))).toBe(true);
    // The web app builds share, mock and open-API links from it.
    expect((await t.call('common/homePageSetting', {}, { url: '/api/common/homePageSetting' })).data).toMatchObject({ site_url: 'https://docs.example.com' });
  });
});

describe('upload_max_mb and upload_extensions', () => {
  const MB = 1024 * 1024;

  it('refuses a file over the site’s limit with the limit in the message (10100)', async () => {
    const item = await createItem(t, owner);
    await set({ upload_max_mb: 1 });
    const refused = await uploadTo(t, 'page/upload', { item_id: item.item_id }, { filename: 'big.txt', data: Buffer.alloc(MB + 1, 0x41) }, owner.token);
    expect(refused.body.error_code).toBe(10100);
    expect(refused.body.error_message).toBe('The file is larger than this site’s upload limit of 1 MB');
    const fits = await uploadTo(t, 'page/upload', { item_id: item.item_id }, { filename: 'fits.txt', data: Buffer.alloc(MB, 0x41) }, owner.token);
    expect(fits.body.success).toBe(1);
  });

  it('takes a file over the default 4 MB once the site allows more', async () => {
    const item = await createItem(t, owner);
    const six = { filename: 'six.txt', data: Buffer.alloc(6 * MB, 0x41) };
    expect((await uploadTo(t, 'page/upload', { item_id: item.item_id }, six, owner.token)).body.error_code).toBe(10100);
    await set({ upload_max_mb: 10 });
    expect((await uploadTo(t, 'page/upload', { item_id: item.item_id }, six, owner.token)).body.success).toBe(1);
  });

  it('accepts an extension the administrator added, as a download only', async () => {
    const item = await createItem(t, owner);
    const drawing = { filename: 'plan.dwg', data: Buffer.from('AC1032 not really a drawing <script>') };
    expect((await uploadTo(t, 'page/upload', { item_id: item.item_id }, drawing, owner.token)).body.error_code).toBe(10101);
    await set({ upload_extensions: 'dwg' });
    const stored = await uploadTo(t, 'page/upload', { item_id: item.item_id }, drawing, owner.token);
    expect(stored.body.success).toBe(1);
    const served = await t.app.inject({ method: 'GET', url: `/api/attachment/visitFile?sign=${signOf(stored.body.url)}` });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="plan\.dwg"/);
    // Never as an image inserted into a page.
    const image = await uploadTo(t, 'page/uploadImg', { item_id: item.item_id }, { field: 'editormd-image-file', ...drawing }, owner.token);
    expect(image.body.success).toBe(0);
  });
});

describe('item_member_max', () => {
  it('caps the collaborators of a project', async () => {
    const item = await createItem(t, owner);
    const [a, b] = [await registerUser(t), await registerUser(t)];
    await set({ item_member_max: 1 });
    expect((await t.call('member/save', { item_id: item.item_id, username: a.username, member_group_id: 1 }, { token: owner.token })).error_code).toBe(0);
    const refused = await t.call('member/save', { item_id: item.item_id, username: b.username, member_group_id: 1 }, { token: owner.token });
    expect(refused.error_code).toBe(10310);
    expect(refused.error_message).toMatch(/at most 1 members/);
    await set({ item_member_max: 0 });
    expect((await t.call('member/save', { item_id: item.item_id, username: b.username, member_group_id: 1 }, { token: owner.token })).error_code).toBe(0);
  });
});

describe('strong_password_enabled', () => {
  it('registering needs 8+ characters with lower, upper, digit and symbol, and says what is missing', async () => {
    expect((await register('weak_ok', 'simple1')).error_code).toBe(0);
    await set({ strong_password_enabled: 1 });
    const refused = await register('weak_no', 'simple1');
    expect(refused.error_code).toBe(10101);
    expect(refused.error_message).toMatch(/Missing: at least 8 characters, an uppercase letter, a symbol$/);
    const zh = await register('weak_zh', 'ABCDEFGHI', { 'accept-language': 'zh-CN' });
    expect(zh.error_message).toMatch(/缺少：小写字母、数字、特殊符号$/);
    expect((await register('strong_yes', 'Str0ng!pass')).error_code).toBe(0);
  });

  it('holds for a new password and for accounts an administrator adds', async () => {
    const user = await registerUser(t, { password: 'old password 1' });
    await set({ strong_password_enabled: 1 });
    const reset = await t.call('user/resetPassword', { password: 'old password 1', new_password: 'weakweak' }, { token: user.token });
    expect(reset.error_code).toBe(10101);
    expect(reset.error_message).toMatch(/Missing: an uppercase letter, a digit, a symbol$/);
    expect((await t.call('user/resetPassword', { password: 'old password 1', new_password: 'Weak-but-8' }, { token: user.token })).error_code).toBe(0);
    expect((await t.call('adminUser/addUser', { username: 'by_admin', password: 'weakweak' }, { token: admin.token })).error_code).toBe(10101);
    expect((await t.call('adminUser/addUser', { username: 'by_admin', password: 'G00d#enough' }, { token: admin.token })).error_code).toBe(0);
  });
});
