import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { loginUser, registerUser, type TestUser } from '../test/factories.js';
import { addCatalog, createItem } from '../test/item-factories.js';

/**
 * security.md §4 F: denial of service and limits. Most limits are proven next to the feature they guard
 * (the table in /work/notes/security-FGR.md names each test); these are the ones no feature test covers.
 */

const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t?.close());

describe('F · denial of service and limits', () => {
  it('F6 · a project of 20,000 pages: the menu carries page headers only, so its size does not grow with the text', async () => {
    const item = await createItem(t, owner);
    const catalogs = [0, (await addCatalog(t, item.item_id, 'A')).cat_id, (await addCatalog(t, item.item_id, 'B')).cat_id];
    const body = `BODY-MARKER ${'x'.repeat(200)}`;
    const now = t.clock.now();
    for (let batch = 0; batch < 40; batch++) {
      await t.database.db
        .insertInto('page')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            item_id: item.item_id,
            cat_id: catalogs[(batch * 500 + i) % 3] ?? 0,
            page_title: `p${batch * 500 + i}`,
            page_content: body,
            page_comments: '',
            s_number: 99,
            ext_info: '',
            is_draft: 0,
            author_uid: owner.uid,
            author_username: owner.username,
            addtime: now,
            page_addtime: now,
          })),
        )
        .execute();
    }
    const res = await t.call('item/info', { item_id: item.item_id }, { token: owner.token });
    expect(res.error_code).toBe(0);
    const payload = res.response.body;
    // Every page is listed, by its header: about a hundred bytes each, never the body.
    const listed = (payload.match(/"page_title":"p\d+"/g) ?? []).length;
    expect(listed).toBe(20_000);
    expect(payload.split('BODY-MARKER').length - 1).toBeLessThanOrEqual(1); // the opened page only
    expect(payload.length).toBeLessThan(20_000 * 400);
  });

  it('F9 · password checks run off the event loop (no synchronous hash anywhere in the server); 40 logins at once with 128-character passwords are refused, and the account still opens for its owner', async () => {
    // A synchronous hash at the production cost (19 MiB, 2 passes) blocks every request for its length;
    // the async calls run in libuv's thread pool. Checked in the source, since timing on a shared machine proves nothing.
    const offenders: string[] = [];
    for (const file of fs.readdirSync(serverDir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.startsWith('security') || file.startsWith('faults')) continue;
      const text = fs.readFileSync(path.join(serverDir, file), 'utf8');
      if (/\b(hashSync|verifySync|compareSync|genSaltSync|pbkdf2Sync|scryptSync)\b/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);

    const user = await registerUser(t, { password: 'correct horse 1' });
    const long = 'p'.repeat(128);
    const refused = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const captcha = await t.solveCaptcha();
        return t.call('user/loginByVerify', { username: user.username, password: long, ...captcha }, { remoteAddress: `10.9.${i >> 8}.${i & 255}` });
      }),
    );
    for (const r of refused) expect([10210, 10204]).toContain(r.error_code);
    // Under the per-account limit (50), the owner still gets in from another address.
    expect((await loginUser(t, user.username, 'correct horse 1', {})).error_code).toBe(0);
  });
});
