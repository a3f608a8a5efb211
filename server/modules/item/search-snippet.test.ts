import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { createItem, type TestItem } from '../../test/item-factories.js';

let t: TestApp;
let owner: TestUser;
let item: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  item = await createItem(t, owner);
});
afterAll(() => t.close());

async function save(title: string, content: string) {
  const res = await t.call('page/save', { item_id: item.item_id, page_title: title, page_content: content }, { token: owner.token });
  expect(res.error_code).toBe(0);
}

type Hit = { page_title: string; search_content: string };
const siteSearch = async (keyword: string) => {
  const res = await t.call('item/search', { keyword }, { token: owner.token });
  expect(res.error_message).toBeUndefined();
  return (res.data as { pages: Hit[] }).pages;
};
const itemSearch = async (keyword: string) => ((await t.call('item/search', { keyword, item_id: item.item_id }, { token: owner.token })).data as { pages: Hit[] }).pages;

describe('search snippets read as the page does, not as its markdown', () => {
  it('strips emphasis, links, headings, tables and entities around the match', async () => {
    await save(
      'Install guide',
      [
        '## Installing &amp; upgrading',
        '',
        'Run **npm install quokka** first, then read [the upgrade notes](https://docs.example.com/upgrade) and `quokka --help`.',
        '',
        '|Flag|Meaning|',
        '|:---|:---|',
        '|--quokka-fast|Skips the *checks*|',
        '',
        '<span style="color:red">quokka</span> ![quokka logo](/logo.png)',
      ].join('\n'),
    );
    for (const hits of [await siteSearch('quokka'), await itemSearch('quokka')]) {
      const snippet = hits.find((h) => h.page_title === 'Install guide')?.search_content ?? '';
      expect(snippet).toContain('Installing & upgrading Run npm install quokka first, then read the upgrade notes and quokka --help.');
      expect(snippet).toContain('--quokka-fast Skips the checks');
      expect(snippet).toContain('quokka quokka logo');
      expect(snippet).not.toMatch(/\*\*|\]\(|##|\||&amp;|<span|`/);
    }
  });

  it('cuts the snippet around the match of a long page', async () => {
    const filler = Array.from({ length: 400 }, (_, i) => `- **item ${i}** of the [list](https://x.example/${i})`).join('\n');
    await save('Long list', `${filler}\n\nThe **wombat** lives here.\n\n${filler}`);
    const snippet = (await siteSearch('wombat')).find((h) => h.page_title === 'Long list')?.search_content ?? '';
    expect(snippet).toContain('The wombat lives here.');
    expect(snippet).toMatch(/item 399 of the list/);
    expect(snippet).not.toMatch(/\*\*|\]\(/);
  });
});
