import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { PNG } from '../../test/upload-helpers.js';
import { buildZip, footprint, importFile, projectOutline } from '../../test/import-helpers.js';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t.close());

async function importZip(data: Buffer, filename = 'docs.zip', fields: Record<string, string | number> = {}) {
  const res = await importFile(t, owner, { filename, data }, fields);
  expect(res.error_message).toBeUndefined();
  const itemId = res.data?.item_id ?? 0;
  const item = await t.app.services.db.selectFrom('item').selectAll().where('item_id', '=', itemId).executeTakeFirstOrThrow();
  return { item, ...(await projectOutline(t, itemId)) };
}

/** ShowDoc's export JSON: every scalar a string, bodies entity-escaped, the visit password in clear. */
const showDocInfo = {
  item_type: '1',
  item_name: 'Team &amp; docs',
  item_description: 'Exported',
  password: 'secret-in-clear',
  pages: {
    pages: [
      { page_id: '1', page_title: 'Welcome', cat_id: '0', page_content: '# Hi\n\n&lt;b&gt; &amp;amp; ![logo](images/logo.png)', s_number: '1', page_comments: 'first' },
      { page_id: '2', page_title: 'Welcome', cat_id: '0', page_content: 'second root page of the same title', s_number: '2', page_comments: '' },
    ],
    catalogs: [
      {
        cat_id: '10',
        cat_name: 'Guides',
        parent_cat_id: '0',
        level: '2',
        s_number: '2',
        pages: [
          { page_id: '3', page_title: 'B page', cat_id: '10', page_content: 'b', s_number: '2', page_comments: '' },
          { page_id: '4', page_title: 'A page', cat_id: '10', page_content: 'a', s_number: '1', page_comments: '' },
        ],
        catalogs: [
          {
            cat_id: '11',
            cat_name: 'Deeper',
            parent_cat_id: '10',
            level: '3',
            s_number: '1',
            pages: [{ page_id: '5', page_title: '深 &quot;quotes&quot; &amp; &lt;tags&gt;', cat_id: '11', page_content: '```\ncode\n```', s_number: '1', page_comments: '' }],
            catalogs: [{ cat_id: '12', cat_name: 'Deepest', parent_cat_id: '11', level: '4', s_number: '1', pages: [], catalogs: [] }],
          },
        ],
      },
      { cat_id: '20', cat_name: 'API', parent_cat_id: '0', level: '2', s_number: '1', pages: [], catalogs: [] },
    ],
  },
};

