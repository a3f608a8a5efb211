import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem, projectWithRoles, type TestItem } from '../../test/item-factories.js';
import { createPage } from '../../test/page-factories.js';
import { UPLOAD_LIMIT } from './limits.js';
import { PDF, PNG, signOf, uploadTo } from '../../test/upload-helpers.js';

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let reader: TestUser;
let limited: TestUser;
let stranger: TestUser;
let item: TestItem;
let pageId: number;
let hiddenPageId: number;

beforeAll(async () => {
  t = await startTestApp();
  const project = await projectWithRoles(t);
  ({ owner, editor, reader, limited, stranger, item } = project);
  pageId = (await createPage(t, owner, item.item_id, { cat_id: project.open.cat_id })).page_id;
  hiddenPageId = (await createPage(t, owner, item.item_id, { cat_id: project.closed.cat_id })).page_id;
});
afterAll(() => t?.close());

const image = (filename = 'shot.png', data = PNG, contentType = 'image/png') => ({ field: 'editormd-image-file', filename, data, contentType });
const visit = (url: unknown) => t.app.inject({ method: 'GET', url: String(url) });

describe('page/uploadImg', () => {
  it('C9 · stores a pasted image for an editor of the page and serves it inline as the image it is', async () => {
    const res = await uploadTo(t, 'page/uploadImg', { item_id: item.item_id, page_id: pageId }, image('blob', PNG, 'text/html'), editor.token);
    expect(res.body).toMatchObject({ success: 1, url: expect.stringMatching(/^\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[0-9a-f]{64}$/) });
    const row = await t.database.db.selectFrom('upload_file').selectAll().where('sign', '=', signOf(res.body.url)).executeTakeFirstOrThrow();
    // The client's name "blob" and its claimed type are not what is stored.
    expect(row).toMatchObject({ display_name: 'blob.jpg', file_type: 'image/png', uid: editor.uid, item_id: item.item_id, page_id: pageId, file_size: PNG.length });
    expect(row.storage_key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);

    const served = await visit(res.body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.from(served.rawPayload).equals(PNG)).toBe(true);
    expect((await t.call('page/info', { page_id: pageId }, { token: owner.token })).data).toMatchObject({ attachment_count: expect.any(Number) });
  });

  it('C4 · answers editor.md’s {success: 0, message} for what is not a raster image', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const file of [image('evil.jpg', html), image('x.svg', Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml'), image('doc.pdf', PDF)]) {
      const res = await uploadTo(t, 'page/uploadImg', { item_id: item.item_id, page_id: pageId }, file, owner.token);
      expect(res.body).toMatchObject({ success: 0, message: expect.any(String) });
    }
  });

  it('B14 · checks who uploads where, unlike ShowDoc', async () => {
    const guest = await uploadTo(t, 'page/uploadImg', { item_id: item.item_id, page_id: pageId }, image(), undefined);
    expect(guest.body.error_code).toBe(10102);
    expect((await uploadTo(t, 'page/uploadImg', { item_id: item.item_id, page_id: pageId }, image(), reader.token)).body.error_code).toBe(10303);
    expect((await uploadTo(t, 'page/uploadImg', { item_id: item.item_id, page_id: pageId }, image(), stranger.token)).body.error_code).toBe(10303);
    expect((await uploadTo(t, 'page/uploadImg', { item_id: item.item_id, page_id: hiddenPageId }, image(), limited.token)).body.error_code).toBe(10103);
    const other = await createItem(t, stranger);
    const foreign = await uploadTo(t, 'page/uploadImg', { item_id: other.item_id, page_id: pageId }, image(), stranger.token);
    expect(foreign.body).toMatchObject({ success: 0, message: 'This page does not belong to this project' });
  });
});

