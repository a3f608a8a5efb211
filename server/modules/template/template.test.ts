import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem, type TestItem } from '../../test/item-factories.js';
import { MAX_TEMPLATE_CHARS } from './service.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let reader: TestUser;
let item: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  alice = await registerUser(t);
  bob = await registerUser(t);
  reader = await registerUser(t);
  item = await createItem(t, alice);
  await addMember(t, item.item_id, bob, 1);
  await addMember(t, item.item_id, reader, 0);
});
afterAll(() => t?.close());

const as = (user: TestUser | undefined) => (path: string, params: Record<string, unknown> = {}) => t.call(path, params, { token: user?.token });

describe('templates', () => {
  it('are saved raw, listed newest first, and belong to their author only', async () => {
    const content = '## API\n\n| a | b |\n|---|---|\n<b>&lt;kept&gt;</b> 中文 🚀';
    const first = await as(alice)('template/save', { template_title: 'API page', template_content: content });
    expect(first).toMatchObject({ error_code: 0, data: { id: expect.any(Number) } });
    t.clock.advance(5);
    await as(alice)('template/save', { template_title: 'Second', template_content: 'x' });
    const mine = (await as(alice)('template/getMyList')).data as { template_title: string; template_content: string; share_item_count: number; addtime: string }[];
    expect(mine.map((m) => m.template_title)).toEqual(['Second', 'API page']);
    expect(mine[1]).toMatchObject({ template_content: content, share_item_count: 0, addtime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect((await as(bob)('template/getList')).data).toEqual([]);
  });

  it('refuse a missing or oversized title, oversized content and guests', async () => {
    expect((await as(alice)('template/save', { template_title: '  ', template_content: 'x' })).error_code).toBe(10100);
    expect((await as(alice)('template/save', { template_title: 'x'.repeat(256), template_content: 'x' })).error_code).toBe(10100);
    expect((await as(alice)('template/save', { template_title: 'big', template_content: 'x'.repeat(MAX_TEMPLATE_CHARS + 1) })).error_code).toBe(10100);
    expect((await as(undefined)('template/save', { template_title: 'x', template_content: 'x' })).error_code).toBe(10102);
    expect((await as(undefined)('template/getMyList')).error_code).toBe(10102);
  });

  it('are shared into projects their author may edit, and replace the earlier shares', async () => {
    const { id } = (await as(alice)('template/save', { template_title: 'Shared', template_content: 'body' })).data as { id: number };
    const second = await createItem(t, alice);
    expect((await as(alice)('template/shareToItem', { template_id: id, item_id: `${item.item_id},${second.item_id}` })).error_code).toBe(0);
    expect((await as(alice)('template/getShareItemList', { template_id: id })).data).toHaveLength(2);
    // Editors of the project see it; read-only members and strangers do not get the list.
    expect((await as(bob)('template/getItemList', { item_id: item.item_id })).data).toEqual([expect.objectContaining({ id, template_title: 'Shared', template_content: 'body' })]);
    expect((await as(reader)('template/getItemList', { item_id: item.item_id })).error_code).toBe(10303);
    const stranger = await registerUser(t);
    expect((await as(stranger)('template/getItemList', { item_id: item.item_id })).error_code).toBe(10303);

    expect((await as(alice)('template/shareToItem', { template_id: id, item_id: String(second.item_id) })).error_code).toBe(0);
    expect((await as(bob)('template/getItemList', { item_id: item.item_id })).data).toEqual([]);
    const listed = (await as(alice)('template/getMyList')).data as { id: number; share_item: { item_id: number }[] }[];
    expect(listed.find((m) => m.id === id)?.share_item.map((s) => s.item_id)).toEqual([second.item_id]);
    expect((await as(alice)('template/shareToItem', { template_id: id, item_id: '' })).error_code).toBe(0);
    expect((await as(alice)('template/getShareItemList', { template_id: id })).data).toEqual([]);
  });

  it('cannot be shared into a project the author may not edit, and nothing changes then', async () => {
    const { id } = (await as(bob)('template/save', { template_title: 'Bob’s', template_content: 'b' })).data as { id: number };
    await as(bob)('template/shareToItem', { template_id: id, item_id: String(item.item_id) });
    const foreign = await createItem(t, reader);
    expect((await as(bob)('template/shareToItem', { template_id: id, item_id: `${item.item_id},${foreign.item_id}` })).error_code).toBe(10303);
    expect((await as(bob)('template/getShareItemList', { template_id: id })).data).toHaveLength(1);
    expect((await as(bob)('template/shareToItem', { template_id: id, item_id: '1,abc' })).error_code).toBe(10100);
  });

  it('keep unicode titles whole, refuse NUL characters and malformed ids, and answer guests with 10102 everywhere', async () => {
    const title = '接口模板 🚀 <script>'.padEnd(255, 'é');
    const saved = await as(alice)('template/save', { template_title: title, template_content: '内容 \u{1F680}' });
    expect(saved.error_code).toBe(0);
    const { id } = saved.data as { id: number };
    const listed = (await as(alice)('template/getMyList')).data as { id: number; template_title: string }[];
    expect(listed.find((m) => m.id === id)?.template_title).toBe(title);
    expect((await as(alice)('template/save', { template_title: 'a\u0000b', template_content: 'x' })).error_code).toBe(10100);
    for (const bad of ['abc', '-1', '99999999999999999999', '1.5']) {
      expect((await as(alice)('template/delete', { id: bad })).error_code).toBe(10100);
      expect((await as(alice)('template/getItemList', { item_id: bad })).error_code).toBe(10100);
      expect((await as(alice)('template/getShareItemList', { template_id: bad })).error_code).toBe(10100);
    }
    for (const [path, params] of [
      ['template/getList', {}],
      ['template/getItemList', { item_id: item.item_id }],
      ['template/delete', { id }],
      ['template/shareToItem', { template_id: id, item_id: String(item.item_id) }],
      ['template/getShareItemList', { template_id: id }],
    ] as const) {
      expect((await as(undefined)(path, params)).error_code).toBe(10102);
    }
    // Another user cannot see who a template is shared with, nor share it.
    expect((await as(bob)('template/getShareItemList', { template_id: id })).error_code).not.toBe(0);
  });

  it('are deleted by their author only, shares included', async () => {
    const { id } = (await as(alice)('template/save', { template_title: 'Gone', template_content: 'g' })).data as { id: number };
    await as(alice)('template/shareToItem', { template_id: id, item_id: String(item.item_id) });
    expect((await as(bob)('template/delete', { id })).error_code).toBe(10101);
    expect((await as(bob)('template/shareToItem', { template_id: id, item_id: String(item.item_id) })).error_code).toBe(10101);
    expect((await as(alice)('template/delete', { id })).error_code).toBe(0);
    expect((await as(bob)('template/getItemList', { item_id: item.item_id })).data).not.toEqual(expect.arrayContaining([expect.objectContaining({ id })]));
    expect((await as(alice)('template/delete', { id })).error_code).toBe(10101);
    expect((await as(alice)('template/delete', { id: -1 })).error_code).toBe(10100);
  });
});
