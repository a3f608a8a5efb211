import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { MAX_SQL_CHARS, sqlToMarkdownTable } from './sql-table.js';

const HEAD = '| 字段 | 类型 | 允许空 | 默认 | 说明 |\n| --- | --- | --- | --- | --- |\n';

describe('CREATE TABLE to markdown', () => {
  it('reads MySQL with column and table comments, in ShowDoc’s layout', () => {
    const sql = "CREATE TABLE `user` (\n `uid` int(10) unsigned NOT NULL AUTO_INCREMENT COMMENT '用户id',\n `name` varchar(50) DEFAULT 'x' COMMENT 'nick|name',\n `bio` text,\n PRIMARY KEY (`uid`)\n) ENGINE=InnoDB COMMENT='用户表';";
    expect(sqlToMarkdownTable(sql).markdown).toBe(
      '\n- user 用户表\n\n' + HEAD + '| uid | int(10) unsigned | 否 |  | 用户id |\n| name | varchar(50) | 是 | x | nick\\|name |\n| bio | text | 是 |  |  |\n',
    );
  });

  it('reads PostgreSQL with COMMENT ON statements', () => {
    const sql = `CREATE TABLE orders (id serial PRIMARY KEY, total numeric(10,2) NOT NULL DEFAULT 0, placed_at timestamp DEFAULT now());
COMMENT ON TABLE orders IS 'Orders';
COMMENT ON COLUMN orders.total IS 'Sum in cents';`;
    const markdown = sqlToMarkdownTable(sql).markdown;
    expect(markdown.startsWith('\n- orders Orders\n\n' + HEAD)).toBe(true);
    expect(markdown).toContain('| id | serial | 否 |  |  |');
    expect(markdown).toContain('| total | numeric(10,2) | 否 | 0 | Sum in cents |');
    expect(markdown).toMatch(/\| placed_at \| timestamp \| 是 \| now\(\)? \|/i);
  });

  it('reads SQLite, bracketed names included, and several tables at once', () => {
    const sql = 'CREATE TABLE [order items] ([id] INTEGER PRIMARY KEY, "name" TEXT NOT NULL DEFAULT \'\');\nCREATE TABLE tags (tag TEXT);';
    const markdown = sqlToMarkdownTable(sql).markdown;
    expect(markdown).toContain('\n- order items\n\n' + HEAD + '| id | integer | 否 |  |  |\n| name | text | 否 |  |  |\n');
    expect(markdown).toContain('\n- tags\n\n' + HEAD + '| tag | text | 是 |  |  |\n');
  });

  it('refuses what is not a CREATE TABLE, without running anything', () => {
    for (const sql of ['DROP TABLE user;', 'SELECT 1', 'hello', '']) {
      expect(() => sqlToMarkdownTable(sql)).toThrow();
    }
  });
});

describe('page/sqlToMarkdownTable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers anyone, logged in or not, with ShowDoc’s {markdown}', async () => {
    const res = await t.call('page/sqlToMarkdownTable', { sql: 'CREATE TABLE t (id int NOT NULL COMMENT "编号")' });
    expect(res.error_code).toBe(0);
    expect(res.data).toEqual({ markdown: '\n- t\n\n' + HEAD + '| id | int | 否 |  | 编号 |\n' });
  });

  it('writes the headers and the nullable column in English when the app asks for lang=en; Chinese stays the default', async () => {
    const res = await t.call('page/sqlToMarkdownTable', { sql: 'CREATE TABLE t (id int NOT NULL COMMENT "编号", note text)', lang: 'en' });
    expect(res.data).toEqual({
      markdown: '\n- t\n\n| Field | Type | Nullable | Default | Comment |\n| --- | --- | --- | --- | --- |\n| id | int | no |  | 编号 |\n| note | text | yes |  |  |\n',
    });
    expect((await t.call('page/sqlToMarkdownTable', { sql: 'CREATE TABLE t (id int)', lang: 'zh' })).data).toEqual({ markdown: '\n- t\n\n' + HEAD + '| id | int | 是 |  |  |\n' });
    expect((await t.call('page/sqlToMarkdownTable', { sql: 'CREATE TABLE t (id int)', lang: 'fr' })).error_code).toBe(10100);
  });

  it('E11 · says why it cannot convert, and refuses oversized input', async () => {
    const bad = await t.call('page/sqlToMarkdownTable', { sql: 'DELETE FROM users' });
    expect(bad.error_code).toBe(10101);
    expect(bad.error_message).toMatch(/CREATE TABLE/);
    expect((await t.call('page/sqlToMarkdownTable', {})).error_code).toBe(10101);
    expect((await t.call('page/sqlToMarkdownTable', { sql: 'x'.repeat(MAX_SQL_CHARS + 1) })).error_code).toBe(10100);
  });

  it('throttles one address that converts without pause', async () => {
    const own = { remoteAddress: '10.9.9.9' };
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await t.call('page/sqlToMarkdownTable', { sql: 'CREATE TABLE a (b int)' }, own)).error_code;
    expect(last).toBe(10429);
  });
});
