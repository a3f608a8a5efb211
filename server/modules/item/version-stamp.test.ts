import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, addPage, createItem, type TestItem } from '../../test/item-factories.js';
import { fixture, importFile } from '../../test/import-helpers.js';
import { openCall } from '../../test/open-helpers.js';
import { InfoCache } from './info-cache.js';

/**
 * The per-project version stamp (issue 21, issue 24's cache rule): every write that changes what
 * `item/info` shows bumps `item.folio_version` in its transaction; reads leave it alone. `item/info`
 * answers with an ETag made of the stamp and the caller's scope, and a client holding it gets 304.
 */

let t: TestApp;
let owner: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t, { username: 'stamp_owner' });
  reader = await registerUser(t, { username: 'stamp_reader' });
});
afterAll(() => t?.close());

async function stamp(itemId: number): Promise<number> {
  const row = await t.database.db.selectFrom('item').select('folio_version').where('item_id', '=', itemId).executeTakeFirstOrThrow();
  return row.folio_version;
}

async function ok(path: string, params: Record<string, unknown>, user: TestUser = owner) {
  const res = await t.call(path, params, { token: user.token });
  expect(res.error_code, `${path}: ${res.error_message ?? ''}`).toBe(0);
  return res.data;
}

/** A project with a catalog, a page in it and a page at the root, and its open-API key. */
async function scene() {
  const item = await createItem(t, owner);
  const cat = await addCatalog(t, item.item_id, 'Guides');
  const inCat = await addPage(t, item.item_id, { cat_id: cat.cat_id, title: 'In guides' });
  const atRoot = await addPage(t, item.item_id, { title: 'At root' });
  const key = (await ok('item/getKey', { item_id: item.item_id })) as { api_key: string; api_token: string };
  return { item, cat, inCat, atRoot, key };
}
type Scene = Awaited<ReturnType<typeof scene>>;

const writes: [string, (s: Scene) => Promise<unknown>][] = [
  ['page/save (new page)', (s) => ok('page/save', { item_id: s.item.item_id, page_title: 'New', page_content: 'x' })],
  ['page/save (edit)', (s) => ok('page/save', { item_id: s.item.item_id, page_id: s.inCat.page_id, cat_id: s.cat.cat_id, page_title: 'Renamed', page_content: 'y' })],
  ['page/sort', (s) => ok('page/sort', { item_id: s.item.item_id, pages: JSON.stringify({ [s.atRoot.page_id]: 5 }) })],
  ['page/delete', (s) => ok('page/delete', { item_id: s.item.item_id, page_id: s.atRoot.page_id })],
  ['catalog/save (create)', (s) => ok('catalog/save', { item_id: s.item.item_id, cat_name: 'More' })],
  ['catalog/save (rename)', (s) => ok('catalog/save', { item_id: s.item.item_id, cat_id: s.cat.cat_id, cat_name: 'Howtos' })],
  ['catalog/delete', (s) => ok('catalog/delete', { item_id: s.item.item_id, cat_id: s.cat.cat_id })],
  ['open API updatePage', (s) => openCall(t, 'open/updatePage', s.key, { cat_name: 'Api', page_title: 'Api page', page_content: 'z' })],
  ['open API createCatalog', (s) => openCall(t, 'open/createCatalog', s.key, { cat_name: 'Api cat' })],
];

/** `reader` as a read-only member of the scene's project, and that member row's id. */
async function withMember(s: Scene): Promise<number> {
  await addMember(t, s.item.item_id, reader, 0);
  const row = await t.database.db.selectFrom('item_member').select('item_member_id').where('item_id', '=', s.item.item_id).where('uid', '=', reader.uid).executeTakeFirstOrThrow();
  return row.item_member_id;
}

/** A team of the owner's with `reader` in it, attached to the scene's project and to a second project. */
async function withTeam(s: Scene) {
  const team_id = ((await ok('team/save', { team_name: 'Stamped' })) as { id: number }).id;
  const memberId = ((await ok('teamMember/save', { team_id, member_username: reader.username, team_member_group_id: 1 })) as { id: number }).id;
  const other = await createItem(t, owner);
  await ok('teamItem/save', { team_id, item_id: `${s.item.item_id},${other.item_id}` });
  const links = (await ok('teamItem/getList', { item_id: s.item.item_id })) as { id: number; team_id: number }[];
  const rights = (await ok('teamItemMember/getList', { team_id, item_id: s.item.item_id })) as { id: number; member_uid: number }[];
  return {
    team_id,
    memberId,
    other,
    linkId: links.find((l) => l.team_id === team_id)?.id ?? 0,
    rightsId: rights.find((r) => r.member_uid === reader.uid)?.id ?? 0,
  };
}

