import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Envelope, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { createItem, uniqueName } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';
import { PDF, PNG, uploadTo } from '../../test/upload-helpers.js';
import type { AdminFileList, DeletedFiles } from '../../../common/answers/admin.js';

/**
 * The console's attachment management (showdoc-behaviour.md §6.14): every file of the site, the unused
 * ones, and deleting one or many — rows in the database, bytes after the commit.
 */

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
  alice = await registerUser(t, { username: 'alice_uploader' });
  bob = await registerUser(t, { username: 'bob_writer' });
});
afterAll(() => t?.close());

const answers: string[] = [];

async function asAdmin(action: string, params: Record<string, unknown> = {}, json = false): Promise<Envelope> {
  const res = await t.call(`attachment/${action}`, params, { token: admin.token, json });
  answers.push(res.response.body);
  return res;
}

interface Uploaded {
  file_id: number;
  url: string;
}

/** A file in the uploader's hub (no project, no page) unless a page is named. */
async function upload(user: TestUser, name: string, target: { item_id?: number; page_id?: number } = {}): Promise<Uploaded> {
  const image = name.endsWith('.png');
  const res = await uploadTo(
    t,
    image ? 'attachment/uploadImg' : 'attachment/attachmentUpload',
    { item_id: target.item_id ?? 0, page_id: target.page_id ?? 0 },
    { field: image ? 'editormd-image-file' : 'file', filename: name, data: image ? PNG : PDF },
    user.token,
  );
  expect(res.body).toMatchObject({ success: 1 });
  return res.body as unknown as Uploaded;
}

const blobOf = async (fileId: number) => {
  const row = await t.database.db.selectFrom('upload_file').select('storage_key').where('file_id', '=', fileId).executeTakeFirstOrThrow();
  return path.join(t.config.dataDir, 'uploads', row.storage_key);
};
const fileExists = async (fileId: number) => (await t.database.db.selectFrom('upload_file').select('file_id').where('file_id', '=', fileId).executeTakeFirst()) !== undefined;
const idsOf = (data: unknown) => (data as AdminFileList).list.map((row) => row.file_id);

describe('attachment/getAllList', () => {
  it('lists every file of the site with its uploader, kind and the pages that use it, newest first', async () => {
    const item = await createItem(t, bob);
    const page = await createPage(t, bob, item.item_id);
    const image = await upload(bob, 'diagram.png', { item_id: item.item_id, page_id: page.page_id });
    t.clock.advance(10);
    const pdf = await upload(alice, 'manual.pdf');
    await createPage(t, bob, item.item_id, { content: `see ${pdf.url}` });

    const res = await asAdmin('getAllList', { count: 100 });
    expect(res.error_code).toBe(0);
    const data = res.data as AdminFileList;
    expect(data.total).toBeGreaterThanOrEqual(2);
    expect(idsOf(data).indexOf(pdf.file_id)).toBeLessThan(idsOf(data).indexOf(image.file_id));
    expect(data.list.find((row) => row.file_id === image.file_id)).toMatchObject({ username: 'bob_writer', uid: bob.uid, attachment_type: 1, page_count: 1, display_name: 'diagram.png', url: image.url });
    expect(data.list.find((row) => row.file_id === pdf.file_id)).toMatchObject({ username: 'alice_uploader', attachment_type: 2, page_count: 1, file_size: PDF.length });
    expect(data.used_m).toBeGreaterThanOrEqual(0);
  });

  it('filters by kind, name (wildcards literal, unicode) and uploader; used_m counts all files', async () => {
    const tag = uniqueName('f').replace(/-/g, '');
    const png = await upload(alice, `${tag}_图.png`);
    const pdf = await upload(bob, `${tag}%.pdf`);
    const ids = async (params: Record<string, unknown>) => idsOf((await asAdmin('getAllList', { display_name: tag, count: 100, ...params })).data).sort();
    expect(await ids({})).toEqual([png.file_id, pdf.file_id].sort());
    expect(await ids({ attachment_type: 1 })).toEqual([png.file_id]);
    expect(await ids({ attachment_type: 2 })).toEqual([pdf.file_id]);
    expect(await ids({ attachment_type: -1 })).toHaveLength(2);
    expect(await ids({ display_name: `${tag}%` })).toEqual([pdf.file_id]);
    expect(await ids({ display_name: `${tag}_图` })).toEqual([png.file_id]);
    expect(await ids({ username: 'BOB' })).toEqual([pdf.file_id]);
    const filtered = (await asAdmin('getAllList', { display_name: tag })).data as AdminFileList;
    const all = (await asAdmin('getAllList', {})).data as AdminFileList;
    expect(filtered.used_m).toBe(all.used_m);
    const paged = (await asAdmin('getAllList', { display_name: tag, count: 1, page: 2 })).data as AdminFileList;
    expect(paged).toMatchObject({ total: 2 });
    expect(paged.list).toHaveLength(1);
  });

  it('refuses input of the wrong type or size (10100)', async () => {
    for (const params of [{ count: 0 }, { count: 101 }, { page: 'x' }, { attachment_type: 3 }, { display_name: 'x'.repeat(201) }, { username: ['a'] }]) {
      expect((await asAdmin('getAllList', params, true)).error_code, JSON.stringify(params)).toBe(10100);
    }
  });
});

