import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, createItem, type TestCatalog, type TestItem } from '../../test/item-factories.js';

/**
 * The member answers on ShowDoc's URLs (transcripts 33–35). ShowDoc's web app compares
 * `member_group_id === '1'`, so an editor must read `"1"` there (it showed as read-only with `1`), and
 * `cat_ids` is its stored comma list; Folio's URLs answer numbers and a list of ids.
 */
let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let limited: TestUser;
let item: TestItem;
let guides: TestCatalog;
let api: TestCatalog;

const showdoc = (path: string) => `/server/index.php?s=/api/${path}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  editor = await registerUser(t);
  limited = await registerUser(t);
  item = await createItem(t, owner);
  guides = await addCatalog(t, item.item_id, 'Guides');
  api = await addCatalog(t, item.item_id, 'API');
});
afterAll(() => t?.close());

describe('member answers on ShowDoc’s URLs', () => {
  it('member/save answers the new id as a number', async () => {
    const res = await t.call('member/save', { item_id: item.item_id, username: editor.username, member_group_id: 1 }, { token: owner.token, url: showdoc('member/save') });
    expect(res.data).toEqual({ id: expect.any(Number) });
    const limitedRes = await t.call('member/save', { item_id: item.item_id, username: limited.username, member_group_id: 0, cat_ids: `${guides.cat_id},${api.cat_id}` }, { token: owner.token });
    expect(limitedRes.error_code).toBe(0);
  });

  it('member/getList: string ids and role, cat_ids as ShowDoc’s comma list; numbers and a list on /api', async () => {
    const rows = (await t.call('member/getList', { item_id: item.item_id }, { token: owner.token, url: showdoc('member/getList') })).data as Record<string, unknown>[];
    expect(rows.find((r) => r.username === editor.username)).toMatchObject({
      item_member_id: expect.stringMatching(/^\d+$/),
      item_id: String(item.item_id),
      uid: String(editor.uid),
      member_group_id: '1',
      cat_id: '0',
      cat_ids: '',
      addtime: expect.stringMatching(/^\d{4}-/),
    });
    expect(rows.find((r) => r.username === limited.username)).toMatchObject({ member_group_id: '0', cat_ids: `${guides.cat_id},${api.cat_id}` });

    const folio = (await t.call('member/getList', { item_id: item.item_id }, { token: owner.token })).data as Record<string, unknown>[];
    expect(folio.find((r) => r.username === editor.username)).toMatchObject({ uid: editor.uid, member_group_id: 1, cat_id: 0, cat_ids: [] });
    expect(folio.find((r) => r.username === limited.username)).toMatchObject({ member_group_id: 0, cat_ids: [guides.cat_id, api.cat_id] });
  });

  it('member/getAllList: computed item_id and uid as numbers, the role as a string; [] without a project', async () => {
    const people = (await t.call('member/getAllList', { item_id: item.item_id }, { token: owner.token, url: showdoc('member/getAllList') })).data as Record<string, unknown>[];
    expect(people.find((p) => p.uid === editor.uid)).toEqual({ item_id: item.item_id, uid: editor.uid, username: editor.username, username_name: editor.username, member_group_id: '1' });
    const folio = (await t.call('member/getAllList', { item_id: item.item_id }, { token: owner.token })).data as Record<string, unknown>[];
    expect(folio.find((p) => p.uid === editor.uid)).toMatchObject({ member_group_id: 1 });
    expect(await t.call('member/getAllList', {}, { token: owner.token, url: showdoc('member/getAllList') })).toMatchObject({ error_code: 0, data: [] });
  });

  it('member/getMyAllList: uid and unix addtime as numbers; member/delete {success: true}', async () => {
    const mine = (await t.call('member/getMyAllList', {}, { token: owner.token, url: showdoc('member/getMyAllList') })).data as Record<string, unknown>[];
    expect(mine).toContainEqual({ uid: editor.uid, username: editor.username, addtime: t.clock.now() });

    const rows = (await t.call('member/getList', { item_id: item.item_id }, { token: owner.token })).data as { item_member_id: number; uid: number }[];
    const memberId = rows.find((r) => r.uid === editor.uid)?.item_member_id;
    const res = await t.call('member/delete', { item_id: item.item_id, item_member_id: memberId }, { token: owner.token, url: showdoc('member/delete') });
    expect(res.data).toEqual({ success: true });
  });
});
