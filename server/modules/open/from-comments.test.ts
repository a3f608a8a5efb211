import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { historyRows } from '../../test/page-factories.js';
import { livePages, openCall, openProject, openText, type OpenProject } from '../../test/open-helpers.js';

let t: TestApp;
let project: OpenProject;

beforeAll(async () => {
  t = await startTestApp();
  project = await openProject(t);
});
afterAll(() => t?.close());

const SOURCE = `
<?php
/**
 * showdoc
 * @catalog 用户/登录
 * @title 用户登录
 * @description 登录
 * @method post
 * @url https://api.example.com/login
 * @param username 必选 string 用户名
 * @return {"error_code":0}
 * @number 3
 */
function login() {}

/**
 * showdoc
 * @catalog 用户
 * @title 用户列表
 * @method get
 * @url https://api.example.com/users
 * @param page 可选 int 页码
 */
function users() {}
`;

describe('open/fromComments', () => {
  it('writes one API page per block, in ShowDoc’s markdown, and answers ShowDoc’s plain text', async () => {
    const res = await openCall(t, 'open/fromComments', project.key, { from: 'shell', content: SOURCE });
    expect(res.response.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.response.body).toBe('\n 成功 \n\n ');
    const pages = await livePages(t, project.item.item_id);
    const login = pages.find((p) => p.page_title === '用户登录');
    const list = pages.find((p) => p.page_title === '用户列表');
    expect(login).toMatchObject({ author_uid: 0, author_username: 'API', s_number: 3 });
    expect(login?.page_content).toContain('##### 简要描述');
    expect(login?.page_content).toContain('`https://api.example.com/login`');
    expect(login?.page_content).toContain('##### 请求Body参数');
    expect(list?.page_content).toContain('##### 请求Query参数');
    expect(list?.s_number).toBe(99);
    const catalogs = await t.database.db.selectFrom('catalog').selectAll().where('item_id', '=', project.item.item_id).orderBy('cat_id').execute();
    expect(catalogs.map((c) => c.cat_name)).toEqual(['用户', '登录']);
    expect(login?.cat_id).toBe(catalogs[1]?.cat_id);
    expect(list?.cat_id).toBe(catalogs[0]?.cat_id);
  });

  it('updates the same pages on a second run (one history version each), also at fromComments/generate', async () => {
    const again = await openText(t, 'fromComments/generate', project.key, { content: SOURCE.replace('@description 登录', '@description 登录 v2') });
    expect(again).toBe('\n 成功 \n\n ');
    const pages = (await livePages(t, project.item.item_id)).filter((p) => p.page_title === '用户登录');
    expect(pages).toHaveLength(1);
    expect(pages[0]?.page_content).toContain('登录 v2');
    expect(await historyRows(t, pages[0]?.page_id ?? 0)).toHaveLength(1);
  });

  it('takes content as ShowDoc’s script sends it: & as _this_and_change_, HTML-escaped, + kept when URL-encoded', async () => {
    const content = '/** showdoc\n * @title A &amp; B\n * @url /calc?x=1_this_and_change_y=2\n * @return {"sum":"1+1"}\n */';
    expect(await openText(t, 'open/fromComments', project.key, { content })).toBe('\n 成功 \n\n ');
    const page = (await livePages(t, project.item.item_id)).find((p) => p.page_title === 'A & B');
    expect(page?.page_content).toContain('`/calc?x=1&y=2`');
    expect(page?.page_content).toContain('"sum": "1+1"');
  });

  it('answers ShowDoc’s mismatch text for a wrong key and 失败 when nothing can be written', async () => {
    expect(await openText(t, 'open/fromComments', { ...project.key, api_token: 'wrong' }, { content: SOURCE })).toBe('\napi_key或者api_token不匹配\n\n');
    expect(await openText(t, 'open/fromComments', project.key, { content: '/** no doc block */' })).toMatch(/^失败\n/);
    expect(await openText(t, 'open/fromComments', project.key, {})).toMatch(/^失败\n/);
  });

  it('answers bad input in text too, and writes nothing of a call that fails part-way', async () => {
    expect(await openText(t, 'open/fromComments', project.key, { content: 'a\u0000b' })).toMatch(/^失败\n/);
    expect(await openText(t, 'open/fromComments', project.key, { content: ['x'] }, { json: true })).toMatch(/^失败\n/);
    const before = (await livePages(t, project.item.item_id)).length;
    const halfBad = `/** showdoc\n * @title Fine\n */\n/** showdoc\n * @title ${'x'.repeat(300)}\n */`;
    expect(await openText(t, 'open/fromComments', project.key, { content: halfBad })).toMatch(/^失败\n/);
    expect((await livePages(t, project.item.item_id)).length).toBe(before);
  });

  it('caps the blocks of one call', async () => {
    const many = Array.from({ length: 501 }, (_, i) => `/** showdoc\n * @title P${i}\n */`).join('\n');
    expect(await openText(t, 'open/fromComments', project.key, { content: many })).toMatch(/^失败\n/);
  });
});