describe('page/upload', () => {
  it('attaches a file to the page, lists it, and serves it as a download', async () => {
    const res = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, { filename: '季度 报告.pdf', data: PDF, contentType: 'text/html' }, owner.token);
    expect(res.body).toMatchObject({ success: 1, url: expect.stringContaining('visitFile&sign=') });
    expect(res.body.error_code).toBeUndefined();
    const list = await t.call('page/uploadList', { page_id: pageId }, { token: reader.token });
    expect(list.data).toEqual(expect.arrayContaining([expect.objectContaining({ display_name: '季度 报告.pdf', file_type: 'application/pdf', url: res.body.url })]));
    const served = await visit(res.body.url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="__ __.pdf"; filename*=UTF-8''${encodeURIComponent('季度 报告.pdf')}`);
  });

  it('C2, C3 · refuses dangerous names and types, for administrators too', async () => {
    const admin = await t.database.db.selectFrom('user').select('uid').where('groupid', '=', 1).executeTakeFirst();
    expect(admin).toBeDefined();
    const names = ['x.php', 'x.php.jpg', 'x.phtml', 'x.jsp', '.htaccess', 'x.jpg.php', 'x.php%00.jpg', 'x.php::$DATA', 'x.php.', 'x.PhP', 'x.html', 'x.svg', 'x.xml', 'x.js', 'x.mjs', 'x.shtml', 'x.exe'];
    for (const filename of names) {
      const res = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, { filename, data: Buffer.from('<?php echo 1; ?>') }, owner.token);
      expect(res.body.error_code, filename).toBe(10101);
    }
    // A binary under a text name, or a PDF name over other bytes, is not what it claims.
    for (const [filename, data] of [
      ['notes.txt', Buffer.from([0x4d, 0x5a, 0x00, 0x01])],
      ['report.pdf', PNG],
      ['pic.png', PDF],
    ] as const) {
      expect((await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, { filename, data }, owner.token)).body.error_code, filename).toBe(10101);
    }
  });

  it('C3 · takes text that quotes HTML, and serves it only as a sandboxed text download', async () => {
    const res = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, { filename: 'xss-notes.md', data: Buffer.from('<script>window.__x=1</script>') }, owner.token);
    expect(res.body.success).toBe(1);
    const served = await visit(res.body.url);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
  });

  it('C8 · keeps odd names as data and never lets them into a path or a header', async () => {
    const res = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, { filename: '..\\..\\a\u202Egnp.txt', data: Buffer.from('hello') }, owner.token);
    expect(res.body.success).toBe(1);
    const row = await t.database.db.selectFrom('upload_file').selectAll().where('sign', '=', signOf(res.body.url)).executeTakeFirstOrThrow();
    expect(row.display_name).toBe('agnp.txt');
    const served = await visit(res.body.url);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="agnp\.txt"/);
  });

  it('C6 · refuses a file over 4 MB with the envelope, and takes one of exactly 4 MB', async () => {
    const big = Buffer.alloc(UPLOAD_LIMIT + 1, 0x20);
    const refused = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, { filename: 'big.txt', data: big }, owner.token);
    expect(refused.status).toBe(413);
    expect(refused.body.error_code).toBe(10100);
    const fits = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, { filename: 'fits.txt', data: Buffer.alloc(UPLOAD_LIMIT, 0x41) }, owner.token);
    expect(fits.body.success).toBe(1);
  });

  it('puts a file without page or project in the uploader’s own file hub', async () => {
    const res = await uploadTo(t, 'attachment/attachmentUpload', {}, { filename: 'cv.pdf', data: PDF }, stranger.token);
    expect(res.body.success).toBe(1);
    const mine = await t.call('attachment/getMyList', {}, { token: stranger.token });
    expect(mine.data).toMatchObject({ total: 1, list: [expect.objectContaining({ display_name: 'cv.pdf', item_id: 0, page_id: 0 })] });
  });

  it('answers a missing file and a page never saved clearly', async () => {
    expect((await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, null, owner.token)).body.error_code).toBe(10101);
    expect((await t.call('page/uploadList', { page_id: 0 }, { token: owner.token })).error_code).toBe(10103);
    expect((await t.call('page/uploadList', { page_id: 'x' }, { token: owner.token })).error_code).toBe(10100);
    expect((await t.call('page/uploadList', { page_id: hiddenPageId }, { token: limited.token })).error_code).toBe(10103);
    // A public project's attachments are listed to anyone who may read its pages.
    expect((await t.call('page/uploadList', { page_id: pageId })).error_code).toBe(0);
  });
});

describe('downloads', () => {
  it('count visits and the uploader’s monthly traffic', async () => {
    const uploader = await registerUser(t);
    await addMember(t, item.item_id, uploader, 1);
    const res = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, { filename: 'count.pdf', data: PDF }, uploader.token);
    await visit(res.body.url);
    await visit(res.body.url);
    const row = await t.database.db.selectFrom('upload_file').selectAll().where('sign', '=', signOf(res.body.url)).executeTakeFirstOrThrow();
    expect(row.visit_times).toBe(2);
    expect(row.last_visit_time).toBe(t.clock.now());
    const mine = await t.call('attachment/getMyList', { attachment_type: 2 }, { token: uploader.token });
    expect(mine.data).toMatchObject({ total: 1, used: PDF.length, list: [expect.objectContaining({ visit_times: 2 })] });
    const flow = await t.database.db.selectFrom('file_flow').selectAll().where('uid', '=', uploader.uid).executeTakeFirstOrThrow();
    expect(Number(flow.used)).toBe(2 * PDF.length);
  });

  it('answer an unknown or malformed sign with 404 and nothing else', async () => {
    for (const sign of ['0'.repeat(64), '../../etc/passwd', '']) {
      const res = await t.app.inject({ method: 'GET', url: `/server/index.php?s=/api/attachment/visitFile&sign=${encodeURIComponent(sign)}` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('removing attachments', () => {
  it('deletes a file used by one page (uploader only) and its bytes; unbinds one used elsewhere too', async () => {
    const res = await uploadTo(t, 'page/upload', { item_id: item.item_id, page_id: pageId }, { filename: 'gone.pdf', data: PDF }, editor.token);
    const file = await t.database.db.selectFrom('upload_file').selectAll().where('sign', '=', signOf(res.body.url)).executeTakeFirstOrThrow();
    // Another editor may not delete someone's file, a reader may not touch it.
    expect((await t.call('page/deleteUploadFile', { file_id: file.file_id, page_id: pageId }, { token: limited.token })).error_code).toBe(10101);
    expect((await t.call('page/deleteUploadFile', { file_id: file.file_id, page_id: pageId }, { token: reader.token })).error_code).toBe(10303);

    const second = await createPage(t, owner, item.item_id);
    expect((await t.call('attachment/bindingPage', { file_id: file.file_id, page_id: second.page_id }, { token: owner.token })).error_code).toBe(10101);
    expect((await t.call('attachment/bindingPage', { file_id: file.file_id, page_id: second.page_id }, { token: editor.token })).error_code).toBe(0);
    expect((await t.call('page/deleteUploadFile', { file_id: file.file_id, page_id: second.page_id }, { token: owner.token })).error_code).toBe(0);
    expect((await visit(res.body.url)).statusCode).toBe(200);

    expect((await t.call('page/deleteUploadFile', { file_id: file.file_id, page_id: pageId }, { token: editor.token })).error_code).toBe(0);
    expect((await visit(res.body.url)).statusCode).toBe(404);
    expect(await t.app.services.storage.get(file.storage_key)).toBeNull();
  });

  it('lets only the uploader delete from their attachment list', async () => {
    const res = await uploadTo(t, 'attachment/attachmentUpload', {}, { filename: 'mine.pdf', data: PDF }, reader.token);
    const file = await t.database.db.selectFrom('upload_file').selectAll().where('sign', '=', signOf(res.body.url)).executeTakeFirstOrThrow();
    expect((await t.call('attachment/deleteMyAttachment', { file_id: file.file_id }, { token: owner.token })).error_code).toBe(10101);
    expect((await t.call('attachment/deleteMyAttachment', { file_id: file.file_id })).error_code).toBe(10102);
    expect((await t.call('attachment/deleteMyAttachment', { file_id: file.file_id }, { token: reader.token })).error_code).toBe(0);
    expect((await t.call('attachment/getMyList', {}, { token: reader.token })).data).toMatchObject({ total: 0, used: 0 });
  });

  it('filters and pages the attachment list, with bad input refused', async () => {
    const user = await registerUser(t);
    await uploadTo(t, 'attachment/attachmentUpload', {}, { filename: 'a.png', data: PNG }, user.token);
    await uploadTo(t, 'attachment/attachmentUpload', {}, { filename: 'b.pdf', data: PDF }, user.token);
    await uploadTo(t, 'attachment/attachmentUpload', {}, { filename: '100%_off.pdf', data: PDF }, user.token);
    const list = (params: Record<string, unknown>) => t.call('attachment/getMyList', params, { token: user.token });
    expect((await list({ attachment_type: 1 })).data).toMatchObject({ total: 1 });
    expect((await list({ attachment_type: 2 })).data).toMatchObject({ total: 2 });
    expect((await list({ display_name: '%_' })).data).toMatchObject({ total: 1 });
    expect((await list({ page: 2, count: 2 })).data).toMatchObject({ total: 3, list: [expect.anything()] });
    expect((await list({ count: 1000 })).error_code).toBe(10100);
    expect((await list({ attachment_type: 'x' })).error_code).toBe(10100);
  });
});

describe('the download name header', () => {
  it('C8 · cannot be broken out of by quotes, semicolons or line breaks', async () => {
    const { contentDisposition } = await import('./visit.js');
    expect(contentDisposition('attachment', 'a";\r\nSet-Cookie: x=1.pdf')).toBe(`attachment; filename="a____Set-Cookie: x=1.pdf"; filename*=UTF-8''a%22%3B%0D%0ASet-Cookie%3A%20x%3D1.pdf`);
  });
});
