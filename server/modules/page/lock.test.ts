import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem, type TestItem } from '../../test/item-factories.js';
import { createPage, pageRow, savePage } from '../../test/page-factories.js';
import { DEFAULT_LOCK_SECONDS, EDITOR_LEASE_SECONDS, MAX_LOCK_SECONDS } from './lock.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let reader: TestUser;
let item: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  alice = await registerUser(t, { username: 'alice' });
  bob = await registerUser(t, { username: 'bob' });
  reader = await registerUser(t, { username: 'reader' });
  item = await createItem(t, alice);
  await addMember(t, item.item_id, bob, 1);
  await addMember(t, item.item_id, reader, 0);
});
afterAll(() => t?.close());

const setLock = (user: TestUser, params: Record<string, unknown>) => t.call('page/setLock', { item_id: item.item_id, ...params }, { token: user.token });
const isLock = (user: TestUser | undefined, pageId: number) => t.call('page/isLock', { item_id: item.item_id, page_id: pageId }, { token: user?.token });
const lockRow = (pageId: number) => t.database.db.selectFrom('page_lock').selectAll().where('page_id', '=', pageId).executeTakeFirst();

describe('page locks', () => {
  it('report a free page as ShowDoc does (transcript 67)', async () => {
    const page = await createPage(t, alice, item.item_id);
    expect((await isLock(alice, page.page_id)).data).toEqual({ lock: 0, exceed: 0, lock_uid: '', lock_username: '', is_cur_user: 0, lock_since: 0, lock_until: 0 });
  });

  it('are taken for half an hour, renewed and released by their holder (transcripts 68 and 69)', async () => {
    const page = await createPage(t, alice, item.item_id);
    const taken = await setLock(alice, { page_id: page.page_id });
    expect(taken.error_code).toBe(0);
    expect(taken.data).toEqual({ id: expect.any(Number) });
    expect(await lockRow(page.page_id)).toMatchObject({ lock_uid: alice.uid, lock_username: 'alice', lock_to: t.clock.now() + DEFAULT_LOCK_SECONDS });
    expect((await isLock(alice, page.page_id)).data).toEqual({
      lock: 1,
      exceed: 0,
      lock_uid: alice.uid,
      lock_username: 'alice',
      is_cur_user: 1,
      lock_since: t.clock.now(),
      lock_until: t.clock.now() + DEFAULT_LOCK_SECONDS,
    });
    expect((await isLock(bob, page.page_id)).data).toMatchObject({ lock: 1, lock_username: 'alice', is_cur_user: 0 });
    expect((await isLock(undefined, page.page_id)).data).toMatchObject({ lock: 1, is_cur_user: 0 });

    t.clock.advance(1200);
    await setLock(alice, { page_id: page.page_id });
    expect((await lockRow(page.page_id))?.lock_to).toBe(t.clock.now() + DEFAULT_LOCK_SECONDS);

    const released = await setLock(alice, { page_id: page.page_id, lock_to: 1000 });
    expect(released.error_code).toBe(0);
    expect((await isLock(bob, page.page_id)).data).toMatchObject({ lock: 0 });
    expect((await setLock(bob, { page_id: page.page_id })).error_code).toBe(0);
    expect((await isLock(bob, page.page_id)).data).toMatchObject({ lock: 1, lock_username: 'bob', is_cur_user: 1 });
  });

  it('refuse a page held by someone else, naming the holder, and leave their lock in place', async () => {
    const page = await createPage(t, alice, item.item_id);
    await setLock(alice, { page_id: page.page_id });
    for (const lock_to of [undefined, 1000]) {
      const refused = await setLock(bob, { page_id: page.page_id, lock_to });
      expect(refused.error_code).toBe(10101);
      expect(refused.error_message).toMatch(/^alice is editing this page/);
    }
    expect(await lockRow(page.page_id)).toMatchObject({ lock_uid: alice.uid });
  });

  it('expire: a lock nobody renews frees the page', async () => {
    const page = await createPage(t, alice, item.item_id);
    await setLock(alice, { page_id: page.page_id });
    t.clock.advance(DEFAULT_LOCK_SECONDS);
    expect((await isLock(bob, page.page_id)).data).toMatchObject({ lock: 0 });
    expect((await setLock(bob, { page_id: page.page_id })).error_code).toBe(0);
  });

  it('last at most an hour, whatever lock_to asks for (ShowDoc took any time)', async () => {
    const page = await createPage(t, alice, item.item_id);
    await setLock(alice, { page_id: page.page_id, lock_to: 2_000_000_000 });
    expect((await lockRow(page.page_id))?.lock_to).toBe(t.clock.now() + MAX_LOCK_SECONDS);
    t.clock.advance(MAX_LOCK_SECONDS);
    expect((await isLock(bob, page.page_id)).data).toMatchObject({ lock: 0 });
  });

  it('go to one of two people asking at the same moment', async () => {
    for (let round = 0; round < 20; round++) {
      const page = await createPage(t, alice, item.item_id);
      const answers = await Promise.all([setLock(alice, { page_id: page.page_id }), setLock(bob, { page_id: page.page_id })]);
      expect(answers.map((a) => a.error_code).sort()).toEqual([0, 10101]);
      const winner = answers[0]?.error_code === 0 ? alice : bob;
      expect((await lockRow(page.page_id))?.lock_uid).toBe(winner.uid);
    }
  });

  it('are for editors of the page’s own project; readers may only ask', async () => {
    const page = await createPage(t, alice, item.item_id);
    expect((await setLock(reader, { page_id: page.page_id })).error_code).toBe(10303);
    expect((await isLock(reader, page.page_id)).error_code).toBe(0);
    const mine = await createItem(t, bob);
    const foreign = await t.call('page/setLock', { item_id: mine.item_id, page_id: page.page_id }, { token: bob.token });
    expect(foreign).toMatchObject({ error_code: 10101, error_message: 'This page does not belong to this project' });
    expect((await t.call('page/setLock', { item_id: item.item_id, page_id: page.page_id })).error_code).toBe(10102);
    expect((await t.call('page/setLock', { item_id: item.item_id, page_id: 'x' }, { token: alice.token })).error_code).toBe(10100);
    expect((await t.call('page/setLock', { item_id: item.item_id, page_id: page.page_id, lock_to: -5 }, { token: alice.token })).error_code).toBe(10100);
  });

  it('go with the page when it is deleted', async () => {
    const page = await createPage(t, alice, item.item_id);
    await setLock(bob, { page_id: page.page_id });
    expect((await t.call('page/delete', { page_id: page.page_id }, { token: alice.token })).error_code).toBe(0);
    expect(await lockRow(page.page_id)).toBeUndefined();
  });
});

