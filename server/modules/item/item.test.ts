import { KEPT_PASSWORD } from '../../../common/answers/item.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';

interface ListItem {
  item_id: number;
  item_name: string;
  item_type: number;
  is_private: number;
  is_star: number;
  creator: number;
  manage: number;
  password: string;
  s_number: number;
}

describe('projects', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await registerUser(t, { username: 'owner' });
    other = await registerUser(t, { username: 'other' });
  });
  afterAll(() => t.close());

  const add = (user: TestUser, params: Record<string, unknown>) => t.call('item/add', params, { token: user.token });
  const list = async (user: TestUser, params: Record<string, unknown> = {}) => (await t.call('item/myList', params, { token: user.token })).data as ListItem[];

  describe('creating', () => {
    it('makes a regular project owned by the caller, public when no password is given', async () => {
      const res = await add(owner, { item_name: 'API 文档 📘', item_description: 'payments', item_type: 1 });
      expect(res.error_code).toBe(0);
      const { item_id } = res.data as { item_id: number };
      const detail = await t.call('item/detail', { item_id }, { token: owner.token });
      expect(detail.data).toMatchObject({ item_id, item_name: 'API 文档 📘', item_description: 'payments', item_type: 1, is_private: 0, password: '', username: 'owner', uid: owner.uid });
    });

    it('gives a single-page project its one page and a spreadsheet project its sheet', async () => {
      for (const item_type of [2, 4]) {
        const { item_id } = (await add(owner, { item_name: `type ${item_type}`, item_type })).data as { item_id: number };
        const pages = await t.database.db.selectFrom('page').select(['page_title']).where('item_id', '=', item_id).execute();
        expect(pages).toEqual([{ page_title: `type ${item_type}` }]);
      }
    });

    it('stores a private project with a hashed visit password and never shows it', async () => {
      const { item_id } = (await add(owner, { item_name: 'secret', password: 'open sesame' })).data as { item_id: number };
      const row = await t.database.db.selectFrom('item').select('password').where('item_id', '=', item_id).executeTakeFirstOrThrow();
      expect(row.password).toMatch(/^\$argon2id\$/);
      const card = (await list(owner)).find((i) => i.item_id === item_id);
      expect(card).toMatchObject({ is_private: 1, password: KEPT_PASSWORD });
      expect((await t.call('item/detail', { item_id }, { token: owner.token })).response.body).not.toContain('argon2');
    });

    it('refuses a missing name, an unknown type and a guest', async () => {
      expect((await add(owner, { item_name: '   ' })).error_code).toBe(10100);
      expect((await add(owner, { item_name: 'x', item_type: 9 })).error_code).toBe(10100);
      expect((await add(owner, { item_name: 'x', item_type: 3 })).error_code).toBe(10100);
      expect((await t.call('item/add', { item_name: 'x' })).error_code).toBe(10102);
      expect((await t.call('item/add', { item_name: ['x'] }, { token: owner.token, json: true })).error_code).toBe(10100);
      expect((await add(owner, { item_name: 'x'.repeat(101) })).error_code).toBe(10100);
    });

    it('checks personal domains: letters and digits, not only digits, unique among live projects', async () => {
      expect((await add(owner, { item_name: 'd', item_domain: 'payments2' })).error_code).toBe(0);
      expect((await add(other, { item_name: 'd', item_domain: 'payments2' })).error_code).toBe(10304);
      expect((await add(owner, { item_name: 'd', item_domain: '12345' })).error_code).toBe(10305);
      expect((await add(owner, { item_name: 'd', item_domain: 'pay-ments' })).error_code).toBe(10305);
      expect((await add(owner, { item_name: 'd', item_domain: '文档' })).error_code).toBe(10305);
      // Addresses the server answers itself (the load balancer's /health and /ready among them).
      for (const reserved of ['health', 'Ready', 'api', 'assets']) expect((await add(owner, { item_name: 'd', item_domain: reserved })).error_code, reserved).toBe(10305);
      const info = await t.call('item/info', { item_id: 'payments2' });
      expect(info.data).toMatchObject({ item_domain: 'payments2' });
    });

    it('puts a new project into the chosen group of the caller', async () => {
      const group = await t.database.db.insertInto('item_group').values({ uid: owner.uid, group_name: 'Team A' }).returning('id').executeTakeFirstOrThrow();
      const { item_id } = (await add(owner, { item_name: 'grouped', item_group_id: group.id })).data as { item_id: number };
      expect((await list(owner, { item_group_id: group.id })).map((i) => i.item_id)).toEqual([item_id]);
    });
  });

  describe('copying', () => {
    it('copies catalogs with their nesting, pages with their order, and clears the password of an open copy', async () => {
      const { item_id } = (await add(owner, { item_name: 'source', password: 'pw-source' })).data as { item_id: number };
      const db = t.database.db;
      const top = await db.insertInto('catalog').values({ item_id, cat_name: 'Guides', level: 2, s_number: 5 }).returning('cat_id').executeTakeFirstOrThrow();
      const sub = await db.insertInto('catalog').values({ item_id, cat_name: 'Setup', level: 3, parent_cat_id: top.cat_id }).returning('cat_id').executeTakeFirstOrThrow();
      await db.insertInto('page').values({ item_id, cat_id: sub.cat_id, page_title: 'Install', page_content: '# Install', s_number: 2 }).execute();
      await db.insertInto('page').values({ item_id, cat_id: 0, page_title: 'Intro', page_content: 'hello', s_number: 1 }).execute();
      await db.insertInto('page').values({ item_id, cat_id: 0, page_title: 'Gone', is_del: 1 }).execute();

      const copy = await add(owner, { copy_item_id: item_id, item_name: 'copy', password: '' });
      expect(copy.error_code).toBe(0);
      const newId = (copy.data as { item_id: number }).item_id;
      const cats = await db.selectFrom('catalog').selectAll().where('item_id', '=', newId).orderBy('level').execute();
      expect(cats.map((c) => [c.cat_name, c.level, c.s_number])).toEqual([
        ['Guides', 2, 5],
        ['Setup', 3, 99],
      ]);
      expect(cats[1]?.parent_cat_id).toBe(cats[0]?.cat_id);
      const pages = await db.selectFrom('page').selectAll().where('item_id', '=', newId).orderBy('s_number').execute();
      expect(pages.map((p) => [p.page_title, p.page_content, p.cat_id])).toEqual([
        ['Intro', 'hello', 0],
        ['Install', '# Install', cats[1]?.cat_id],
      ]);
      expect((await list(owner)).find((i) => i.item_id === newId)).toMatchObject({ is_private: 0, creator: 1 });
    });

    it('makes a private copy with the new password, and refuses copying a project one cannot manage', async () => {
      const { item_id } = (await add(owner, { item_name: 'to copy' })).data as { item_id: number };
      const priv = await add(owner, { copy_item_id: item_id, item_name: 'private copy', password: 'new-pw' });
      expect((await list(owner)).find((i) => i.item_id === (priv.data as { item_id: number }).item_id)).toMatchObject({ is_private: 1 });
      expect((await add(other, { copy_item_id: item_id, item_name: 'stolen' })).error_code).toBe(10303);
      expect((await add(other, { copy_item_id: 999999, item_name: 'nothing' })).error_code).toBe(10101);
    });
  });

  describe('updating', () => {
    it('changes the base info, keeps the password when none is sent, and makes the project public with an empty one', async () => {
      const { item_id } = (await add(owner, { item_name: 'before', password: 'pw1' })).data as { item_id: number };
      expect((await t.call('item/update', { item_id, item_name: 'after', item_description: 'd' }, { token: owner.token })).error_code).toBe(0);
      let detail = (await t.call('item/detail', { item_id }, { token: owner.token })).data;
      expect(detail).toMatchObject({ item_name: 'after', item_description: 'd', is_private: 1 });
      await t.call('item/update', { item_id, password: '' }, { token: owner.token });
      detail = (await t.call('item/detail', { item_id }, { token: owner.token })).data;
      expect(detail).toMatchObject({ is_private: 0 });
    });

    it('checks a changed domain but lets a project keep its own', async () => {
      const a = (await add(owner, { item_name: 'a', item_domain: 'alpha1' })).data as { item_id: number };
      const b = (await add(owner, { item_name: 'b' })).data as { item_id: number };
      expect((await t.call('item/update', { item_id: a.item_id, item_domain: 'alpha1', item_name: 'a2' }, { token: owner.token })).error_code).toBe(0);
      expect((await t.call('item/update', { item_id: b.item_id, item_domain: 'alpha1' }, { token: owner.token })).error_code).toBe(10304);
      expect((await t.call('item/update', { item_id: b.item_id, item_domain: '42' }, { token: owner.token })).error_code).toBe(10305);
    });

    it('refuses strangers and unknown projects', async () => {
      const { item_id } = (await add(owner, { item_name: 'mine' })).data as { item_id: number };
      expect((await t.call('item/update', { item_id, item_name: 'x' }, { token: other.token })).error_code).toBe(10303);
      expect((await t.call('item/update', { item_id: 987654, item_name: 'x' }, { token: owner.token })).error_code).toBe(10101);
      expect((await t.call('item/update', { item_id: 'abc' }, { token: owner.token })).error_code).toBe(10100);
    });
  });

  describe('the list', () => {
    it('keeps the order the person dragged, per group, with new projects after it', async () => {
      const u = await registerUser(t);
      const ids: number[] = [];
      for (const name of ['one', 'two', 'three']) ids.push(((await add(u, { item_name: name })).data as { item_id: number }).item_id);
      const [a, b, c] = ids as [number, number, number];
      expect((await list(u)).map((i) => i.item_id)).toEqual([a, b, c]);
      expect((await t.call('item/sort', { data: JSON.stringify({ [c]: 0, [a]: 1, [b]: 2 }), item_group_id: 0 }, { token: u.token })).error_code).toBe(0);
      const d = ((await add(u, { item_name: 'four' })).data as { item_id: number }).item_id;
      expect((await list(u)).map((i) => i.item_id)).toEqual([c, a, b, d]);
      // ShowDoc's SPA sends the map HTML-escaped.
      await t.call('item/sort', { data: JSON.stringify({ [a]: 0 }).replace(/"/g, '&quot;') }, { token: u.token });
      expect((await list(u))[0]?.item_id).toBe(a);
    });

    it('refuses an unreadable order', async () => {
      for (const data of ['{', '[1,2]', '{"x":1}', '{"1":-1}', '{"1":"a"}']) {
        expect((await t.call('item/sort', { data }, { token: owner.token })).error_code, data).toBe(10100);
      }
    });

    it('stars and unstars, and shows starred projects under -1', async () => {
      const u = await registerUser(t);
      const { item_id } = (await add(u, { item_name: 'fav' })).data as { item_id: number };
      await add(u, { item_name: 'plain' });
      const starred = await t.call('item/star', { item_id }, { token: u.token });
      expect(starred.data).toEqual({ id: expect.any(Number) });
      expect((await t.call('item/star', { item_id }, { token: u.token })).error_code).toBe(0);
      expect((await list(u, { item_group_id: -1 })).map((i) => i.item_id)).toEqual([item_id]);
      expect((await list(u)).find((i) => i.item_id === item_id)?.is_star).toBe(1);
      await t.call('item/unstar', { item_id }, { token: u.token });
      expect(await list(u, { item_group_id: -1 })).toEqual([]);
    });

    it('lets a stranger star a public project but not a private one', async () => {
      const pub = (await add(owner, { item_name: 'public' })).data as { item_id: number };
      const priv = (await add(owner, { item_name: 'private', password: 'pw' })).data as { item_id: number };
      expect((await t.call('item/star', pub, { token: other.token })).error_code).toBe(0);
      expect((await t.call('item/star', priv, { token: other.token })).error_code).toBe(10307);
    });

    it('needs a login', async () => {
      expect((await t.call('item/myList')).error_code).toBe(10102);
    });
  });

  describe('open API keys', () => {
    it('creates a random pair once, shows it again, and resets only the token', async () => {
      const { item_id } = (await add(owner, { item_name: 'keys' })).data as { item_id: number };
      const first = (await t.call('item/getKey', { item_id }, { token: owner.token })).data as { api_key: string; api_token: string };
      expect(first.api_key).toMatch(/^[0-9a-f]{32}$/);
      expect(first.api_token).toMatch(/^[0-9a-f]{32}$/);
      expect((await t.call('item/getKey', { item_id }, { token: owner.token })).data).toMatchObject(first);
      const stored = await t.database.db.selectFrom('item_token').select('api_token').where('item_id', '=', item_id).executeTakeFirstOrThrow();
      expect(stored.api_token).not.toContain(first.api_token);
      const reset = (await t.call('item/resetKey', { item_id }, { token: owner.token })).data as { api_key: string; api_token: string };
      expect(reset.api_key).toBe(first.api_key);
      expect(reset.api_token).not.toBe(first.api_token);
    });
  });

  describe('search across my projects', () => {
    it('finds projects by name and pages by title or text, with a snippet around the match', async () => {
      const u = await registerUser(t);
      const { item_id } = (await add(u, { item_name: 'Payments API' })).data as { item_id: number };
      const body = `${'x'.repeat(300)} refund_id 是退款编号 ${'y'.repeat(300)}`;
      await t.database.db.insertInto('page').values({ item_id, page_title: '退款接口', page_content: body }).execute();
      await t.database.db.insertInto('page').values({ item_id, page_title: '50%_off', page_content: 'promo' }).execute();

      const byName = (await t.call('item/search', { keyword: 'payments' }, { token: u.token })).data as { items: { item_id: number }[] };
      expect(byName.items.map((i) => i.item_id)).toEqual([item_id]);

      const byText = (await t.call('item/search', { keyword: 'REFUND_ID' }, { token: u.token })).data as { pages: { page_title: string; search_content: string }[] };
      expect(byText.pages).toHaveLength(1);
      expect(byText.pages[0]?.page_title).toBe('退款接口');
      expect(byText.pages[0]?.search_content).toMatch(/^\.\.\.x+ refund_id 是退款编号 y+\.\.\.$/);
      expect(byText.pages[0]?.search_content.length).toBeLessThan(330);

      // LIKE wildcards in the keyword match themselves.
      const literal = (await t.call('item/search', { keyword: '%_' }, { token: u.token })).data as { pages: { page_title: string }[] };
      expect(literal.pages.map((p) => p.page_title)).toEqual(['50%_off']);

      const inItem = (await t.call('item/search', { keyword: '退款', item_id }, { token: u.token })).data as { item_id: number; pages: unknown[] };
      expect(inItem).toMatchObject({ item_id, item_name: 'Payments API' });
      expect(inItem.pages).toHaveLength(1);
    });

    it('refuses an empty keyword', async () => {
      expect((await t.call('item/search', { keyword: '  ' }, { token: owner.token })).error_code).toBe(10100);
    });
  });

  describe('transfer, archive and delete', () => {
    it('transfers to another user with the owner login password', async () => {
      const { item_id } = (await add(owner, { item_name: 'gift' })).data as { item_id: number };
      expect((await t.call('item/attorn', { item_id, username: 'other', password: 'wrong' }, { token: owner.token })).error_code).toBe(10208);
      expect((await t.call('item/attorn', { item_id, username: 'nobody_here', password: owner.password }, { token: owner.token })).error_code).toBe(10209);
      const done = await t.call('item/attorn', { item_id, username: 'OTHER', password: owner.password }, { token: owner.token });
      expect(done.data).toMatchObject({ item_id, uid: other.uid, username: 'other', password: '' });
      expect((await list(other)).some((i) => i.item_id === item_id && i.creator === 1)).toBe(true);
      expect((await list(owner)).some((i) => i.item_id === item_id)).toBe(false);
    });

    it('archives a project: it stays readable and refuses changes', async () => {
      const { item_id } = (await add(owner, { item_name: 'old' })).data as { item_id: number };
      expect((await t.call('item/archive', { item_id, password: 'nope' }, { token: owner.token })).error_code).toBe(10208);
      expect((await t.call('item/archive', { item_id, password: owner.password }, { token: owner.token })).error_code).toBe(0);
      expect((await t.call('item/info', { item_id }, { token: owner.token })).data).toMatchObject({ is_archived: 1, item_edit: false, item_manage: false });
      expect((await t.call('item/update', { item_id, item_name: 'new' }, { token: owner.token })).error_code).toBe(10101);
    });

    it('deletes softly with the login password: gone from lists and links, kept for the administrator', async () => {
      const { item_id } = (await add(owner, { item_name: 'bye', item_domain: 'byebye' })).data as { item_id: number };
      expect((await t.call('item/delete', { item_id, password: '' }, { token: owner.token })).error_code).toBe(10208);
      expect((await t.call('item/delete', { item_id, password: owner.password }, { token: owner.token })).error_code).toBe(0);
      expect((await list(owner)).some((i) => i.item_id === item_id)).toBe(false);
      expect((await t.call('item/info', { item_id }, { token: owner.token })).error_code).toBe(10101);
      const row = await t.database.db.selectFrom('item').select(['is_del', 'del_time']).where('item_id', '=', item_id).executeTakeFirstOrThrow();
      expect(row).toEqual({ is_del: 1, del_time: t.clock.now() });
      // Its domain is free again.
      expect((await add(other, { item_name: 'reuse', item_domain: 'byebye' })).error_code).toBe(0);
    });
  });

  describe('leaving', () => {
    it('lets a member leave and refuses the owner', async () => {
      const { item_id } = (await add(owner, { item_name: 'club' })).data as { item_id: number };
      await t.database.db.insertInto('item_member').values({ item_id, uid: other.uid, username: 'other', member_group_id: 1, addtime: 0 }).execute();
      expect((await list(other)).some((i) => i.item_id === item_id)).toBe(true);
      expect((await t.call('item/exitItem', { item_id }, { token: owner.token })).error_code).toBe(10101);
      expect((await t.call('item/exitItem', { item_id }, { token: other.token })).error_code).toBe(0);
      expect((await list(other)).some((i) => i.item_id === item_id)).toBe(false);
      expect((await t.call('item/exitItem', { item_id }, { token: other.token })).error_code).toBe(10101);
    });
  });
});
