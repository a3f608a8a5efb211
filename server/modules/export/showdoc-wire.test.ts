import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem, type TestItem } from '../../test/item-factories.js';

/** export/checkMarkdownLimit answers ShowDoc's `[]` on every URL form; a refusal is its error code. */
let t: TestApp;
let owner: TestUser;
let item: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  item = await createItem(t, owner);
});
afterAll(() => t?.close());

describe('export answers on ShowDoc’s URLs', () => {
  it('export/checkMarkdownLimit: [] when the export may go ahead, 10302 for a reader who may not edit', async () => {
    for (const url of ['/server/index.php?s=/api/export/checkMarkdownLimit', '/server/api/export/checkMarkdownLimit', '/api/export/checkMarkdownLimit']) {
      const res = await t.call('export/checkMarkdownLimit', { item_id: item.item_id, export_format: 'markdown' }, { token: owner.token, url });
      expect(res).toMatchObject({ error_code: 0, data: [] });
    }
    const stranger = await registerUser(t);
    const refused = await t.call('export/checkMarkdownLimit', { item_id: item.item_id, export_format: 'markdown' }, { token: stranger.token, url: '/server/index.php?s=/api/export/checkMarkdownLimit' });
    expect(refused.error_code).not.toBe(0);
    expect(refused).not.toHaveProperty('data');
  });
});
