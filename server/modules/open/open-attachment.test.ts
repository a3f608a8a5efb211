import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { PDF, PNG, signOf } from '../../test/upload-helpers.js';
import { openCall, openProject, showdocUrl, type ApiKey, type OpenProject } from '../../test/open-helpers.js';

let t: TestApp;
let project: OpenProject;
let other: OpenProject;
let pageId: number;
let foreignPageId: number;

beforeAll(async () => {
  t = await startTestApp();
  project = await openProject(t);
  other = await openProject(t);
  // ShowDoc's URL answers row ids as strings.
  pageId = Number(((await openCall(t, 'open/updatePage', project.key, { page_title: 'With files', page_content: 'x' })).data as { page_id: string }).page_id);
  foreignPageId = Number(((await openCall(t, 'open/updatePage', other.key, { page_title: 'Theirs', page_content: 'x' })).data as { page_id: string }).page_id);
});
afterAll(() => t?.close());

/** A multipart upload to ShowDoc's URL, the key among the form fields. */
async function upload(key: ApiKey, fields: Record<string, string | number>, file: { filename: string; data: Buffer } | null) {
  const boundary = `----folio${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries({ ...key, ...fields })) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await t.app.inject({
    method: 'POST',
    url: showdocUrl('open/uploadAttachment'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
    remoteAddress: '127.0.0.1',
  });
  return response.json<{ error_code: number; data?: { url: string; file_id: number; sign: string } }>();
}

const fileRow = (fileId: number) => t.database.db.selectFrom('upload_file').selectAll().where('file_id', '=', fileId).executeTakeFirst();

describe('open/uploadAttachment', () => {
  it('stores a file for a page of the project, filed under the project’s owner, and answers {url, file_id, sign}', async () => {
    const res = await upload(project.key, { page_id: pageId }, { filename: 'spec.pdf', data: PDF });
    expect(res.error_code).toBe(0);
    expect(res.data).toMatchObject({ url: expect.stringContaining('visitFile&sign='), file_id: expect.any(Number), sign: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(signOf(res.data?.url)).toBe(res.data?.sign);
    expect(await fileRow(res.data?.file_id ?? 0)).toMatchObject({ uid: project.owner.uid, item_id: project.item.item_id, page_id: pageId, file_type: 'application/pdf' });
    const bound = await t.database.db.selectFrom('file_page').selectAll().where('file_id', '=', res.data?.file_id ?? 0).execute();
    expect(bound).toMatchObject([{ page_id: pageId, item_id: project.item.item_id }]);
    const served = await t.app.inject({ method: 'GET', url: res.data?.url ?? '' });
    expect(served.statusCode).toBe(200);
  });

  it('takes a file for the project without a page', async () => {
    const res = await upload(project.key, {}, { filename: 'dot.png', data: PNG });
    expect(res.error_code).toBe(0);
    expect(await fileRow(res.data?.file_id ?? 0)).toMatchObject({ item_id: project.item.item_id, page_id: 0 });
  });

  it('refuses a page of another project (B15), scripts and HTML, a missing file and a wrong key', async () => {
    expect((await upload(project.key, { page_id: foreignPageId }, { filename: 'a.png', data: PNG })).error_code).toBe(10101);
    expect(await t.database.db.selectFrom('file_page').select('id').where('page_id', '=', foreignPageId).execute()).toEqual([]);
    expect((await upload(project.key, { page_id: pageId }, { filename: 'x.php', data: Buffer.from('<?php phpinfo();') })).error_code).not.toBe(0);
    expect((await upload(project.key, { page_id: pageId }, { filename: 'x.html', data: Buffer.from('<script>alert(1)</script>') })).error_code).not.toBe(0);
    expect((await upload(project.key, { page_id: pageId }, null)).error_code).toBe(10101);
    expect((await upload({ ...project.key, api_token: 'nope' }, { page_id: pageId }, { filename: 'a.png', data: PNG })).error_code).toBe(10306);
  });
});

describe('open/deleteAttachment', () => {
  const stored = async (target = project) => (await upload(target.key, {}, { filename: 'f.png', data: PNG })).data as { url: string; file_id: number; sign: string };

  it('removes a file of the project by file_id, by sign or by file_url', async () => {
    const byId = await stored();
    expect(await openCall(t, 'open/deleteAttachment', project.key, { file_id: byId.file_id })).toMatchObject({ error_code: 0, data: { file_id: byId.file_id } });
    expect(await fileRow(byId.file_id)).toBeUndefined();
    const bySign = await stored();
    expect((await openCall(t, 'open/deleteAttachment', project.key, { sign: bySign.sign })).error_code).toBe(0);
    expect(await fileRow(bySign.file_id)).toBeUndefined();
    const byUrl = await stored();
    expect((await openCall(t, 'open/deleteAttachment', project.key, { file_url: `http://example.test${byUrl.url}` })).error_code).toBe(0);
    expect(await fileRow(byUrl.file_id)).toBeUndefined();
    expect((await openCall(t, 'open/deleteAttachment', project.key, { file_id: byId.file_id })).error_code).toBe(10101);
    expect((await openCall(t, 'open/deleteAttachment', project.key, {})).error_code).toBe(10101);
    expect((await openCall(t, 'open/deleteAttachment', project.key, { file_url: 'http://x/no-sign-here' })).error_code).toBe(10101);
  });

  it('refuses a file of another project (B15), whichever way it is named, and keeps it', async () => {
    const foreign = await stored(other);
    for (const params of [{ file_id: foreign.file_id }, { sign: foreign.sign }, { file_url: foreign.url }]) {
      expect((await openCall(t, 'open/deleteAttachment', project.key, params)).error_code).toBe(10101);
    }
    expect(await fileRow(foreign.file_id)).toBeDefined();
  });

  it('only unbinds a file that a page of another project also shows', async () => {
    const shared = await stored(other);
    const now = t.clock.now();
    await t.database.db.insertInto('file_page').values({ file_id: shared.file_id, page_id: pageId, item_id: project.item.item_id, addtime: now }).execute();
    await t.database.db.insertInto('file_page').values({ file_id: shared.file_id, page_id: foreignPageId, item_id: other.item.item_id, addtime: now }).execute();
    expect((await openCall(t, 'open/deleteAttachment', project.key, { file_id: shared.file_id })).error_code).toBe(0);
    expect(await fileRow(shared.file_id)).toBeDefined();
    const bindings = await t.database.db.selectFrom('file_page').select('item_id').where('file_id', '=', shared.file_id).execute();
    expect(bindings).toEqual([{ item_id: other.item.item_id }]);
  });
});
