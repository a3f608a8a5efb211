import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem } from '../../test/item-factories.js';
import { formatTime } from '../../http/time.js';
import { as, changeLogRows, saveCatalog } from '../../test/catalog-helpers.js';
import { CHANGE_LOG_KEEP } from './record.js';

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let editor: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  await registerUser(t, { username: 'site_admin' });
  [owner, manager, editor, other] = await Promise.all([registerUser(t), registerUser(t), registerUser(t), registerUser(t)]);
  await t.database.db.updateTable('user').set({ name: 'Manager Mo' }).where('uid', '=', manager.uid).execute();
});
afterAll(() => t?.close());

interface LogRow {
  id: number;
  op_action_type: string;
  op_object_name: string;
  oper: string;
  optime: string;
}
interface LogPage {
  total: number;
  list: LogRow[];
}

const log = (user: TestUser | null, params: Record<string, unknown>, lang?: string) => as(t, user, 'item/getChangeLog', params, lang ? { lang } : {});

/** Log rows written directly: `count` catalog creations, one per second, named c0, c1, … */
async function fillLog(itemId: number, count: number, from = 0) {
  const rows = Array.from({ length: count }, (_, i) => ({
    uid: owner.uid,
    item_id: itemId,
    op_action_type: 'create',
    op_object_type: 'catalog',
    op_object_id: 1,
    op_object_name: `c${from + i}`,
    optime: 1_700_000_000 + from + i,
  }));
  for (let i = 0; i < rows.length; i += 100) await t.database.db.insertInto('item_change_log').values(rows.slice(i, i + 100)).execute();
}