describe('page/isLock for a new page (page_id 0)', () => {
  it('answers free to an editor of the project', async () => {
    for (const user of [alice, bob]) {
      expect((await isLock(user, 0)).data).toEqual({ lock: 0, exceed: 0, lock_uid: '', lock_username: '', is_cur_user: 0, lock_since: 0, lock_until: 0 });
    }
  });

  it('refuses people who cannot write in the project, and a call that names no project', async () => {
    expect((await isLock(reader, 0)).error_code).toBe(10303);
    const stranger = await registerUser(t);
    expect((await isLock(stranger, 0)).error_code).toBe(10303);
    expect((await isLock(undefined, 0)).error_code).toBe(10303);
    expect((await t.call('page/isLock', { page_id: 0 }, { token: alice.token })).error_code).toBe(10100);
  });
});

/**
 * Stale locks (issue 23 item 2): a browser that closes without leaving the editor must not leave a lock that says
 * "alice is editing" with no way forward. The editor's lease lapses soon after it stops renewing, the
 * lock says since when, and another editor can take the page over without losing anyone's text.
 */

const takeOver = (user: TestUser | undefined, pageId: number) =>
  t.call('page/takeOverLock', { item_id: item.item_id, page_id: pageId }, user ? { token: user.token } : {});
const version = async (pageId: number) => (await pageRow(t, pageId)).version;