/**
 * Writes that change who reaches the project, or how far (issue 21 lists member, team and import). Each
 * row arranges what it needs, then returns the write whose bump is checked.
 */
const peopleWrites: [string, (s: Scene) => Promise<() => Promise<unknown>>][] = [
  ['member/save (add)', async (s) => () => ok('member/save', { item_id: s.item.item_id, username: reader.username, member_group_id: 1 })],
  ['member/save (role)', async (s) => {
    const id = await withMember(s);
    return () => ok('member/save', { item_id: s.item.item_id, item_member_id: id, member_group_id: 1 });
  }],
  ['member/save (catalog limit)', async (s) => {
    const id = await withMember(s);
    return () => ok('member/save', { item_id: s.item.item_id, item_member_id: id, cat_ids: String(s.cat.cat_id) });
  }],
  ['member/delete', async (s) => {
    const id = await withMember(s);
    return () => ok('member/delete', { item_id: s.item.item_id, item_member_id: id });
  }],
  ['item/exitItem', async (s) => {
    await withMember(s);
    return () => ok('item/exitItem', { item_id: s.item.item_id }, reader);
  }],
  ['teamItem/save (attach)', async (s) => {
    const team_id = ((await ok('team/save', { team_name: 'Attaching' })) as { id: number }).id;
    await ok('teamMember/save', { team_id, member_username: reader.username });
    return () => ok('teamItem/save', { team_id, item_id: String(s.item.item_id) });
  }],
  ['teamItem/delete (detach)', async (s) => {
    const team = await withTeam(s);
    return () => ok('teamItem/delete', { id: team.linkId });
  }],
  ['teamMember/save (add)', async (s) => {
    const team = await withTeam(s);
    const newcomer = await registerUser(t);
    return () => ok('teamMember/save', { team_id: team.team_id, member_username: newcomer.username });
  }],
  ['teamMember/save (role)', async (s) => {
    const team = await withTeam(s);
    return () => ok('teamMember/save', { id: team.memberId, team_member_group_id: 2 });
  }],
  ['teamMember/delete', async (s) => {
    const team = await withTeam(s);
    return () => ok('teamMember/delete', { id: team.memberId });
  }],
  ['team/exitTeam', async (s) => {
    const team = await withTeam(s);
    return () => ok('team/exitTeam', { id: team.team_id }, reader);
  }],
  ['teamItemMember/save', async (s) => {
    const team = await withTeam(s);
    return () => ok('teamItemMember/save', { id: team.rightsId, member_group_id: 0, cat_ids: String(s.cat.cat_id) });
  }],
  ['team/delete', async (s) => {
    const team = await withTeam(s);
    return () => ok('team/delete', { id: team.team_id });
  }],
  ['import/auto into the project', async (s) => () => importFile(t, owner, { filename: 'api.json', data: fixture('openapi3-no-content.json') }, { item_id: s.item.item_id }).then((res) => expect(res.error_code).toBe(0))],
  ['item/attorn (transfer)', async (s) => () => ok('item/attorn', { item_id: s.item.item_id, username: reader.username, password: owner.password })],
];

