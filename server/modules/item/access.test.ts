import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../context.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, addPage, addTeamMember, createItem, type TestCatalog, type TestItem } from '../../test/item-factories.js';
import { expandCatalogLimit, reachedItems, readersOfPage } from './access.js';

/** The limit expansion on its own, and the list and batch questions against the database. */

const link = (cat_id: number, parent_cat_id = 0) => ({ cat_id, parent_cat_id });

describe('expandCatalogLimit', () => {
  const tree = [link(1), link(2, 1), link(3, 2), link(4), link(5, 4)];

  it('opens everything without a limit, and nothing with an empty one', () => {
    expect(expandCatalogLimit(tree, null)).toBeNull();
    expect(expandCatalogLimit(tree, [])).toEqual(new Set());
  });

  it('opens the named catalogs and everything below them, a named sub-catalog included', () => {
    expect(expandCatalogLimit(tree, [1])).toEqual(new Set([1, 2, 3]));
    expect(expandCatalogLimit(tree, [5])).toEqual(new Set([5]));
    expect(expandCatalogLimit(tree, [2, 4])).toEqual(new Set([2, 3, 4, 5]));
  });

  it('follows a chain deeper than the editor allows (rows imported from ShowDoc), whatever order the rows come in', () => {
    const deep = [link(16, 15), link(15, 14), link(14, 13), link(13, 12), link(12, 11), link(11)];
    expect(expandCatalogLimit(deep, [11])).toEqual(new Set([11, 12, 13, 14, 15, 16]));
  });

  it('never opens what the menu cannot reach: catalogs of other projects, orphans and stored cycles, even when named', () => {
    const broken = [link(1), link(2, 77), link(3, 2), link(8, 9), link(9, 8)];
    expect(expandCatalogLimit(broken, [1, 2, 8, 1234])).toEqual(new Set([1]));
  });
});

let t: TestApp;
let owner: TestUser;
let inside: TestUser;
let outside: TestUser;
let teamReader: TestUser;
let stranger: TestUser;
let admin: TestUser;
let item: TestItem;
let a: TestCatalog;
let b: TestCatalog;

function ctxOf(app: TestApp): Ctx {
  return {
    ...app.app.services,
    user: null,
    ip: '127.0.0.1',
    lang: 'en',
    files: [],
    secure: false,
    loginCookie: { set: () => undefined, clear: () => undefined },
    visit: { grants: new Map(), grant: () => undefined, passwordParam: null },
  };
}

const person = (user: TestUser, groupid = 2) => ({ uid: user.uid, groupid });

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t, { username: 'owner' });
  inside = await registerUser(t, { username: 'inside' });
  outside = await registerUser(t, { username: 'outside' });
  teamReader = await registerUser(t, { username: 'team_reader' });
  stranger = await registerUser(t, { username: 'stranger' });
  admin = await registerUser(t, { username: 'admin' });
  item = await createItem(t, owner, { password: 'visit-pw' });
  a = await addCatalog(t, item.item_id, 'A');
  b = await addCatalog(t, item.item_id, 'B');
  await addMember(t, item.item_id, inside, 0, [a.cat_id]);
  await addMember(t, item.item_id, outside, 1, [b.cat_id]);
  await addTeamMember(t, item.item_id, owner, teamReader, 0);
});
afterAll(() => t?.close());

describe('readersOfPage', () => {
  it('answers for a whole list at once, as a direct read would answer each of them', async () => {
    const page = await addPage(t, item.item_id, { cat_id: a.cat_id });
    const header = { item_id: item.item_id, cat_id: a.cat_id, is_draft: 0, author_uid: owner.uid };
    const everyone = [person(owner), person(inside), person(outside), person(teamReader), person(stranger), person(admin, 1)];
    expect(await readersOfPage(ctxOf(t), header, everyone)).toEqual(new Set([owner.uid, inside.uid, teamReader.uid, admin.uid]));
    for (const user of [owner, inside, outside, teamReader, stranger]) {
      const expected = [owner, inside, teamReader].includes(user) ? 0 : user === outside ? 10103 : 10307;
      expect((await t.call('page/info', { page_id: page.page_id }, { token: user.token })).error_code, user.username).toBe(expected);
    }
  });

  it('keeps a draft to its author, root pages from limited members, and a deleted project from everyone', async () => {
    const draft = { item_id: item.item_id, cat_id: a.cat_id, is_draft: 1, author_uid: inside.uid };
    expect(await readersOfPage(ctxOf(t), draft, [person(owner), person(inside), person(teamReader)])).toEqual(new Set([inside.uid]));
    const atRoot = { item_id: item.item_id, cat_id: 0, is_draft: 0, author_uid: owner.uid };
    expect(await readersOfPage(ctxOf(t), atRoot, [person(owner), person(inside), person(outside)])).toEqual(new Set([owner.uid]));

    const doomed = await createItem(t, owner);
    const inDoomed = { item_id: doomed.item_id, cat_id: 0, is_draft: 0, author_uid: owner.uid };
    expect(await readersOfPage(ctxOf(t), inDoomed, [person(owner), person(stranger)])).toEqual(new Set([owner.uid, stranger.uid]));
    await t.database.db.updateTable('item').set({ is_del: 1 }).where('item_id', '=', doomed.item_id).execute();
    expect(await readersOfPage(ctxOf(t), inDoomed, [person(owner), person(stranger)])).toEqual(new Set());
  });
});

describe('reachedItems', () => {
  it('lists the live projects someone owns or holds a grant in, with the role and limit accessTo gives', async () => {
    const reached = await reachedItems(ctxOf(t), person(inside));
    expect(reached.map((r) => ({ id: r.item.item_id, role: r.memberRole, limit: r.catalogLimit, canEdit: r.canEdit }))).toEqual([
      { id: item.item_id, role: 0, limit: [a.cat_id], canEdit: false },
    ]);
    expect((await reachedItems(ctxOf(t), person(teamReader))).map((r) => r.item.item_id)).toEqual([item.item_id]);
    expect(await reachedItems(ctxOf(t), person(stranger))).toEqual([]);
    expect((await reachedItems(ctxOf(t), person(owner))).every((r) => r.isOwner && r.canManage && r.catalogLimit === null)).toBe(true);
  });
});

describe('a member limited to a catalog the menu cannot reach', () => {
  it('cannot read its pages by id either (the stricter of the old rules)', async () => {
    const project = await createItem(t, owner);
    const orphan = await addCatalog(t, project.item_id, 'Orphan');
    await t.database.db.updateTable('catalog').set({ parent_cat_id: 987_654_321 }).where('cat_id', '=', orphan.cat_id).execute();
    const page = await addPage(t, project.item_id, { cat_id: orphan.cat_id, content: 'lost words' });
    const limited = await registerUser(t, { username: 'limited_to_orphan' });
    await addMember(t, project.item_id, limited, 1, [orphan.cat_id]);

    const read = await t.call('page/info', { page_id: page.page_id }, { token: limited.token });
    expect(read.error_code).toBe(10103);
    expect(read.response.body).not.toContain('lost words');
    expect((await t.call('item/info', { item_id: project.item_id }, { token: limited.token })).data).toMatchObject({ menu: { pages: [], catalogs: [] } });
    // The owner has no limit: the page stays theirs to reach by id, though the menu does not show it.
    expect((await t.call('page/info', { page_id: page.page_id }, { token: owner.token })).error_code).toBe(0);
  });
});
