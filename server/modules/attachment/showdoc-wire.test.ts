import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import type { TestUser } from '../../test/factories.js';
import { createItem } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';
import { registerUser } from '../../test/factories.js';
import { PDF, PNG, uploadTo } from '../../test/upload-helpers.js';

/**
 * The attachment answers on ShowDoc's URLs: ShowDoc 3.9.2 casts the ids and sizes of its file lists to
 * PHP ints, so they stay numbers there; Folio's extras are left out. Uploads answer editor.md's shape
 * without the envelope on every URL form.
 */
let t: TestApp;
let owner: TestUser;
let pageId: number;

const showdoc = (path: string) => `/server/index.php?s=/api/${path}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  const item = await createItem(t, owner);
  pageId = (await createPage(t, owner, item.item_id)).page_id;
  const image = await uploadTo(t, 'page/uploadImg', { item_id: item.item_id, page_id: pageId }, { field: 'editormd-image-file', filename: 'dot.png', data: PNG }, owner.token, showdoc('page/uploadImg'));
  expect(image.body).toMatchObject({ success: 1, url: expect.stringContaining('visitFile&sign=') });
  expect(image.body).not.toHaveProperty('error_code');
  const file = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, { filename: 'spec.pdf', data: PDF }, owner.token, showdoc('page/upload'));
  expect(file.body).toMatchObject({ success: 1, url: expect.stringContaining('visitFile&sign=') });
});
afterAll(() => t?.close());

describe('attachment answers on ShowDoc’s URLs', () => {
  it('page/uploadList: file ids as numbers, formatted times, without Folio’s file_size', async () => {
    const showdocList = await t.call('page/uploadList', { page_id: pageId }, { token: owner.token, url: showdoc('page/uploadList') });
    const files = showdocList.data as Record<string, unknown>[];
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatchObject({ file_id: expect.any(Number), display_name: expect.any(String), url: expect.any(String), addtime: expect.stringMatching(/^\d{4}-/) });
      expect(file).not.toHaveProperty('file_size');
    }
    const folio = (await t.call('page/uploadList', { page_id: pageId }, { token: owner.token })).data as Record<string, unknown>[];
    expect(folio[0]).toMatchObject({ file_id: expect.any(Number), file_size: expect.any(Number) });
  });

  it('attachment/getMyList: numbers on both URL forms, as ShowDoc casts them', async () => {
    for (const url of [showdoc('attachment/getMyList'), '/api/attachment/getMyList']) {
      const list = (await t.call('attachment/getMyList', {}, { token: owner.token, url })).data as { list: Record<string, unknown>[]; total: unknown; used: unknown };
      expect(list.total).toBe(2);
      expect(list.used).toBe(PNG.length + PDF.length);
      expect(list.list[0]).toMatchObject({ file_id: expect.any(Number), uid: owner.uid, item_id: expect.any(Number), page_id: pageId, file_size: expect.any(Number), file_size_m: expect.any(Number) });
    }
  });
});
