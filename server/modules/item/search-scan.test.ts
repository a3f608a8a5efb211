import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addMember, createItem, type TestItem } from '../../test/item-factories.js';

// A short keyword no index serves ("id") across a user's projects: on a site of more than 5,000 pages the
// newest pages are read first (findPages in search.ts); the answer must be what reading every page of the
// user's projects gives — the newest 200 they may see, title hits first — whether it comes from that first
// read or, when the newest pages hold fewer, from the full one.

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let oldcomer: TestUser;
let mine: TestItem;
let theirs: TestItem;
let old: TestItem;

type Row = { item_id: number; page_title: string; page_content: string; is_draft?: number; author_uid?: number; is_del?: number };

/** Writes pages as rows in one transaction (6,000 through page/save would take minutes); the triggers index them. */
async function insertPages(rows: Row[]): Promise<void> {
  await t.database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('page')
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, is_draft: r.is_draft ?? 0, is_del: r.is_del ?? 0, author_uid: r.author_uid ?? owner.uid, author_username: 'someone', addtime: 1 })))
        .execute();
    }
  });
}

const search = async (user: TestUser, keyword: string) => {
  const res = await t.call('item/search', { keyword }, { token: user.token });
  expect(res.error_code).toBe(0);
  return (res.data as { pages: { page_title: string; item_id: number }[] }).pages;
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  stranger = await registerUser(t);
  oldcomer = await registerUser(t);
  old = await createItem(t, oldcomer);
  mine = await createItem(t, owner);
  theirs = await createItem(t, stranger, { password: 'secret' });
  await addMember(t, old.item_id, owner, 0);
  const pages: Row[] = [];
  // The oldest pages: a project only `oldcomer` and `owner` reach, its words long before the site's newest 5,000.
  for (let i = 0; i < 300; i++) pages.push({ item_id: old.item_id, page_title: `old ${i}`, page_content: i % 2 ? 'a valid id here' : 'nothing' });
  // Then 6,000 pages in turns: mine (one in three says "id", some only in the title, some drafts, some deleted) and theirs.
  for (let i = 0; i < 6000; i++) {
    if (i % 2) {
      pages.push({ item_id: theirs.item_id, page_title: `theirs ${i}`, page_content: 'their id' });
      continue;
    }
    const says = i % 3 === 0;
    pages.push({
      item_id: mine.item_id,
      page_title: i % 9 === 0 ? `Id title ${i}` : `mine ${i}`,
      page_content: says ? `the ID of row ${i}` : 'plain words',
      ...(i % 10 === 4 ? { is_draft: 1, author_uid: stranger.uid } : {}),
      ...(i % 14 === 6 ? { is_del: 1 } : {}),
    });
  }
  await insertPages(pages);
});
afterAll(() => t.close());

describe('item/search across projects with a keyword no index serves', () => {
  it('answers the newest 200 pages the user may see, title hits first, as reading every page does', async () => {
    const rows = await t.database.db
      .selectFrom('page')
      .select(['page_id', 'page_title', 'page_content', 'item_id', 'is_draft', 'author_uid', 'is_del'])
      .where('item_id', 'in', [mine.item_id, old.item_id])
      .orderBy('page_id', 'desc')
      .execute();
    const visible = rows.filter((r) => r.is_del === 0 && (r.is_draft === 0 || r.author_uid === owner.uid));
    const matching = visible.filter((r) => /id/i.test(r.page_title) || /id/i.test(r.page_content)).slice(0, 200);
    const inTitle = (title: string) => /id/i.test(title);
    const expected = [...matching.filter((r) => inTitle(r.page_title)), ...matching.filter((r) => !inTitle(r.page_title))].map((r) => r.page_title);
    const found = await search(owner, 'id');
    expect(found.map((p) => p.page_title)).toEqual(expected);
    expect(found.some((p) => p.item_id === theirs.item_id)).toBe(false);
  });

  it('reads every page of the user’s projects when the newest pages hold fewer than 200 of their hits', async () => {
    const found = await search(oldcomer, 'id');
    expect(found).toHaveLength(150);
    expect(found[0]?.page_title).toBe('old 299');
    expect(found.every((p) => p.item_id === old.item_id)).toBe(true);
  });
});