describe('attachment/getUnusedList', () => {
  it('lists files bound to no page and written into no page, a recycle-bin page included', async () => {
    const tag = uniqueName('u').replace(/-/g, '');
    const item = await createItem(t, bob);
    const page = await createPage(t, bob, item.item_id);
    const bound = await upload(bob, `${tag}-bound.pdf`, { item_id: item.item_id, page_id: page.page_id });
    const mentioned = await upload(alice, `${tag}-mentioned.png`);
    const binned = await upload(alice, `${tag}-binned.png`);
    const unused = await upload(alice, `${tag}-unused.pdf`);
    await createPage(t, bob, item.item_id, { content: `![x](${mentioned.url})` });
    const doomed = await createPage(t, bob, item.item_id, { content: `![y](${binned.url})` });
    expect((await t.call('page/delete', { page_id: doomed.page_id }, { token: bob.token })).error_code).toBe(0);

    const res = await asAdmin('getUnusedList', { display_name: tag });
    expect(res.error_code).toBe(0);
    expect(idsOf(res.data)).toEqual([unused.file_id]);
    expect(res.data).toMatchObject({ total: 1, list: [{ page_count: 0, username: 'alice_uploader' }] });
    expect(idsOf((await asAdmin('getAllList', { display_name: tag })).data)).toHaveLength(4);
    expect(bound.file_id).toBeGreaterThan(0);

    // Once the page that showed it is gone for good, the file is unused.
    await t.database.db.deleteFrom('page').where('page_id', '=', doomed.page_id).execute();
    expect(idsOf((await asAdmin('getUnusedList', { display_name: tag })).data).sort()).toEqual([binned.file_id, unused.file_id].sort());
    expect(idsOf((await asAdmin('getUnusedList', { display_name: tag, attachment_type: 1 })).data)).toEqual([binned.file_id]);
  });
});

describe('attachment/deleteAttachment', () => {
  it('deletes anyone’s file: the row, its page bindings and its bytes', async () => {
    const item = await createItem(t, bob);
    const page = await createPage(t, bob, item.item_id);
    const file = await upload(bob, 'gone.pdf', { item_id: item.item_id, page_id: page.page_id });
    const blob = await blobOf(file.file_id);
    expect(fs.existsSync(blob)).toBe(true);
    expect((await asAdmin('deleteAttachment', { file_id: file.file_id })).data).toEqual([]);
    expect(await fileExists(file.file_id)).toBe(false);
    expect(await t.database.db.selectFrom('file_page').select('id').where('file_id', '=', file.file_id).execute()).toEqual([]);
    expect(fs.existsSync(blob)).toBe(false);
  });

  it('answers 10101 for a missing file and 10100 for a bad id', async () => {
    expect((await asAdmin('deleteAttachment', { file_id: 99_999_999 })).error_code).toBe(10101);
    for (const file_id of [0, 'abc', '', [3]]) expect((await asAdmin('deleteAttachment', { file_id }, true)).error_code, String(file_id)).toBe(10100);
  });
});