describe('import/auto: ShowDoc zips', () => {
  it('imports the current layout (info.json): catalogs with their order, pages, order, comments, images', async () => {
    const zip = await buildZip([
      { name: 'info.json', data: JSON.stringify(showDocInfo) },
      { name: 'Welcome.md', data: 'ignored: info.json has the content' },
      { name: 'images/logo.png', data: PNG },
    ]);
    const { item, catalogs, pages } = await importZip(zip);
    expect(item).toMatchObject({ item_name: 'Team & docs', item_description: 'Exported', password: '', item_type: 1 });
    expect(catalogs.map((c) => [c.path, c.level, c.s_number])).toEqual([
      ['Guides/Deeper', 3, 1],
      ['Guides/Deeper/Deepest', 4, 1],
      ['API', 2, 1],
      ['Guides', 2, 2],
    ]);
    expect(pages.map((p) => [p.path, p.title])).toEqual([
      ['', 'Welcome'],
      ['Guides', 'A page'],
      ['Guides/Deeper', '深 "quotes" & <tags>'],
      ['', 'Welcome'],
      ['Guides', 'B page'],
    ]);
    const welcome = pages[0]?.page;
    expect(welcome?.page_comments).toBe('first');
    expect(welcome?.page_content).toMatch(/^# Hi\n\n<b> &amp; !\[logo\]\(\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[0-9a-f]{64}\)$/);
    const files = await t.app.services.db.selectFrom('upload_file').selectAll().where('item_id', '=', item.item_id).execute();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ file_type: 'image/png', page_id: welcome?.page_id, uid: owner.uid });
    // The stored image is served like any upload.
    const sign = /sign=([0-9a-f]+)/.exec(welcome?.page_content ?? '')?.[1];
    const served = await t.app.inject({ method: 'GET', url: `/server/index.php?s=/api/attachment/visitFile&sign=${sign}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('imports the legacy layout (prefix_info.json and prefix_<md5>.md)', async () => {
    const legacy = { ...showDocInfo, item_name: 'Legacy' };
    const zip = await buildZip([
      { name: 'prefix_info.json', data: JSON.stringify(legacy) },
      { name: 'prefix_0123456789abcdef0123456789abcdef.md', data: 'ignored' },
      { name: 'prefix_readme.md', data: '标题 —— prefix_0123.md' },
    ]);
    const { item, pages } = await importZip(zip);
    expect(item.item_name).toBe('Legacy');
    expect(pages).toHaveLength(5);
  });

  it('takes a single-page, RunApi or spreadsheet type from the file, anything else as regular', async () => {
    for (const [type, expected] of [['2', 2], ['4', 4], ['3', 3], ['5', 1], ['6', 1], ['<script>', 1]] as const) {
      const zip = await buildZip([{ name: 'info.json', data: JSON.stringify({ ...showDocInfo, item_type: type }) }]);
      const { item } = await importZip(zip);
      expect(item.item_type).toBe(expected);
    }
  });

  it('accepts numbers where ShowDoc wrote strings, and a bare info.json upload', async () => {
    const numeric = { item_type: 1, item_name: 'Numbers', pages: { pages: [{ page_title: 'P', page_content: 'x', s_number: 3 }], catalogs: [] } };
    const res = await importFile(t, owner, { filename: 'whatever.bin', data: Buffer.from(JSON.stringify(numeric)) });
    expect(res.error_code).toBe(0);
    const { pages } = await projectOutline(t, res.data?.item_id ?? 0);
    expect(pages[0]?.page.s_number).toBe(3);
  });
});

describe('import/auto: Folio\'s own markdown export', () => {
  it('round-trips a project: structure, order, titles and raw markdown', async () => {
    const source = (await importZip(await buildZip([{ name: 'info.json', data: JSON.stringify(showDocInfo) }]))).item.item_id;
    const db = t.app.services.db;
    // Raw markdown as Folio stores it, entities and markup included.
    const tricky = 'Use `&lt;` for <, not <b>bold</b> & "quotes"\n\n|a|b|\n|-|-|\n|1|2|';
    await db.updateTable('page').set({ page_content: tricky }).where('item_id', '=', source).where('page_title', '=', 'A page').execute();
    const exported = await t.app.inject({ method: 'GET', url: `/api/export/markdown?item_id=${source}&user_token=${owner.token}` });
    expect(exported.statusCode).toBe(200);
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const copy = await importZip(exported.rawPayload, 'showdoc.zip');
    const original = await projectOutline(t, source);
    // Catalogs of equal order may be created in another order: compared by path.
    const strip = (o: typeof original) => ({ catalogs: [...o.catalogs].sort((a, b) => a.path.localeCompare(b.path)), pages: o.pages.map((p) => [p.path, p.title, p.content, p.page.s_number]) });
    expect(strip(copy)).toEqual(strip(original));
    expect(copy.pages.find((p) => p.title === 'A page')?.content).toBe(tricky);
  });
});

describe('import/auto: markdown zips', () => {
  it('turns three folder levels into catalogs, deeper ones into the third, files into pages in name order', async () => {
    const zip = await buildZip([
      { name: 'b.md', data: 'root b' },
      { name: 'a.md', data: 'root a' },
      { name: '指南/入门.md', data: '# 入门\n\n![图](../img/pic.png)\n<img src="./local.png">' },
      { name: '指南/local.png', data: PNG },
      { name: 'img/pic.png', data: PNG },
      { name: '指南/进阶/专题/x.md', data: 'level three' },
      { name: '指南/进阶/专题/更深/y.md', data: 'level four joins level three' },
      { name: 'notes.txt', data: 'ignored' },
      { name: '__MACOSX/._a.md', data: 'junk' },
      { name: 'empty-folder/', data: '' },
    ]);
    const { item, catalogs, pages } = await importZip(zip, 'My docs.zip');
    expect(item.item_name).toBe('My docs');
    expect(item.password).toBe('');
    expect(catalogs.map((c) => [c.path, c.level])).toEqual([
      ['指南', 2],
      ['指南/进阶', 3],
      ['指南/进阶/专题', 4],
      ['指南/进阶/专题 / 更深', 4],
    ]);
    expect(pages.map((p) => [p.path, p.title])).toEqual([
      ['', 'a'],
      ['', 'b'],
      ['指南', '入门'],
      ['指南/进阶/专题', 'x'],
      ['指南/进阶/专题 / 更深', 'y'],
    ]);
    const guide = pages[2]?.content ?? '';
    expect(guide).not.toContain('../img/pic.png');
    expect(guide).not.toContain('./local.png');
    expect(guide.match(/visitFile&sign=/g)).toHaveLength(2);
    const files = await t.app.services.db.selectFrom('upload_file').select('file_id').where('item_id', '=', item.item_id).execute();
    expect(files).toHaveLength(2);
  });

  it('merges into an existing project by title and keeps the old text in history', async () => {
    const first = await importZip(await buildZip([{ name: 'Guide/Start.md', data: 'v1' }]));
    const before = await footprint(t);
    const second = await importZip(await buildZip([{ name: 'Guide/Start.md', data: 'v2' }, { name: 'Guide/New.md', data: 'new' }]), 'x.zip', { item_id: first.item.item_id });
    expect(second.item.item_id).toBe(first.item.item_id);
    expect(second.pages.map((p) => [p.title, p.content])).toEqual([
      ['Start', 'v2'],
      ['New', 'new'],
    ]);
    const after = await footprint(t);
    expect(after.items).toBe(before.items);
    expect(after.history).toBe(before.history + 1);
  });

  it('J2 · decodes GBK file names', async () => {
    const zip = await buildZip([{ name: 'ABCD.md', data: '内容' }]);
    // The same zip with the name's bytes replaced by "中文.md" in GBK, and no UTF-8 flag.
    const gbkName = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x2e, 0x6d, 0x64]);
    let at = zip.indexOf('ABCD.md');
    while (at >= 0) {
      gbkName.copy(zip, at);
      at = zip.indexOf('ABCD.md', at + 1);
    }
    const { pages } = await importZip(zip);
    expect(pages.map((p) => p.title)).toEqual(['中文']);
  });

  it('leaves a link alone when its image is not an image', async () => {
    const zip = await buildZip([
      { name: 'page.md', data: '![x](fake.png)' },
      { name: 'fake.png', data: '<svg onload=alert(1)>' },
    ]);
    const before = await footprint(t);
    const { pages } = await importZip(zip);
    expect(pages[0]?.content).toBe('![x](fake.png)');
    expect((await footprint(t)).files).toBe(before.files);
  });
});
