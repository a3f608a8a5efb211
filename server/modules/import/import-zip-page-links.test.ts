import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { buildZip, importFile, projectOutline } from '../../test/import-helpers.js';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
});
afterAll(() => t.close());

async function importPages(entries: { name: string; data: string }[], fields: Record<string, number> = {}) {
  const res = await importFile(t, owner, { filename: 'docs.zip', data: await buildZip(entries) }, fields);
  expect(res.error_message).toBeUndefined();
  const itemId = res.data?.item_id ?? 0;
  const { pages } = await projectOutline(t, itemId);
  const rows = await t.app.services.db.selectFrom('page').select(['page_id', 'page_title', 'page_content', 'version']).where('item_id', '=', itemId).execute();
  const byTitle = (title: string) => {
    const row = rows.find((r) => r.page_title === title);
    if (!row) throw new Error(`no page ${title} in ${pages.map((p) => p.title).join(', ')}`);
    return row;
  };
  return { itemId, byTitle };
}

describe('import/auto: links between the pages of a markdown zip', () => {
  it('become the reader addresses of the imported pages, in every way people write them', async () => {
    const { itemId, byTitle } = await importPages([
      {
        name: 'guide/intro.md',
        data: [
          '# Intro',
          '[parent](../guide/install.md) [bare](install) [anchor](install.md#setup) [dot](./install.md)',
          '[encoded](%E5%AE%89%E8%A3%85/%E6%AD%A5%E9%AA%A4.md) [中文](../安装/步骤.md#第一步) [spaced](<../other docs/read me.md>)',
          '[root-relative](faq.md) <a href="install.md">html</a>',
          '',
          '[ref]: ./install.md "title"',
        ].join('\n'),
      },
      { name: 'guide/install.md', data: '# Install\n\n## Setup\n\nback to [intro](intro.md)' },
      { name: 'guide/安装/步骤.md', data: 'nested, linked from intro by an encoded path' },
      { name: '安装/步骤.md', data: 'top level 步骤' },
      { name: 'other docs/read me.md', data: 'spaces' },
      { name: 'faq.md', data: 'faq' },
    ]);
    const id = (title: string) => byTitle(title).page_id;
    const install = id('install');
    const intro = byTitle('intro');
    const nested = await t.app.services.db.selectFrom('page').select(['page_id', 'page_content']).where('item_id', '=', itemId).where('page_title', '=', '步骤').execute();
    const nestedId = nested.find((p) => p.page_content.startsWith('nested'))?.page_id;
    const topId = nested.find((p) => p.page_content.startsWith('top'))?.page_id;
    expect(intro.page_content).toBe(
      [
        '# Intro',
        `[parent](/${itemId}/${install}) [bare](/${itemId}/${install}) [anchor](/${itemId}/${install}#setup) [dot](/${itemId}/${install})`,
        `[encoded](/${itemId}/${nestedId}) [中文](/${itemId}/${topId}#第一步) [spaced](/${itemId}/${id('read me')})`,
        `[root-relative](/${itemId}/${id('faq')}) <a href="/${itemId}/${install}">html</a>`,
        '',
        `[ref]: /${itemId}/${install} "title"`,
      ].join('\n'),
    );
    // Links run both ways: the page written first is rewritten once the later one has its id.
    expect(byTitle('install').page_content).toBe(`# Install\n\n## Setup\n\nback to [intro](/${itemId}/${intro.page_id})`);
    // The rewrite completes the import's write: no second version.
    expect(intro.version).toBe(byTitle('faq').version);
  });

  it('leave links to files that were not in the zip, other sites, code examples and images as written', async () => {
    const text = [
      '[missing](../nowhere.md) [outside](../../../etc/passwd.md) [site](https://example.com/a.md) [abs](/a.md) [here](#top)',
      '',
      '```md',
      '[example](b.md)',
      '```',
      '',
      '![not a page](b.md)',
    ].join('\n');
    const { byTitle } = await importPages([
      { name: 'docs/a.md', data: text },
      { name: 'docs/b.md', data: 'b' },
    ]);
    expect(byTitle('a').page_content).toBe(text);
  });

  it('point at the page a re-import updates, in an existing project', async () => {
    const first = await importPages([{ name: 'Start.md', data: 'v1' }]);
    const start = first.byTitle('Start').page_id;
    const second = await importPages([{ name: 'Start.md', data: 'v2, see [next](Next.md)' }, { name: 'Next.md', data: 'back to [start](Start)' }], { item_id: first.itemId });
    expect(second.byTitle('Start').page_id).toBe(start);
    expect(second.byTitle('Start').page_content).toBe(`v2, see [next](/${first.itemId}/${second.byTitle('Next').page_id})`);
    expect(second.byTitle('Next').page_content).toBe(`back to [start](/${first.itemId}/${start})`);
  });
});