describe('attachment/batchDeleteAttachments', () => {
  it('takes a JSON array, a JSON array in a form field, or a comma list; skips unknown ids', async () => {
    const a = await upload(alice, 'a.pdf');
    const b = await upload(alice, 'b.png');
    const c = await upload(bob, 'c.pdf');
    const d = await upload(bob, 'd.pdf');
    const blobs = await Promise.all([a, b, c, d].map((f) => blobOf(f.file_id)));

    const json = await asAdmin('batchDeleteAttachments', { file_ids: [a.file_id, 99_999_998] }, true);
    expect(json.data as DeletedFiles).toEqual({ deleted: 1 });
    const form = await asAdmin('batchDeleteAttachments', { file_ids: JSON.stringify([b.file_id]) });
    expect(form.data).toEqual({ deleted: 1 });
    const comma = await asAdmin('batchDeleteAttachments', { file_ids: `${c.file_id}, ${d.file_id},${d.file_id}` });
    expect(comma.data).toEqual({ deleted: 2 });
    for (const f of [a, b, c, d]) expect(await fileExists(f.file_id)).toBe(false);
    for (const blob of blobs) expect(fs.existsSync(blob)).toBe(false);
  });

  it('refuses more than 500 ids (10101), an empty or malformed list (10100), deleting nothing', async () => {
    const kept = await upload(alice, 'kept.pdf');
    const many = Array.from({ length: 501 }, (_, i) => 90_000_000 + i); // ids no file has
    expect((await asAdmin('batchDeleteAttachments', { file_ids: many }, true)).error_code).toBe(10101);
    expect(await fileExists(kept.file_id)).toBe(true);
    expect((await asAdmin('batchDeleteAttachments', { file_ids: [...many.slice(0, 499), kept.file_id] }, true)).data).toEqual({ deleted: 1 });
    const again = await upload(alice, 'kept-again.pdf');
    for (const file_ids of ['', '[]', 'a,b', '1,-2', '[1,"x"]', '[1', { a: 1 }]) {
      expect((await asAdmin('batchDeleteAttachments', { file_ids }, true)).error_code, JSON.stringify(file_ids)).toBe(10100);
    }
    expect(await fileExists(again.file_id)).toBe(true);
  });
});

describe('who may call the admin attachment actions', () => {
  it('refuses guests (10102) and ordinary users (10103); the owners’ own file actions still work', async () => {
    const file = await upload(alice, 'mine.pdf');
    const calls: [string, Record<string, unknown>][] = [
      ['getAllList', {}],
      ['getUnusedList', {}],
      ['deleteAttachment', { file_id: file.file_id }],
      ['batchDeleteAttachments', { file_ids: String(file.file_id) }],
    ];
    for (const [action, params] of calls) {
      expect((await t.call(`attachment/${action}`, params)).error_code, action).toBe(10102);
      expect((await t.call(`attachment/${action}`, params, { token: alice.token })).error_code, action).toBe(10103);
    }
    expect(await fileExists(file.file_id)).toBe(true);
    const mine = await t.call('attachment/getMyList', {}, { token: alice.token });
    expect(mine.error_code).toBe(0);
  });
});

describe('no secrets', () => {
  it('no answer carries a password hash, token or key', async () => {
    expect(answers.length).toBeGreaterThan(15);
    for (const body of answers) expect(body).not.toMatch(/\$argon2|"password"|"salt"|storage_key|api_key|api_token|user_token/);
  });
});
