import net from 'node:net';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addCatalog, addMember, addPage, createItem, type TestItem } from '../../test/item-factories.js';
import { PNG, uploadTo } from '../../test/upload-helpers.js';
import { unzip } from '../../test/unzip.js';

let t: TestApp;
let owner: TestUser;
let item: TestItem;
/** Connections made to this listener would be the server fetching a page's URL (it must never). */
let trap: net.Server;
let trapPort = 0;
let trapHits = 0;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  item = await createItem(t, owner, { item_name: 'API 手册 <One>' });
  trap = net.createServer((socket) => {
    trapHits += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapPort = (trap.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => trap?.close(resolve));
  await t?.close();
});

async function uploadImage(user: TestUser, itemId: number): Promise<string> {
  const res = await uploadTo(t, 'page/uploadImg', { item_id: itemId, page_id: 0 }, { field: 'editormd-image-file', filename: 'shot.png', data: PNG, contentType: 'image/png' }, user.token);
  return String(res.body.url);
}

async function exportDocx(user: TestUser, params: Record<string, unknown>) {
  const res = await t.call('export/word', params, { token: user.token, method: 'GET' });
  expect(res.response.statusCode, res.response.body.slice(0, 200)).toBe(200);
  expect(res.response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  const entries = await unzip(Buffer.from(res.response.rawPayload));
  const xml = entries.find((e) => e.name === 'word/document.xml')?.data.toString('utf8') ?? '';
  // Every XML part must parse: Word refuses the whole file over one bad character.
  const parser = new new JSDOM('').window.DOMParser();
  for (const entry of entries.filter((e) => /\.(xml|rels)$/.test(e.name))) {
    const parsed = parser.parseFromString(entry.data.toString('utf8'), 'application/xml');
    expect(parsed.getElementsByTagName('parsererror'), entry.name).toHaveLength(0);
  }
  return { res, entries, xml, media: entries.filter((e) => e.name.startsWith('word/media/')) };
}

async function exportPage(content: string) {
  const project = await createItem(t, owner);
  const page = await addPage(t, project.item_id, { title: 'Page', content });
  return exportDocx(owner, { item_id: project.item_id, page_id: page.page_id });
}

/** The `<w:p>` of document.xml that holds a text. */
function paragraphWith(xml: string, text: string): string {
  const paragraphs = xml.split('</w:p>');
  return paragraphs.find((p) => p.includes(`>${text}<`) || p.includes(` ${text}<`)) ?? '';
}

const MARKDOWN = [
  '# Overview',
  '',
  'Some **bold**, *italic*, ~~gone~~ and `inline code` with a [link](https://example.com/docs).',
  '',
  '## Parameters',
  '',
  '| name | type |',
  '|:-----|-----:|',
  '| id | int |',
  '| 名称 | string |',
  '',
  '```js',
  'const answer = 42;',
  'console.log(answer);',
  '```',
  '',
  '- one',
  '  - nested',
  '- two',
  '',
  '1. first',
  '2. second',
  '',
  '> quoted words',
  '',
  '---',
  '',
  '- [x] done task',
  '',
  '<b>raw html</b><script>alert(1)</script>',
].join('\n');

describe('export/word', () => {
  it('builds a real .docx: title, numbered headings by depth, tables, code, lists, quotes and the embedded image', async () => {
    const url = await uploadImage(owner, item.item_id);
    const api = await addCatalog(t, item.item_id, 'Interfaces');
    const sub = await addCatalog(t, item.item_id, 'Orders', api);
    await addPage(t, item.item_id, { title: 'Welcome', content: 'Hello' });
    await addPage(t, item.item_id, { cat_id: api.cat_id, title: 'Login', content: `${MARKDOWN}\n\n![screenshot](${url})` });
    await addPage(t, item.item_id, { cat_id: sub.cat_id, title: 'Create order', content: 'POST /orders' });

    const { res, xml, media, entries } = await exportDocx(owner, { item_id: item.item_id });
    expect(res.response.headers['content-disposition']).toBe(`attachment; filename="API __ _One.docx"; filename*=UTF-8''API%20%E6%89%8B%E5%86%8C%20_One.docx`);
    expect(xml).toContain('<w:pStyle w:val="Title"/>');
    expect(xml).toContain('API 手册 &lt;One&gt;');
    // ShowDoc's numbering: root pages and catalogs 1、2、…, their pages 2.1、…
    for (const text of ['1、Welcome', '2、Interfaces', '2.1、Login', '2.2、Orders', '2.2.1、Create order']) expect(xml).toContain(text);
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>.*2、Interfaces/s);
    expect(xml).toMatch(/<w:pStyle w:val="Heading3"\/><\/w:pPr><w:r><w:t xml:space="preserve">Overview/);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('名称');
    expect(xml).toContain('w:ascii="Consolas"');
    expect(xml).toContain('const answer = 42;');
    expect(xml).toContain('w:fill="F3F4F5"');
    expect(xml).toContain('<w:b/>');
    expect(xml).toContain('<w:i/>');
    expect(xml).toContain('<w:strike/>');
    expect(xml).toContain('<w:numPr>');
    expect(xml).toContain('☒ ');
    // Raw HTML is text, never markup.
    for (const text of ['&lt;b&gt;', 'raw html', '&lt;script&gt;', '&lt;/script&gt;']) expect(xml).toContain(`>${text}<`);
    expect(xml).not.toContain('<script');
    const rels = entries.find((e) => e.name === 'word/_rels/document.xml.rels')?.data.toString() ?? '';
    expect(rels).toContain('https://example.com/docs');
    expect(media).toHaveLength(1);
    expect(media[0]?.data.equals(PNG)).toBe(true);
    expect(xml).toContain('<wp:docPr');
  });

  it('writes inline and display formulas as Word math (OMML), and keeps one KaTeX cannot read visible, marked', async () => {
    const { xml } = await exportPage(
      ['Energy $E=mc^2$ and a sum:', '', '$$', '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}', '$$', '', '```math', '\\sqrt{x^2+1}', '```', '', 'Broken $\\frac{a$ stays.'].join('\n'),
    );
    expect(xml.match(/<m:oMath[ >]/g)?.length).toBe(3);
    expect(xml).toContain('<m:oMathPara>');
    expect(xml).toMatch(/<m:sSup>.*<m:t xml:space="preserve">c<\/m:t>.*<m:t xml:space="preserve">2<\/m:t>/s);
    expect(xml).toContain('<m:nary>');
    expect(xml).toContain('<m:rad>');
    expect(xml).not.toContain('E=mc^2');
    expect(xml).not.toContain('\\frac{n(n+1)}');
    expect(xml).toContain('formula not converted: $\\frac{a$');
  });

  it('writes task items as checkboxes only, with no bullet numbering', async () => {
    const { xml } = await exportPage('- [ ] open task\n- [x] done task\n- plain item');
    for (const task of ['open task', 'done task']) expect(paragraphWith(xml, task)).not.toContain('<w:numPr>');
    expect(paragraphWith(xml, 'open task')).toContain('>☐ <');
    expect(paragraphWith(xml, 'done task')).toContain('>☒ <');
    expect(paragraphWith(xml, 'plain item')).toContain('<w:numPr>');
  });

  it('keeps the start number of an ordered list', async () => {
    const { xml, entries } = await exportPage('3. third\n4. fourth\n\ntext\n\n1. one');
    const numbering = entries.find((e) => e.name === 'word/numbering.xml')?.data.toString('utf8') ?? '';
    const startOf = (text: string) => {
      const numId = /<w:numId w:val="(\d+)"\/>/.exec(paragraphWith(xml, text))?.[1];
      return new RegExp(`<w:num w:numId="${numId}"[^>]*>.*?<w:startOverride w:val="(\\d+)"/>.*?</w:num>`, 's').exec(numbering)?.[1];
    };
    expect(startOf('third')).toBe('3');
    expect(startOf('one')).toBe('1');
  });

  it('without a diagram renderer, writes a mermaid diagram as its source under a label that says so', async () => {
    const { xml, media } = await exportPage('```mermaid\ngraph TD; A-->B\n```');
    expect(media).toHaveLength(0);
    expect(xml).toMatch(/Mermaid diagram — source:<\/w:t>.*graph TD; A--&gt;B/s);
  });

  it('labels unconverted diagrams and formulas in the language of the request', async () => {
    const project = await createItem(t, owner);
    const page = await addPage(t, project.item_id, { title: 'zh', content: '```mermaid\ngraph TD; A-->B\n```\n\n$$\n\\frac{\n$$' });
    const res = await t.call('export/word', { item_id: project.item_id, page_id: page.page_id }, { token: owner.token, method: 'GET', headers: { 'accept-language': 'zh-CN' } });
    const xml = (await unzip(Buffer.from(res.response.rawPayload))).find((e) => e.name === 'word/document.xml')?.data.toString('utf8') ?? '';
    expect(xml).toContain('Mermaid 图表 — 源码：');
    expect(xml).toContain('无法转换的公式 — 源码：');
  });

  it('C17 · never fetches an address a page names: such images stay link text', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const other = await createItem(t, owner);
    const content = [
      `![remote](http://127.0.0.1:${trapPort}/x.png)`,
      `<img src="http://127.0.0.1:${trapPort}/y.png">`,
      '<link rel=stylesheet href=file:///etc/passwd>',
      `![local file](file:///etc/passwd)`,
      `[a link](http://127.0.0.1:${trapPort}/z)`,
      `![fake attachment](http://127.0.0.1:${trapPort}/server/index.php?s=/api/attachment/visitFile&sign=${'ab'.repeat(16)})`,
    ].join('\n\n');
    const page = await addPage(t, other.item_id, { title: 'Remote', content });
    const { xml, media } = await exportDocx(owner, { item_id: other.item_id, page_id: page.page_id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(trapHits).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    expect(media).toHaveLength(0);
    expect(xml).toContain('[remote]');
    expect(xml).toContain('[local file]');
    expect(xml).toContain('&lt;link rel=stylesheet href=file:///etc/passwd&gt;');
    // A single-page export has no number.
    expect(xml).toContain('>Remote<');
  });

  it('embeds only attachments of this project or of the exporter, never another project’s file named by its sign', async () => {
    const stranger = await registerUser(t);
    const theirs = await createItem(t, stranger);
    const theirUrl = await uploadImage(stranger, theirs.item_id);
    const mine = await createItem(t, owner);
    const editor = await registerUser(t);
    await addMember(t, mine.item_id, editor, 1);
    const page = await addPage(t, mine.item_id, { title: 'Borrowed', content: `![theirs](${theirUrl})` });
    const { media, xml } = await exportDocx(editor, { item_id: mine.item_id, page_id: page.page_id });
    expect(media).toHaveLength(0);
    expect(xml).toContain('[theirs]');
  });

  it('exports one catalog with its sub-catalogs, numbered from 1, and nothing else', async () => {
    const project = await createItem(t, owner);
    const a = await addCatalog(t, project.item_id, 'Alpha');
    const a1 = await addCatalog(t, project.item_id, 'Alpha child', a);
    const b = await addCatalog(t, project.item_id, 'Beta');
    await addPage(t, project.item_id, { cat_id: a.cat_id, title: 'A page' });
    await addPage(t, project.item_id, { cat_id: a1.cat_id, title: 'Child page' });
    await addPage(t, project.item_id, { cat_id: b.cat_id, title: 'B page' });
    await addPage(t, project.item_id, { title: 'Root page' });
    const { xml } = await exportDocx(owner, { item_id: project.item_id, cat_id: a.cat_id });
    for (const text of ['1、Alpha', '1.1、A page', '1.2、Alpha child', '1.2.1、Child page']) expect(xml).toContain(text);
    expect(xml).not.toContain('B page');
    expect(xml).not.toContain('Root page');
  });

  it('leaves drafts out, and refuses a draft asked for by id', async () => {
    const project = await createItem(t, owner);
    await addPage(t, project.item_id, { title: 'Published', content: 'visible' });
    const draft = await addPage(t, project.item_id, { title: 'Secret draft', content: 'unfinished' });
    await t.database.db.updateTable('page').set({ is_draft: 1, author_uid: owner.uid }).where('page_id', '=', draft.page_id).execute();
    const { xml } = await exportDocx(owner, { item_id: project.item_id });
    expect(xml).toContain('Published');
    expect(xml).not.toContain('Secret draft');
    expect((await t.call('export/word', { item_id: project.item_id, page_id: draft.page_id }, { token: owner.token })).error_code).toBe(10103);
  });

  it('keeps hostile text valid XML: control characters dropped, markup escaped', async () => {
    const project = await createItem(t, owner, { item_name: 'Ctl\u0007 "q" & <x>' });
    await addPage(t, project.item_id, { title: 'T\u0001itle </w:t>', content: 'a\u0002b ]]> <?xml ?> &amp; \u{1F469}\u200D\u{1F4BB}' });
    const { xml } = await exportDocx(owner, { item_id: project.item_id });
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed or looked for
    expect(xml).not.toMatch(/[\u0001\u0002\u0007]/);
    expect(xml).toContain('Title &lt;/w:t&gt;');
    // Markdown's own entity `&amp;` reads as `&`; the raw `<?xml ?>` stays text.
    expect(xml).toContain('>ab ]]&gt; <');
    expect(xml).toContain('>&lt;?xml ?&gt;<');
    expect(xml).toContain('> &amp; 👩‍💻<');
  });
});
