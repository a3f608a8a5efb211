import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';

/** The item group answers on ShowDoc's URLs: the row's numbers as strings, `item_ids` its comma list. */
let t: TestApp;
let me: TestUser;
let groupId: number;

const showdoc = (path: string) => `/server/index.php?s=/api/${path}`;

beforeAll(async () => {
  t = await startTestApp();
  me = await registerUser(t);
  const saved = await t.call('itemGroup/save', { group_name: 'Backend', item_ids: '3,5' }, { token: me.token });
  groupId = (saved.data as { id: number }).id;
});
afterAll(() => t?.close());

describe('item group answers on ShowDoc’s URLs', () => {
  it('itemGroup/save and getList: string ids and order, the comma list as stored; numbers on /api', async () => {
    const saved = await t.call('itemGroup/save', { id: groupId, group_name: 'Backend API' }, { token: me.token, url: showdoc('itemGroup/save') });
    expect(saved.data).toEqual({ id: String(groupId), group_name: 'Backend API', item_ids: '3,5', s_number: '1', created_at: expect.stringMatching(/^\d{4}-/), updated_at: expect.stringMatching(/^\d{4}-/) });

    const [row] = (await t.call('itemGroup/getList', {}, { token: me.token, url: showdoc('itemGroup/getList') })).data as Record<string, unknown>[];
    expect(row).toMatchObject({ id: String(groupId), uid: String(me.uid), item_ids: '3,5', s_number: '1' });
    const [folio] = (await t.call('itemGroup/getList', {}, { token: me.token })).data as Record<string, unknown>[];
    expect(folio).toMatchObject({ id: groupId, uid: me.uid, item_ids: '3,5', s_number: 1 });
  });

  it('itemGroup/saveSort answers [], itemGroup/delete {success: true}', async () => {
    const order = JSON.stringify([{ id: groupId, s_number: 4 }]);
    expect((await t.call('itemGroup/saveSort', { groups: order }, { token: me.token, url: showdoc('itemGroup/saveSort') })).data).toEqual([]);
    expect((await t.call('itemGroup/delete', { id: groupId }, { token: me.token, url: showdoc('itemGroup/delete') })).data).toEqual({ success: true });
  });
});
