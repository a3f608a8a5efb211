import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { uploadTo } from '../../test/upload-helpers.js';
import { fixture } from '../../test/import-helpers.js';

/** import/auto on ShowDoc's URLs answers `{item_id}` with the id as a number, as ShowDoc's PHP int. */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t?.close());

describe('import answers on ShowDoc’s URLs', () => {
  it('import/auto and importPostman/import answer the new project’s id as a number', async () => {
    for (const [action, name] of [
      ['import/auto', 'petstore-openapi3.json'],
      ['importPostman/import', 'postman21.json'],
    ] as const) {
      const res = await uploadTo(t, action, {}, { filename: name, data: fixture(name) }, owner.token, `/server/index.php?s=/api/${action}`);
      expect(res.body).toEqual({ error_code: 0, data: { item_id: expect.any(Number) } });
      const itemId = (res.body.data as { item_id: number }).item_id;
      const row = await t.database.db.selectFrom('item').select('uid').where('item_id', '=', itemId).executeTakeFirstOrThrow();
      expect(row.uid).toBe(owner.uid);
    }
  });
});
