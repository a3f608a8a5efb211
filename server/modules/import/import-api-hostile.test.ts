import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem } from '../../test/item-factories.js';
import { PNG } from '../../test/upload-helpers.js';
import { buildZip, fixture, footprint, importFile, rawZip, zeroBomb, type ImportAnswer } from '../../test/import-helpers.js';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let before: Awaited<ReturnType<typeof footprint>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  stranger = await registerUser(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  before = await footprint(t);
});

/** Refused with this code and a message that says why, and nothing of it anywhere. */
async function expectRefused(res: ImportAnswer, code: number, message?: RegExp) {
  expect(res.error_code).toBe(code);
  expect(res.error_message).toBeTruthy();
  if (message) expect(res.error_message).toMatch(message);
  expect(await footprint(t)).toEqual(before);
}

const md = (name: string) => ({ name, data: Buffer.from('# x') });

describe('import/auto refuses hostile zips and writes nothing', () => {
  it.each([
    ['../../x.md'],
    ['/abs.md'],
    ['a/../../x.md'],
    ['a\\..\\..\\x.md'],
    ['C:/Windows/x.md'],
    ['\\\\server\\share\\x.md'],
  ])('C10 · zip-slip name %s', async (name) => {
    const zip = rawZip([md('fine.md'), md(name)]);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: zip }), 10101, /unsafe path/);
  });

  it('C10 · a symbolic link entry', async () => {
    const zip = rawZip([md('fine.md'), { name: 'link.md', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: zip }), 10101, /symbolic link/);
  });

  it('C11 · a zip bomb that lies about its size (1 GB of zeros declared as 1 KB), quickly and in little memory', async () => {
    const zip = rawZip([{ name: 'bomb.md', data: zeroBomb(1024), deflated: true, size: 1000 }]);
    expect(zip.length).toBeLessThan(2 * 1024 * 1024);
    const started = Date.now();
    const rss = process.memoryUsage().rss;
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: zip }), 10101);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
  });

  it('C11 · a zip bomb that tells the truth, before inflating anything', async () => {
    const zip = rawZip([{ name: 'bomb.md', data: zeroBomb(1024), deflated: true, size: 1024 * 1024 * 1024 - 1 }]);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: zip }), 10101, /larger than 20 MB/);
  });

  it('C11 · many entries whose sizes together pass the cap', async () => {
    const zip = rawZip(Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.md`, data: zeroBomb(19), deflated: true, size: 19 * 1024 * 1024 })));
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: zip }), 10101, /more than 100 MB/);
  });

  it('C11 · 100,000 tiny entries', async () => {
    const zip = rawZip(Array.from({ length: 100_000 }, (_, i) => ({ name: `f${i}.md`, data: Buffer.from('x') })));
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: zip }), 10101, /more than 20000 entries/);
  });

  it('C11 · folders nested deeper than ten levels', async () => {
    const zip = rawZip([md(`${'d/'.repeat(11)}x.md`)]);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: zip }), 10101, /deeper than 10/);
  });

  it('J2 · names that are neither UTF-8 nor GBK', async () => {
    const zip = rawZip([{ name: Buffer.from([0x81, 0x20, 0x2e, 0x6d, 0x64]), data: Buffer.from('x') }]);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: zip }), 10101, /neither UTF-8 nor GBK/);
  });

  it('a damaged zip, a non-zip with a .zip name, an empty file', async () => {
    const damaged = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 7)]);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: damaged }), 10101, /damaged or not a zip/);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: Buffer.from('just some text') }), 10101, /Unsupported file format/);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: PNG }), 10101, /Unsupported file format/);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: Buffer.alloc(0) }), 10101, /empty/);
  });

  it('a zip without markdown', async () => {
    const zip = await buildZip([{ name: 'a.txt', data: 'x' }]);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: zip }), 10101, /no markdown/);
  });

  it('C12 · an info.json that is not a ShowDoc export, or holds what no project may', async () => {
    const bad = await buildZip([{ name: 'info.json', data: '{"pages": 3}' }]);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: bad }), 10101, /ShowDoc export is not valid/);
    const longName = { item_name: 'x', pages: { pages: [], catalogs: [{ cat_name: 'n'.repeat(10 * 1024 * 1024), pages: [] }] } };
    await expectRefused(await importFile(t, owner, { filename: 'a.json', data: Buffer.from(JSON.stringify(longName)) }), 10100, /at most 255/);
    const many = { item_name: 'x', pages: { pages: [], catalogs: Array.from({ length: 100_000 }, (_, i) => ({ cat_name: `c${i}` })) } };
    await expectRefused(await importFile(t, owner, { filename: 'a.json', data: Buffer.from(JSON.stringify(many)) }), 10100, /at most 1500 catalogs/);
    const longTitle = { item_name: 'x', pages: { pages: [{ page_title: 't'.repeat(300), page_content: 'x' }] } };
    await expectRefused(await importFile(t, owner, { filename: 'a.json', data: Buffer.from(JSON.stringify(longTitle)) }), 10100, /at most 255/);
  });
});

describe('import/auto refuses hostile documents and writes nothing', () => {
  it('a YAML billion-laughs file', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const started = Date.now();
    await expectRefused(await importFile(t, owner, { filename: 'lol.yaml', data: Buffer.from(lines.join('\n')) }), 10101, /YAML/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('C13 · deep nesting', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    await expectRefused(await importFile(t, owner, { filename: 'a.json', data: Buffer.from(deep) }), 10101, /deeper than 128/);
    const deepObject = `{"openapi":"3.0.0","info":{"title":"x"},"paths":${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}`;
    await expectRefused(await importFile(t, owner, { filename: 'a.json', data: Buffer.from(deepObject) }), 10101, /deeper than 128/);
  });

  it('too many values', async () => {
    const wide = `[${'0,'.repeat(6_000_000)}0]`;
    await expectRefused(await importFile(t, owner, { filename: 'a.json', data: Buffer.from(wide) }), 10101, /too many values/);
  });

  it('JSON that is nothing importable', async () => {
    await expectRefused(await importFile(t, owner, { filename: 'a.json', data: Buffer.from('{"a": 1}') }), 10101, /Unsupported/);
    await expectRefused(await importFile(t, owner, { filename: 'a.json', data: Buffer.from('[1,2]') }), 10101, /Unsupported/);
    await expectRefused(await importFile(t, owner, { filename: 'a.json', data: Buffer.from('{"openapi": "3.0.0", "info": ') }), 10101, /YAML|Unsupported/);
  });

  it('an OpenAPI file whose $ref points nowhere', async () => {
    const broken = { openapi: '3.0.0', info: { title: 'x' }, paths: { '/a': { get: { responses: { 200: { $ref: '#/components/responses/Nope' } } } } } };
    await expectRefused(await importFile(t, owner, { filename: 'a.json', data: Buffer.from(JSON.stringify(broken)) }), 10101, /Swagger\/OpenAPI file could not be read/);
  });
});

describe('import/auto never reaches outside the file', () => {
  it('leaves file and http $refs unresolved', async () => {
    const spec = {
      openapi: '3.0.0',
      info: { title: 'External refs' },
      paths: {
        '/a': { get: { summary: 'A', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: 'file:///etc/passwd' } } } } } } },
        '/b': { get: { summary: 'B', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: 'http://169.254.169.254/latest/meta-data' } } } } } } },
      },
    };
    const res = await importFile(t, owner, { filename: 'a.json', data: Buffer.from(JSON.stringify(spec)) });
    expect(res.error_code).toBe(0);
    const pages = await t.app.services.db.selectFrom('page').select('page_content').where('item_id', '=', res.data?.item_id ?? 0).execute();
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => p.page_content).join('')).not.toContain('root:');
  });

  it('C15 · keeps __proto__ and constructor keys out of every object', async () => {
    const collection = JSON.parse(fixture('postman21.json').toString()) as Record<string, unknown>;
    const poisoned = JSON.stringify({ ...collection, extra: { constructor: { prototype: { polluted: true } } } }).replace('{"info":', '{"__proto__":{"isAdmin":true},"info":');
    const res = await importFile(t, owner, { filename: 'a.json', data: Buffer.from(poisoned) });
    expect(res.error_code).toBe(0);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('import/auto: who may import where', () => {
  const openapi = () => ({ filename: 'a.json', data: fixture('openapi3-no-content.json') });

  it('needs a login (10102)', async () => {
    await expectRefused(await importFile(t, null, openapi()), 10102);
  });

  it('needs manage permission on the project it imports into (10303)', async () => {
    const item = await createItem(t, owner);
    const editor = await registerUser(t);
    await addMember(t, item.item_id, editor, 1);
    before = await footprint(t);
    await expectRefused(await importFile(t, editor, openapi(), { item_id: item.item_id }), 10303);
    await expectRefused(await importFile(t, stranger, openapi(), { item_id: item.item_id }), 10303);
    const manager = await registerUser(t);
    await addMember(t, item.item_id, manager, 2);
    expect((await importFile(t, manager, openapi(), { item_id: item.item_id })).error_code).toBe(0);
  });

  it('refuses a private project of someone else (10307), a missing one and an archived one (10101)', async () => {
    const secret = await createItem(t, owner, { password: 'pw123456' });
    const archived = await createItem(t, owner);
    await t.app.services.db.updateTable('item').set({ is_archived: 1 }).where('item_id', '=', archived.item_id).execute();
    before = await footprint(t);
    await expectRefused(await importFile(t, stranger, openapi(), { item_id: secret.item_id }), 10307);
    await expectRefused(await importFile(t, owner, openapi(), { item_id: 99_999_999 }), 10101);
    await expectRefused(await importFile(t, owner, openapi(), { item_id: archived.item_id }), 10101, /archived/);
  });

  it('imports pages only into regular projects', async () => {
    const single = await createItem(t, owner, { item_type: 2 });
    before = await footprint(t);
    await expectRefused(await importFile(t, owner, openapi(), { item_id: single.item_id }), 10101, /regular project/);
  });

  it('checks its input', async () => {
    await expectRefused(await importFile(t, owner, openapi(), { item_id: 'abc' }), 10100);
    await expectRefused(await importFile(t, owner, openapi(), { item_id: '99999999999999999999' }), 10100);
    await expectRefused(await importFile(t, owner, openapi(), { item_id: -1 }), 10100);
    const res = await t.call('import/auto', { item_id: 0 }, { token: owner.token });
    expect(res.error_code).toBe(10101);
    expect(res.error_message).toMatch(/Choose a file/);
  });

  it('refuses a file over 20 MB', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    const res = await importFile(t, owner, { filename: 'big.json', data: big });
    expect(res.error_code).toBe(10100);
    expect(await footprint(t)).toEqual(before);
  });

  it('accepts a file over the 4 MB attachment limit', async () => {
    const spec = JSON.parse(fixture('openapi3-no-content.json').toString()) as Record<string, Record<string, unknown>>;
    spec.info = { ...spec.info, description: 'd'.repeat(6 * 1024 * 1024) };
    const res = await importFile(t, owner, { filename: 'big.json', data: Buffer.from(JSON.stringify(spec)) });
    expect(res.error_code).toBe(0);
  });
});

describe('the larger file limit of imports stays with imports', () => {
  it('an attachment sent without Content-Length is still held to 4 MB', async () => {
    const boundary = 'b0undary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="user_token"\r\n\r\n${owner.token}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.alloc(5 * 1024 * 1024),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/page/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Readable.from([body]) });
    expect(res.json()).toMatchObject({ error_code: 10100 });
    expect(await footprint(t)).toEqual(before);
  });
});

describe('import/auto rolls back everything when a write fails', () => {
  it('removes the images it stored', async () => {
    const item = await createItem(t, owner);
    // The project is one catalog short of the limit; the zip needs two.
    const now = t.clock.now();
    const rows = Array.from({ length: 1499 }, (_, i) => ({ cat_name: `c${i}`, item_id: item.item_id, parent_cat_id: 0, level: 2, addtime: now }));
    for (let i = 0; i < rows.length; i += 300) await t.app.services.db.insertInto('catalog').values(rows.slice(i, i + 300)).execute();
    before = await footprint(t);
    const zip = await buildZip([
      { name: 'one/a.md', data: '![p](../p.png)' },
      { name: 'two/b.md', data: 'b' },
      { name: 'p.png', data: PNG },
    ]);
    await expectRefused(await importFile(t, owner, { filename: 'a.zip', data: zip }, { item_id: item.item_id }), 10100, /at most 1500 catalogs/);
  });
});
