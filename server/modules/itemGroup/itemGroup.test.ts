import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';

interface Group {
  id: number;
  uid: number;
  group_name: string;
  item_ids: string;
  s_number: number;
  created_at: string;
  updated_at: string;
}

type Params = Record<string, unknown>;

describe('item groups', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 1_800_000_000 (the test clock's start) is 2027-01-15 08:00:00 UTC.
    t = await startTestApp({ timeZone: 'Asia/Shanghai' });
  });
  afterAll(() => t.close());

  const newUser = () => registerUser(t);
  const save = (user: TestUser, params: Params, json = false) => t.call('itemGroup/save', params, { token: user.token, json });
  const create = async (user: TestUser, params: Params = {}) => {
    const res = await save(user, params);
    if (res.error_code !== 0) throw new Error(`itemGroup/save failed: ${res.error_code} ${res.error_message}`);
    return res.data as Omit<Group, 'uid'>;
  };
  const groupsOf = async (user: TestUser) => {
    const res = await t.call('itemGroup/getList', {}, { token: user.token });
    expect(res.error_code).toBe(0);
    return res.data as Group[];
  };
  const saveSort = (user: TestUser, groups: unknown, json = false) => t.call('itemGroup/saveSort', { groups }, { token: user.token, json });
  const remove = (user: TestUser, id: unknown, json = false) => t.call('itemGroup/delete', { id }, { token: user.token, json });

  describe('listing', () => {
    it('starts empty', async () => {
      expect(await groupsOf(await newUser())).toEqual([]);
    });

    it('shows my groups with their members, order and times in the site time zone', async () => {
      const me = await newUser();
      const { id } = await create(me, { group_name: 'Backend', item_ids: '12,7' });
      expect(await groupsOf(me)).toEqual([
        { id, uid: me.uid, group_name: 'Backend', item_ids: '12,7', s_number: 1, created_at: '2027-01-15 16:00:00', updated_at: '2027-01-15 16:00:00' },
      ]);
    });

    it('orders by s_number, then by id', async () => {
      const me = await newUser();
      const a = await create(me, { group_name: 'a' });
      const b = await create(me, { group_name: 'b' });
      const c = await create(me, { group_name: 'c' });
      expect((await saveSort(me, JSON.stringify([{ id: c.id, s_number: 1 }, { id: a.id, s_number: 2 }, { id: b.id, s_number: 1 }]))).error_code).toBe(0);
      // b and c share position 1: the older group comes first.
      expect((await groupsOf(me)).map((g) => g.group_name)).toEqual(['b', 'c', 'a']);
    });
  });

  describe('creating', () => {
    it('returns the new row without the owner uid', async () => {
      const me = await newUser();
      const res = await save(me, { group_name: 'Docs', item_ids: '3' });
      expect(res.error_code).toBe(0);
      expect(res.data).toEqual({ id: expect.any(Number), group_name: 'Docs', item_ids: '3', s_number: 1, created_at: '2027-01-15 16:00:00', updated_at: '2027-01-15 16:00:00' });
    });

    it('treats id 0 like no id: both create', async () => {
      const me = await newUser();
      await create(me, { id: 0, group_name: 'zero' });
      await create(me, { group_name: 'absent' });
      expect((await groupsOf(me)).map((g) => g.group_name)).toEqual(['zero', 'absent']);
    });

    it('puts a new group after the last one, even after reordering', async () => {
      const me = await newUser();
      const a = await create(me, { group_name: 'a' });
      const b = await create(me, { group_name: 'b' });
      expect([a.s_number, b.s_number]).toEqual([1, 2]);
      await saveSort(me, JSON.stringify([{ id: a.id, s_number: 9 }]));
      expect((await create(me, { group_name: 'c' })).s_number).toBe(10);
      expect((await groupsOf(me)).map((g) => g.group_name)).toEqual(['b', 'a', 'c']);
    });

    it('names a group "default" when the name is empty, blank or missing', async () => {
      const me = await newUser();
      for (const params of [{ group_name: '' }, { group_name: ' \t\n ' }, {}]) {
        expect((await create(me, params)).group_name).toBe('default');
      }
    });

    it('keeps unicode and emoji names exactly, trimmed of surrounding spaces', async () => {
      const me = await newUser();
      const names = ['接口文档', '🚀 Releases 🎉', 'Ünïcödé — ñ', '👨‍👩‍👧‍👦 family', "<b>O'Brien & \"co\"</b>"];
      for (const name of names) await create(me, { group_name: `  ${name}  ` });
      expect((await groupsOf(me)).map((g) => g.group_name)).toEqual(names);
      const res = await t.call('itemGroup/getList', {}, { token: me.token });
      expect(res.response.body).toContain('🚀 Releases 🎉');
    });

    it('accepts 100 characters (emoji count as one) and refuses 101 with a message', async () => {
      const me = await newUser();
      expect((await create(me, { group_name: '🙂'.repeat(100) })).group_name).toBe('🙂'.repeat(100));
      expect((await create(me, { group_name: 'x'.repeat(100) })).group_name).toHaveLength(100);
      const tooLong = await save(me, { group_name: '🙂'.repeat(101) });
      expect(tooLong).toMatchObject({ error_code: 10100, error_message: expect.stringContaining('100') });
      expect((await save(me, { group_name: 'x'.repeat(5000) })).error_code).toBe(10100);
      expect(await groupsOf(me)).toHaveLength(2);
    });
  });

  describe('the item_ids list', () => {
    const stored = async (user: TestUser, item_ids: unknown, json = false) => {
      const res = await save(user, { group_name: 'g', item_ids }, json);
      expect(res.error_code, JSON.stringify(item_ids)).toBe(0);
      return (res.data as Group).item_ids;
    };

    it('is stored as a comma list, duplicates and empty entries dropped, order kept', async () => {
      const me = await newUser();
      expect(await stored(me, '3, 5,3,,8,')).toBe('3,5,8');
      expect(await stored(me, '')).toBe('');
      expect(await stored(me, ' , ')).toBe('');
    });

    it('may also come as a JSON array, HTML-escaped or not, or as one number from a JSON client', async () => {
      const me = await newUser();
      expect(await stored(me, '[8, 3, 8]')).toBe('8,3');
      expect(await stored(me, '["4","2"]')).toBe('4,2');
      expect(await stored(me, '[&quot;4&quot;,&quot;9&quot;]')).toBe('4,9');
      expect(await stored(me, 7, true)).toBe('7');
    });

    it('holds at most 1000 different ids', async () => {
      const me = await newUser();
      const ids = Array.from({ length: 1000 }, (_, i) => 2_000_000_000 + i);
      expect((await stored(me, ids.join(','))).split(',')).toHaveLength(1000);
      // Repeats do not count against the limit.
      expect(await stored(me, [...ids, ...ids.slice(0, 500)].join(','))).toBe(ids.join(','));
      expect((await save(me, { item_ids: [...ids, 1].join(',') })).error_code).toBe(10100);
      expect((await save(me, { item_ids: '1,'.repeat(20_000) })).error_code).toBe(10100);
    });

    it('refuses anything that is not a positive integer id', async () => {
      const me = await newUser();
      for (const item_ids of ['abc', '1,two,3', '1.5', '-3', '0', '1e3', '99999999999', '[1,"x"]', '[{}]', '[[1]]', '{"a":1}', '[1,', 'null']) {
        const res = await save(me, { group_name: 'bad', item_ids });
        expect(res.error_code, item_ids).toBe(10100);
      }
      expect(await groupsOf(me)).toEqual([]);
    });

    it('is what the project list filters by', async () => {
      const me = await newUser();
      const add = async (item_name: string) => {
        const res = await t.call('item/add', { item_name }, { token: me.token });
        return (res.data as { item_id: number }).item_id;
      };
      const [api, wiki, misc] = [await add('api'), await add('wiki'), await add('misc')];
      const { id } = await create(me, { group_name: 'mine', item_ids: `${wiki},${api},999999` });
      const res = await t.call('item/myList', { item_group_id: id }, { token: me.token });
      const shown = (res.data as { item_id: number }[]).map((i) => i.item_id);
      expect(shown.sort()).toEqual([api, wiki].sort());
      expect(shown).not.toContain(misc);
    });
  });

  describe('updating', () => {
    it('renames a group and changes its members, keeping its place and creation time', async () => {
      const me = await newUser();
      const first = await create(me, { group_name: 'old', item_ids: '1,2' });
      await create(me, { group_name: 'second' });
      t.clock.advance(3600);
      const res = await save(me, { id: first.id, group_name: 'new 名字', item_ids: '2,3' });
      expect(res.error_code).toBe(0);
      expect(res.data).toEqual({ id: first.id, group_name: 'new 名字', item_ids: '2,3', s_number: 1, created_at: '2027-01-15 16:00:00', updated_at: '2027-01-15 17:00:00' });
      expect((await groupsOf(me)).map((g) => g.group_name)).toEqual(['new 名字', 'second']);
    });

    it('keeps the members when only the name is sent, and the name when only members are sent', async () => {
      const me = await newUser();
      const { id } = await create(me, { group_name: 'keep', item_ids: '4,5' });
      expect((await save(me, { id, group_name: 'renamed' })).data).toMatchObject({ group_name: 'renamed', item_ids: '4,5' });
      expect((await save(me, { id, item_ids: '6' })).data).toMatchObject({ group_name: 'renamed', item_ids: '6' });
      expect((await save(me, { id, item_ids: '' })).data).toMatchObject({ group_name: 'renamed', item_ids: '' });
      expect((await save(me, { id, group_name: ' ' })).data).toMatchObject({ group_name: 'default' });
    });
  });

  describe('deleting', () => {
    it('removes the group and my project order inside it, and nothing else', async () => {
      const me = await newUser();
      const other = await newUser();
      const doomed = await create(me, { group_name: 'doomed' });
      const kept = await create(me, { group_name: 'kept' });
      const db = t.database.db;
      await db
        .insertInto('item_sort')
        .values([
          { uid: me.uid, item_group_id: doomed.id, item_sort_data: '{"1":0}' },
          { uid: me.uid, item_group_id: kept.id, item_sort_data: '{"1":0}' },
          { uid: me.uid, item_group_id: 0, item_sort_data: '{"1":0}' },
          { uid: other.uid, item_group_id: doomed.id, item_sort_data: '{"1":0}' },
        ])
        .execute();

      const res = await remove(me, doomed.id);
      expect(res).toMatchObject({ error_code: 0, data: { success: true } });
      expect((await groupsOf(me)).map((g) => g.id)).toEqual([kept.id]);
      const sorts = await db.selectFrom('item_sort').select(['uid', 'item_group_id']).where('uid', 'in', [me.uid, other.uid]).orderBy('id').execute();
      expect(sorts).toEqual([
        { uid: me.uid, item_group_id: kept.id },
        { uid: me.uid, item_group_id: 0 },
        { uid: other.uid, item_group_id: doomed.id },
      ]);
    });

    it('answers 10103 for a group that is gone or never existed', async () => {
      const me = await newUser();
      const { id } = await create(me);
      expect((await remove(me, id)).error_code).toBe(0);
      expect((await remove(me, id)).error_code).toBe(10103);
      expect((await remove(me, 2_000_000_000)).error_code).toBe(10103);
    });
  });

  describe('sorting', () => {
    it('stores the order the dialog sends, also HTML-escaped and with ids as strings', async () => {
      const me = await newUser();
      const a = await create(me, { group_name: 'a' });
      const b = await create(me, { group_name: 'b' });
      const c = await create(me, { group_name: 'c' });

      const escaped = JSON.stringify([{ id: c.id, s_number: 1 }, { id: a.id, s_number: 2 }, { id: b.id, s_number: 3 }]).replace(/"/g, '&quot;');
      expect(await saveSort(me, escaped)).toMatchObject({ error_code: 0, data: [] });
      expect((await groupsOf(me)).map((g) => [g.group_name, g.s_number])).toEqual([['c', 1], ['a', 2], ['b', 3]]);

      const stringly = JSON.stringify([{ id: String(b.id), s_number: '0' }]);
      expect((await saveSort(me, stringly)).error_code).toBe(0);
      expect((await groupsOf(me)).map((g) => g.group_name)).toEqual(['b', 'c', 'a']);
    });

    it('does not count as changing the groups', async () => {
      const me = await newUser();
      const a = await create(me);
      t.clock.advance(60);
      await saveSort(me, JSON.stringify([{ id: a.id, s_number: 5 }]));
      expect((await groupsOf(me))[0]).toMatchObject({ s_number: 5, updated_at: a.updated_at });
    });

    it('accepts an empty list and up to 500 entries', async () => {
      const me = await newUser();
      const a = await create(me);
      expect((await saveSort(me, '[]')).error_code).toBe(0);
      const many = Array.from({ length: 500 }, (_, i) => ({ id: i === 499 ? a.id : 2_000_000_000 + i, s_number: i }));
      expect((await saveSort(me, JSON.stringify(many))).error_code).toBe(0);
      expect((await groupsOf(me))[0]?.s_number).toBe(499);
    });

    it('refuses malformed JSON and wrong shapes, changing nothing', async () => {
      const me = await newUser();
      const a = await create(me);
      const bad = [
        '',
        '[{"id":1,"s_number":2}',
        'not json',
        '{"id":1,"s_number":2}',
        '[1,2]',
        `[{"id":${a.id}}]`,
        `[{"s_number":3}]`,
        `[{"id":"x","s_number":3}]`,
        `[{"id":-1,"s_number":3}]`,
        `[{"id":${a.id},"s_number":-1}]`,
        `[{"id":${a.id},"s_number":1.5}]`,
        `[{"id":${a.id},"s_number":[3]}]`,
        `[{"id":[${a.id}],"s_number":3}]`,
        `[{"id":${a.id},"s_number":3},null]`,
        'null',
        JSON.stringify(Array.from({ length: 501 }, (_, i) => ({ id: i + 1, s_number: i }))),
      ];
      for (const groups of bad) expect((await saveSort(me, groups)).error_code, groups).toBe(10100);
      expect((await groupsOf(me))[0]?.s_number).toBe(a.s_number);
    });
  });

  describe('privacy between users', () => {
    let alice: TestUser;
    let mallory: TestUser;
    let aliceGroup: Omit<Group, 'uid'>;
    beforeAll(async () => {
      alice = await newUser();
      mallory = await newUser();
      aliceGroup = await create(alice, { group_name: 'alice only', item_ids: '1,2' });
    });

    it('another user does not see my groups', async () => {
      await create(mallory, { group_name: "mallory's" });
      expect((await groupsOf(mallory)).map((g) => g.group_name)).toEqual(["mallory's"]);
      expect((await groupsOf(alice)).map((g) => g.group_name)).toEqual(['alice only']);
    });

    it('another user cannot rename or refill my group', async () => {
      expect((await save(mallory, { id: aliceGroup.id, group_name: 'pwned', item_ids: '9' })).error_code).toBe(10103);
      expect((await save(mallory, { id: aliceGroup.id, item_ids: '9' })).error_code).toBe(10103);
      expect((await groupsOf(alice))[0]).toMatchObject({ group_name: 'alice only', item_ids: '1,2' });
    });

    it('another user cannot delete my group', async () => {
      expect((await remove(mallory, aliceGroup.id)).error_code).toBe(10103);
      expect(await groupsOf(alice)).toHaveLength(1);
    });

    it("another user's sort entries for my group are ignored", async () => {
      const res = await saveSort(mallory, JSON.stringify([{ id: aliceGroup.id, s_number: 77 }]));
      expect(res.error_code).toBe(0);
      expect((await groupsOf(alice))[0]?.s_number).toBe(aliceGroup.s_number);
    });

    it('a missing group and somebody else’s group answer alike', async () => {
      const missing = await save(mallory, { id: 2_000_000_000, group_name: 'x' });
      const foreign = await save(mallory, { id: aliceGroup.id, group_name: 'x' });
      expect(missing.error_code).toBe(10103);
      expect(foreign.error_code).toBe(missing.error_code);
      expect(foreign.error_message).toBe(missing.error_message);
    });
  });

  describe('refused input', () => {
    it('asks for a login on every action', async () => {
      for (const path of ['itemGroup/getList', 'itemGroup/save', 'itemGroup/delete', 'itemGroup/saveSort']) {
        expect((await t.call(path, { id: 1, group_name: 'x', groups: '[]' })).error_code, path).toBe(10102);
        expect((await t.call(path, {}, { token: 'not-a-token' })).error_code, path).toBe(10102);
      }
    });

    it('refuses arrays and objects where an id or a text belongs', async () => {
      const me = await newUser();
      const { id } = await create(me);
      expect((await save(me, { id: [id], group_name: 'x' }, true)).error_code).toBe(10100);
      expect((await save(me, { id: { id }, group_name: 'x' }, true)).error_code).toBe(10100);
      expect((await save(me, { group_name: ['x'] }, true)).error_code).toBe(10100);
      expect((await save(me, { group_name: { name: 'x' } }, true)).error_code).toBe(10100);
      expect((await save(me, { item_ids: [1, 2] }, true)).error_code).toBe(10100);
      expect((await save(me, { item_ids: { 1: 1 } }, true)).error_code).toBe(10100);
      expect((await remove(me, [id], true)).error_code).toBe(10100);
      expect((await remove(me, { id }, true)).error_code).toBe(10100);
      expect((await saveSort(me, [{ id, s_number: 1 }], true)).error_code).toBe(10100);
      expect(await groupsOf(me)).toHaveLength(1);
    });

    it('refuses ids that are not positive integers', async () => {
      const me = await newUser();
      for (const id of ['abc', '1.5', '-1', '1e3', '0x10', '99999999999']) {
        expect((await save(me, { id, group_name: 'x' })).error_code, id).toBe(10100);
        expect((await remove(me, id)).error_code, id).toBe(10100);
      }
      expect((await remove(me, 0)).error_code).toBe(10100);
      expect((await remove(me, undefined)).error_code).toBe(10100);
      expect(await groupsOf(me)).toEqual([]);
    });

    it('names the field that was wrong', async () => {
      const me = await newUser();
      const res = await save(me, { item_ids: 'abc' });
      expect(res.error_message).toContain('item_ids');
    });
  });
});