const TABLE_INFO = 'TABLE_NAME\tTABLE_COMMENT\tENGINE\tTABLE_COLLATION\nuser\t用户表\tInnoDB\tutf8mb4_general_ci\na<script>\tcomment | with pipe\tMyISAM\tlatin1_swedish_ci\n';
const TABLE_DETAIL = [
  'TABLE_NAME\tCOLUMN_NAME\tCOLUMN_DEFAULT\tIS_NULLABLE\tCOLUMN_TYPE\tCOLUMN_COMMENT',
  'user\tuid\tNULL\tNO\tint(11)\t用户id',
  'user\tusername\t\tNO\tvarchar(50)\t名_this_and_change_姓',
  'a<script>\tx\t0\tYES\tint\t<script>alert(1)</script>',
].join('\n');
const TABLE_INDEX = 'TABLE_NAME\tINDEX_NAME\tCOLUMN_NAME\tSEQ_IN_INDEX\tNON_UNIQUE\tINDEX_TYPE\tINDEX_COMMENT\nuser\tPRIMARY\tuid\t1\t0\tBTREE\t\nuser\tname_idx\tusername\t1\t1\tBTREE\t按名\n';

describe('open/updateDbItem', () => {
  it('writes one data-dictionary page per table and answers 成功', async () => {
    const own = await openProject(t);
    const body = await openText(t, 'open/updateDbItem', own.key, { table_info: TABLE_INFO, table_detail: TABLE_DETAIL, table_index: TABLE_INDEX, cat_name: '数据字典/库' });
    expect(body).toBe('成功\n');
    const pages = await livePages(t, own.item.item_id);
    expect(pages.map((p) => p.page_title).sort()).toEqual(['a<script>', 'user']);
    const user = pages.find((p) => p.page_title === 'user');
    expect(user?.page_content).toContain('- 用户表');
    expect(user?.page_content).toContain('## 字段说明');
    expect(user?.page_content).toContain('|字段|类型|允许空|默认|注释|');
    expect(user?.page_content).toContain('|username|varchar(50)|NO||名&amp;姓|');
    expect(user?.page_content).toContain('## 索引说明');
    expect(user?.page_content).toContain('|PRIMARY|BTREE|是|uid||');
    expect(user?.page_content).toContain('- 引擎：InnoDB');
    const hostile = pages.find((p) => p.page_title === 'a<script>');
    expect(hostile?.page_content).not.toContain('<script>');
    expect(hostile?.page_content).toContain('comment \\| with pipe');
    const catalogs = await t.database.db.selectFrom('catalog').select('cat_name').where('item_id', '=', own.item.item_id).orderBy('cat_id').execute();
    expect(catalogs.map((c) => c.cat_name)).toEqual(['数据字典', '库']);

    // A second dump updates the same pages.
    expect(await openText(t, 'open/updateDbItem', own.key, { table_info: TABLE_INFO, table_detail: TABLE_DETAIL, cat_name: '数据字典/库' })).toBe('成功\n');
    expect(await livePages(t, own.item.item_id)).toHaveLength(2);
    expect((await livePages(t, own.item.item_id)).find((p) => p.page_title === 'user')?.page_content).not.toContain('## 索引说明');
  });

  it('answers the mismatch text for a wrong key and 失败 for empty or invalid dumps', async () => {
    expect(await openText(t, 'open/updateDbItem', { ...project.key, api_token: 'x' }, { table_info: TABLE_INFO })).toBe('\napi_key或者api_token不匹配\n\n');
    expect(await openText(t, 'open/updateDbItem', project.key, { table_info: 'header only\n' })).toMatch(/^失败\n/);
    expect(await openText(t, 'open/updateDbItem', project.key, { table_info: 'h\nt\u0000\n' })).toMatch(/^失败\n/);
    // A dump over 4 MB (E11: very long statements are capped, not parsed).
    expect(await openText(t, 'open/updateDbItem', project.key, { table_info: `h\n${'t'.repeat(4 * 1024 * 1024)}` })).toMatch(/^失败\n/);
  });
});