describe('the editor’s lease', () => {
  it('lapses 180 s after the holder’s last renewal, counted on the server’s clock', async () => {
    const page = await createPage(t, alice, item.item_id);
    // A browser whose clock is far behind would send a lock_to in the past; lock_seconds does not care.
    expect((await setLock(alice, { page_id: page.page_id, lock_seconds: EDITOR_LEASE_SECONDS, lock_to: 5000 })).error_code).toBe(0);
    t.clock.advance(60);
    expect((await setLock(alice, { page_id: page.page_id, lock_seconds: EDITOR_LEASE_SECONDS })).error_code).toBe(0);
    t.clock.advance(EDITOR_LEASE_SECONDS - 1);
    expect((await setLock(bob, { page_id: page.page_id })).error_message).toMatch(/^alice is editing this page/);
    t.clock.advance(1);
    expect((await isLock(bob, page.page_id)).data).toMatchObject({ lock: 0, lock_since: 0, lock_until: 0 });
    expect((await setLock(bob, { page_id: page.page_id, lock_seconds: EDITOR_LEASE_SECONDS })).error_code).toBe(0);
  });

  it('tells others since when the page is held, across renewals, and until when', async () => {
    const page = await createPage(t, alice, item.item_id);
    const since = t.clock.now();
    await setLock(alice, { page_id: page.page_id, lock_seconds: EDITOR_LEASE_SECONDS });
    t.clock.advance(60);
    await setLock(alice, { page_id: page.page_id, lock_seconds: EDITOR_LEASE_SECONDS });
    expect((await isLock(bob, page.page_id)).data).toMatchObject({
      lock: 1,
      lock_username: 'alice',
      is_cur_user: 0,
      lock_since: since,
      lock_until: since + 60 + EDITOR_LEASE_SECONDS,
    });
  });

  it('keeps ShowDoc’s answer shape on ShowDoc’s URLs (no Folio fields)', async () => {
    const page = await createPage(t, alice, item.item_id);
    await setLock(alice, { page_id: page.page_id });
    const showdoc = await t.call('page/isLock', { item_id: item.item_id, page_id: page.page_id }, { token: bob.token, url: '/server/index.php?s=/api/page/isLock' });
    expect(Object.keys(showdoc.data as object).sort()).toEqual(['exceed', 'is_cur_user', 'lock', 'lock_uid', 'lock_username']);
  });
});

describe('page/takeOverLock', () => {
  it('moves a live lock to the editor who asks; the old holder can neither renew nor save over the new holder’s work', async () => {
    const page = await createPage(t, alice, item.item_id, { content: 'first' });
    const started = await version(page.page_id);
    await setLock(alice, { page_id: page.page_id, lock_seconds: EDITOR_LEASE_SECONDS });
    t.clock.advance(30);

    expect(await takeOver(bob, page.page_id)).toMatchObject({ error_code: 0, data: { id: expect.any(Number) } });
    expect((await isLock(bob, page.page_id)).data).toMatchObject({
      lock: 1,
      lock_username: 'bob',
      is_cur_user: 1,
      lock_since: t.clock.now(),
      lock_until: t.clock.now() + EDITOR_LEASE_SECONDS,
    });

    // Alice's tab renews: refused, naming bob. Her save while bob holds the page is refused too.
    expect((await setLock(alice, { page_id: page.page_id, lock_seconds: EDITOR_LEASE_SECONDS })).error_message).toMatch(/^bob is editing this page/);
    const early = await savePage(t, alice, { item_id: item.item_id, page_id: page.page_id, page_content: 'alice draft', version: started });
    expect(early.error_code).toBe(10101);

    // Bob saves and leaves; Alice's save from the version she started with is a version conflict.
    const saved = await savePage(t, bob, { item_id: item.item_id, page_id: page.page_id, page_content: 'bob text', version: started });
    expect(saved.error_code).toBe(0);
    expect((await setLock(bob, { page_id: page.page_id, lock_to: 1000 })).error_code).toBe(0);
    const late = await savePage(t, alice, { item_id: item.item_id, page_id: page.page_id, page_content: 'alice draft', version: started });
    expect(late.error_code).toBe(10101);
    expect(late.error_message).toMatch(/^bob saved this page while you were editing it/);
    expect((await pageRow(t, page.page_id)).page_content).toBe('bob text');
  });

  it('also takes a free page, and the taker keeps renewing as usual', async () => {
    const page = await createPage(t, alice, item.item_id);
    expect((await takeOver(bob, page.page_id)).error_code).toBe(0);
    t.clock.advance(EDITOR_LEASE_SECONDS - 10);
    expect((await setLock(bob, { page_id: page.page_id, lock_seconds: EDITOR_LEASE_SECONDS })).error_code).toBe(0);
    expect((await isLock(alice, page.page_id)).data).toMatchObject({ lock_username: 'bob', lock_until: t.clock.now() + EDITOR_LEASE_SECONDS });
  });

  it('is for editors of the page’s project only', async () => {
    const page = await createPage(t, alice, item.item_id);
    await setLock(alice, { page_id: page.page_id });
    expect((await takeOver(reader, page.page_id)).error_code).toBe(10303);
    expect((await takeOver(undefined, page.page_id)).error_code).toBe(10102);
    const stranger = await registerUser(t);
    expect((await takeOver(stranger, page.page_id)).error_code).toBe(10303);
    expect((await isLock(bob, page.page_id)).data).toMatchObject({ lock_username: 'alice' });
  });
});
