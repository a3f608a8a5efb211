import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { projectWithRoles, type ProjectWithRoles } from '../test/item-factories.js';
import { createPage } from '../test/page-factories.js';
import { PNG, signOf, uploadTo } from '../test/upload-helpers.js';

/**
 * The upload cases of security.md §4 C that no module test proves on its own (the others carry their id
 * in their module's test titles; /work/notes/security-BCJ.md lists where each one lives).
 */

let t: TestApp;
let p: ProjectWithRoles;
let pageId: number;

beforeAll(async () => {
  t = await startTestApp();
  p = await projectWithRoles(t);
  pageId = (await createPage(t, p.owner, p.item.item_id, { cat_id: p.open.cat_id })).page_id;
});
afterAll(() => t?.close());

const fileRows = () => t.database.db.selectFrom('upload_file').select('file_id').execute();

/** A multipart body with `fields` plain fields and `files` file parts, sent by the editor. */
async function manyParts(fields: number, files: number) {
  const boundary = `----folio${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const field = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  chunks.push(field('user_token', p.editor.token), field('item_id', String(p.item.item_id)), field('page_id', String(pageId)));
  for (let i = 0; i < fields; i++) chunks.push(field(`f${i}`, 'x'));
  for (let i = 0; i < files; i++) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a${i}.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({ method: 'POST', url: '/api/page/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) });
}

describe('C · uploads', () => {
  it('C1 · the CNVD-2020-26585 request (anonymous uploadImg of test.<>php) is refused with 10102 and stores nothing', async () => {
    const before = await fileRows();
    for (const path of ['page/uploadImg', 'attachment/uploadImg']) {
      const res = await uploadTo(t, path, { item_id: p.item.item_id, page_id: pageId }, { field: 'editormd-image-file', filename: 'test.<>php', data: Buffer.from('<?=phpinfo();?>'), contentType: 'text/plain' });
      expect(res.body.error_code, path).toBe(10102);
    }
    // ShowDoc's own URL form, as the PoC sends it.
    const legacy = await uploadTo(t, '', {}, { field: 'editormd-image-file', filename: 'test.<>php', data: Buffer.from('<?=phpinfo();?>') }, undefined, '/index.php?s=/home/page/uploadImg');
    expect(JSON.stringify(legacy.body)).not.toMatch(/"success":1/);
    expect(await fileRows()).toEqual(before);
  });

  it('C5 · a PNG with HTML appended is served as image/png with nosniff and a sandbox, never as anything else', async () => {
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>window.__x=1</script></html>')]);
    for (const [path, field] of [['page/uploadImg', 'editormd-image-file'], ['page/upload', 'file']] as const) {
      const res = await uploadTo(t, path, { item_id: p.item.item_id, page_id: pageId }, { field, filename: 'poly.png', data: polyglot, contentType: 'text/html' }, p.editor.token);
      expect(res.body.success, path).toBe(1);
      const served = await t.app.inject({ method: 'GET', url: String(res.body.url) });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
      const row = await t.database.db.selectFrom('upload_file').select(['file_type', 'display_name']).where('sign', '=', signOf(res.body.url)).executeTakeFirstOrThrow();
      expect(row.file_type).toBe('image/png');
    }
  });

  it('C7 · a multipart body with too many fields or files is refused cleanly (4xx), and stores nothing', async () => {
    const before = await fileRows();
    for (const [fields, files] of [
      [1000, 1],
      [0, 100],
    ] as const) {
      const res = await manyParts(fields, files);
      expect(res.statusCode, `${fields} fields, ${files} files`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json<{ error_code: number }>().error_code).not.toBe(0);
    }
    expect(await fileRows()).toEqual(before);
    // The same request within the limits goes through, so the refusals above are the limits'.
    expect((await manyParts(3, 1)).json<{ success?: number }>().success).toBe(1);
  });
});