describe('the version stamp', () => {
  it.each(writes)('%s bumps it', async (_name, write) => {
    const s = await scene();
    const before = await stamp(s.item.item_id);
    await write(s);
    expect(await stamp(s.item.item_id)).toBeGreaterThan(before);
  });

  it.each(peopleWrites)('%s bumps it', async (_name, arrange) => {
    const s = await scene();
    const write = await arrange(s);
    const before = await stamp(s.item.item_id);
    await write();
    expect(await stamp(s.item.item_id)).toBeGreaterThan(before);
  });

  it('team changes bump every project of the team', async () => {
    const s = await scene();
    const team = await withTeam(s);
    const newcomer = await registerUser(t);
    const before = await stamp(team.other.item_id);
    await ok('teamMember/save', { team_id: team.team_id, member_username: newcomer.username });
    const added = await stamp(team.other.item_id);
    expect(added).toBeGreaterThan(before);
    await ok('team/delete', { id: team.team_id });
    expect(await stamp(team.other.item_id)).toBeGreaterThan(added);
  });

  it('recycle/recover bumps it', async () => {
    const s = await scene();
    await ok('page/delete', { item_id: s.item.item_id, page_id: s.atRoot.page_id });
    const before = await stamp(s.item.item_id);
    await ok('recycle/recover', { item_id: s.item.item_id, page_id: s.atRoot.page_id });
    expect(await stamp(s.item.item_id)).toBeGreaterThan(before);
  });

  it('a refused write leaves it alone', async () => {
    const s = await scene();
    const before = await stamp(s.item.item_id);
    const res = await t.call('page/save', { item_id: s.item.item_id, page_title: 'x', page_content: 'x' }, { token: reader.token });
    expect(res.error_code).not.toBe(0);
    expect(await stamp(s.item.item_id)).toBe(before);
  });

  it('reads leave it alone', async () => {
    const s = await scene();
    const before = await stamp(s.item.item_id);
    await ok('item/info', { item_id: s.item.item_id });
    await ok('item/info', { item_id: s.item.item_id, keyword: 'guides' });
    await ok('page/info', { page_id: s.inCat.page_id });
    await ok('catalog/catList', { item_id: s.item.item_id });
    await ok('item/search', { item_id: s.item.item_id, keyword: 'guides' });
    await openCall(t, 'open/getCatalogTree', s.key);
    expect(await stamp(s.item.item_id)).toBe(before);
  });
});

/** `item/info` as a client with a kept answer asks for it; a 304 has no envelope to parse. */
async function info(item: TestItem, user: TestUser | null, headers: Record<string, string> = {}, url = '/api/item/info') {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ item_id: String(item.item_id), ...(user ? { user_token: user.token } : {}) }).toString(),
  });
  const envelope = response.statusCode === 304 || response.headers['content-encoding'] ? { error_code: -1 } : response.json<{ error_code: number; data?: unknown }>();
  return { ...envelope, response };
}