describe('item/getChangeLog', () => {
  it('answers ShowDoc’s shape, newest first, with who did it (transcript 73)', async () => {
    const item = await createItem(t, owner);
    await addMember(t, item.item_id, manager, 2);
    const cat = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'Guides' });
    t.clock.advance(1);
    await saveCatalog(t, manager, { cat_id: cat, cat_name: 'Guides v2' });
    const res = await log(owner, { item_id: item.item_id });
    const ids = (await changeLogRows(t, item.item_id)).map((r) => r.id);
    expect(res.data).toEqual({
      total: 2,
      list: [
        {
          id: ids[1],
          uid: manager.uid,
          item_id: item.item_id,
          op_action_type: 'update',
          op_object_type: 'catalog',
          op_object_id: cat,
          op_object_name: 'Guides v2',
          remark: '',
          optime: formatTime(t.clock.now(), t.config.timeZone),
          username: manager.username,
          name: 'Manager Mo',
          oper: `${manager.username}(Manager Mo)`,
          op_action_type_desc: 'Changed',
          op_object_type_desc: 'Catalog',
        },
        {
          id: ids[0],
          uid: owner.uid,
          item_id: item.item_id,
          op_action_type: 'create',
          op_object_type: 'catalog',
          op_object_id: cat,
          op_object_name: 'Guides',
          remark: '',
          optime: formatTime(t.clock.now() - 1, t.config.timeZone),
          username: owner.username,
          name: '',
          oper: owner.username,
          op_action_type_desc: 'Created',
          op_object_type_desc: 'Catalog',
        },
      ],
    });
  });

  it('describes actions and objects in the caller’s language, with ShowDoc’s Chinese texts', async () => {
    const item = await createItem(t, owner);
    const cat = await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'x' });
    await as(t, owner, 'catalog/batUpdate', { item_id: item.item_id, cats: JSON.stringify([{ cat_id: cat, parent_cat_id: 0, s_number: 3 }]) });
    await t.database.db.insertInto('item_change_log').values({ item_id: item.item_id, op_action_type: 'something new', op_object_type: 'page', optime: 1 }).execute();
    const descriptions = (rows: unknown) => (rows as LogPage).list.map((r) => [r.op_action_type, (r as unknown as Record<string, string>).op_action_type_desc, (r as unknown as Record<string, string>).op_object_type_desc]);
    expect(descriptions((await log(owner, { item_id: item.item_id }, 'zh-CN,zh;q=0.9')).data)).toEqual([
      ['drag', '拖曳修改', '目录树'],
      ['create', '创建', '目录'],
      ['something new', '未定义', '页面(或接口)'],
    ]);
    expect(descriptions((await log(owner, { item_id: item.item_id }, 'en-US')).data)).toEqual([
      ['drag', 'Rearranged', 'Catalog tree'],
      ['create', 'Created', 'Catalog'],
      ['something new', 'Undefined', 'Page (or API)'],
    ]);
  });

  it('pages with `page` and `count` (default 15, at most 100 a page)', async () => {
    const item = await createItem(t, owner);
    await fillLog(item.item_id, 130);
    const names = async (params: Record<string, unknown>) => {
      const res = (await log(owner, { item_id: item.item_id, ...params })).data as LogPage;
      expect(res.total).toBe(130);
      return res.list.map((r) => r.op_object_name);
    };
    expect(await names({})).toEqual(Array.from({ length: 15 }, (_, i) => `c${129 - i}`));
    expect(await names({ page: 2, count: 10 })).toEqual(Array.from({ length: 10 }, (_, i) => `c${119 - i}`));
    expect(await names({ page: 13, count: 10 })).toEqual(Array.from({ length: 10 }, (_, i) => `c${9 - i}`));
    expect(await names({ page: 14, count: 10 })).toEqual([]);
    expect(await names({ page: 1, count: 10_000 })).toHaveLength(100);
    expect(await names({ page: 2, count: 100 })).toHaveLength(30);
    expect(await names({ page: 999_999, count: 100 })).toEqual([]);
  });

  it('orders rows of the same second by id, newest first', async () => {
    const item = await createItem(t, owner);
    for (const name of ['one', 'two', 'three']) await saveCatalog(t, owner, { item_id: item.item_id, cat_name: name });
    expect(((await log(owner, { item_id: item.item_id })).data as LogPage).list.map((r) => r.op_object_name)).toEqual(['three', 'two', 'one']);
  });

  it(`keeps only the newest ${CHANGE_LOG_KEEP} rows of a project`, async () => {
    const item = await createItem(t, owner);
    const elsewhere = await createItem(t, owner);
    await fillLog(item.item_id, CHANGE_LOG_KEEP);
    await fillLog(elsewhere.item_id, 5);
    await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'the newest' });
    const res = (await log(owner, { item_id: item.item_id, count: 100, page: 1 })).data as LogPage;
    expect(res.total).toBe(CHANGE_LOG_KEEP);
    expect(res.list[0]?.op_object_name).toBe('the newest');
    const kept = (await changeLogRows(t, item.item_id)).map((r) => r.op_object_name);
    expect(kept).toHaveLength(CHANGE_LOG_KEEP);
    expect(kept).not.toContain('c0');
    expect(kept).toContain('c1');
    // Another project's log is not trimmed by this one's.
    expect(await changeLogRows(t, elsewhere.item_id)).toHaveLength(5);
  });

  it('refuses guests (10102), editors and strangers (10303), and bad input (10100)', async () => {
    const item = await createItem(t, owner);
    await addMember(t, item.item_id, editor, 1);
    await saveCatalog(t, owner, { item_id: item.item_id, cat_name: 'secret name' });
    for (const [user, code] of [
      [null, 10102],
      [editor, 10303],
      [other, 10303],
    ] as const) {
      const res = await log(user, { item_id: item.item_id });
      expect(res.error_code).toBe(code);
      expect(res.response.body).not.toContain('secret name');
    }
    for (const params of [{ item_id: 'x' }, { item_id: item.item_id, page: 0 }, { item_id: item.item_id, count: 0 }, { item_id: item.item_id, page: -1 }, {}]) {
      expect((await log(owner, params)).error_code, JSON.stringify(params)).toBe(10100);
    }
  });

  it('names the open API as the one who acted on changes made with the project key', async () => {
    const item = await createItem(t, owner);
    const key = (await as(t, owner, 'item/getKey', { item_id: item.item_id })).data as { api_key: string; api_token: string };
    expect((await t.call('open/updatePage', { ...key, cat_name: 'Scripted', page_title: 'From CI', page_content: 'x' })).error_code).toBe(0);
    const rows = ((await log(owner, { item_id: item.item_id })).data as LogPage).list;
    expect(rows.find((r) => r.op_object_name === 'From CI')).toMatchObject({ oper: 'API' });
  });

  it('a stranger to a private project is sent to the password screen (10307)', async () => {
    const item = await createItem(t, owner, { password: 'pw-123456' });
    expect((await log(other, { item_id: item.item_id })).error_code).toBe(10307);
  });
});