describe('item/info ETag and 304', () => {
  it('answers 304 without a body to a client that holds the answer, 200 again after a write', async () => {
    const s = await scene();
    const first = await info(s.item, owner);
    const etag = String(first.response.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.response.headers['cache-control']).toBe('private, no-cache');

    const again = await info(s.item, owner, { 'if-none-match': etag });
    expect(again.response.statusCode).toBe(304);
    expect(again.response.body).toBe('');
    expect(again.response.headers.etag).toBe(etag);

    await ok('page/save', { item_id: s.item.item_id, page_title: 'Fresh', page_content: 'x' });
    const after = await info(s.item, owner, { 'if-none-match': etag });
    expect(after.response.statusCode).toBe(200);
    expect(after.response.headers.etag).not.toBe(etag);
    expect(JSON.stringify(after.data)).toContain('Fresh');
  });

  it('a cached answer is served only while the stamp stands', async () => {
    const s = await scene();
    const first = await info(s.item, null);
    // Written behind the writers' back: no bump, so the cached answer stays (what the stamp is for).
    await addPage(t, s.item.item_id, { title: 'Unstamped' });
    expect(JSON.stringify((await info(s.item, null)).data)).not.toContain('Unstamped');
    await ok('catalog/save', { item_id: s.item.item_id, cat_name: 'Bump' });
    const after = await info(s.item, null);
    expect(JSON.stringify(after.data)).toContain('Unstamped');
    expect(after.response.headers.etag).not.toBe(first.response.headers.etag);
  });

  it('changes with project settings (title, privacy) without a stamp of their own', async () => {
    const s = await scene();
    const before = String((await info(s.item, owner)).response.headers.etag);
    await ok('item/update', { item_id: s.item.item_id, item_name: 'Retitled', item_description: '', password: '' });
    const after = await info(s.item, owner, { 'if-none-match': before });
    expect(after.response.statusCode).toBe(200);
    expect((after.data as { item_name: string }).item_name).toBe('Retitled');
  });

  it('differs per caller scope, and never answers 304 across callers with different limits', async () => {
    const s = await scene();
    const limited = await registerUser(t);
    const full = await registerUser(t);
    await addMember(t, s.item.item_id, limited, 0, [s.cat.cat_id]);
    await addMember(t, s.item.item_id, full, 0);
    const tags = await Promise.all([info(s.item, owner), info(s.item, null), info(s.item, limited), info(s.item, full)]);
    const etags = tags.map((r) => String(r.response.headers.etag));
    expect(new Set(etags).size).toBe(4);

    const crossed = await info(s.item, limited, { 'if-none-match': etags[3] as string });
    expect(crossed.response.statusCode).toBe(200);
    expect(JSON.stringify(crossed.data)).not.toContain('At root');
  });

  it('a member whose limit changes gets a new answer, a removed member is refused even with the tag', async () => {
    const item = await createItem(t, owner, { password: 'secret-1' });
    const a = await addCatalog(t, item.item_id, 'A');
    const b = await addCatalog(t, item.item_id, 'B');
    await addPage(t, item.item_id, { cat_id: b.cat_id, title: 'Only in B' });
    const member = await registerUser(t);
    await addMember(t, item.item_id, member, 0, [a.cat_id]);
    const first = await info(item, member);
    expect(JSON.stringify(first.data)).not.toContain('Only in B');
    const etag = String(first.response.headers.etag);

    await t.database.db.updateTable('item_member').set({ cat_ids: `${a.cat_id},${b.cat_id}` }).where('uid', '=', member.uid).execute();
    const widened = await info(item, member, { 'if-none-match': etag });
    expect(widened.response.statusCode).toBe(200);
    expect(JSON.stringify(widened.data)).toContain('Only in B');

    await t.database.db.deleteFrom('item_member').where('uid', '=', member.uid).execute();
    const removed = await info(item, member, { 'if-none-match': String(widened.response.headers.etag) });
    expect(removed.response.statusCode).toBe(200);
    expect(removed.error_code).not.toBe(0);
  });

  it('ShowDoc URL forms get their own tag and their own shape', async () => {
    const s = await scene();
    const folio = await info(s.item, owner);
    const showdoc = await info(s.item, owner, { 'if-none-match': String(folio.response.headers.etag) }, '/server/index.php?s=/api/item/info');
    expect(showdoc.response.statusCode).toBe(200);
    expect((showdoc.data as { item_id: unknown }).item_id).toBe(String(s.item.item_id));
    const again = await info(s.item, owner, { 'if-none-match': String(showdoc.response.headers.etag) }, '/server/index.php?s=/api/item/info');
    expect(again.response.statusCode).toBe(304);
  });

  it('keeps the compressed answer too, labelled once, and it reads back as the plain one', async () => {
    const s = await scene();
    for (let i = 0; i < 40; i++) await addPage(t, s.item.item_id, { title: `Filler page ${i}` });
    await ok('catalog/save', { item_id: s.item.item_id, cat_name: 'Bump' });
    const plain = await info(s.item, owner);
    for (let round = 0; round < 2; round++) {
      const br = await info(s.item, owner, { 'accept-encoding': 'br' });
      expect(br.response.headers['content-encoding']).toBe('br');
      expect(br.response.headers.etag).toBe(plain.response.headers.etag);
      expect(zlib.brotliDecompressSync(br.response.rawPayload).toString()).toBe(plain.response.body);
    }
  });

  it('keyword searches carry no tag', async () => {
    const s = await scene();
    const res = await t.call('item/info', { item_id: s.item.item_id, keyword: 'guides' }, { token: owner.token });
    expect(res.error_code).toBe(0);
    expect(res.response.headers.etag).toBeUndefined();
  });

  it('no login for a private project: refused, no tag', async () => {
    const item = await createItem(t, owner, { password: 'secret-2' });
    const res = await info(item, null);
    expect(res.error_code).not.toBe(0);
    expect(res.response.headers.etag).toBeUndefined();
  });

  it('bad input is refused', async () => {
    const res = await t.call('item/info', { item_id: 'x;drop' }, { token: owner.token });
    expect(res.error_code).not.toBe(0);
  });
});

describe('InfoCache', () => {
  it('drops the least recently used answers once past its bound', () => {
    const cache = new InfoCache(400);
    cache.set('a', Buffer.alloc(100));
    cache.set('b', Buffer.alloc(100));
    cache.set('c', Buffer.alloc(100));
    cache.get('a');
    cache.set('d', Buffer.alloc(100));
    cache.set('e', Buffer.alloc(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.totalBytes).toBeLessThanOrEqual(400);
    cache.set('huge', Buffer.alloc(101));
    expect(cache.get('huge')).toBeUndefined();
  });
});
