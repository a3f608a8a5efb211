import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAIN_TEXT_RULES } from '../../../common/markdown/plain-text.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { createItem, type TestItem } from '../../test/item-factories.js';
import { serviceCtx } from '../../test/service-context.js';
import { keepPlainTexts } from './plain-text-cache.js';
import { snippet } from './search.js';

let t: TestApp;
let owner: TestUser;
let item: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  item = await createItem(t, owner);
});
afterAll(() => t.close());

async function save(title: string, content: string, pageId?: number): Promise<number> {
  const res = await t.call('page/save', { item_id: item.item_id, page_title: title, page_content: content, ...(pageId ? { page_id: pageId } : {}) }, { token: owner.token });
  expect(res.error_code).toBe(0);
  return (res.data as { page_id: number }).page_id;
}

const snippetOf = async (keyword: string, title: string) => {
  const res = await t.call('item/search', { keyword, item_id: item.item_id }, { token: owner.token });
  const pages = (res.data as { pages: { page_title: string; search_content: string }[] }).pages;
  return pages.find((p) => p.page_title === title)?.search_content;
};
const kept = (pageId: number) => t.database.db.selectFrom('page_plain_text').selectAll().where('page_id', '=', pageId).executeTakeFirst();

describe("search keeps pages' words for the next snippet", () => {
  it('keeps the words of a page a search met, and cuts the next snippet from them', async () => {
    const pageId = await save('Numbat', 'The **numbat** eats [termites](https://x.example).');
    expect(await kept(pageId)).toBeUndefined();
    expect(await snippetOf('numbat', 'Numbat')).toBe('...The numbat eats termites....');
    expect(await kept(pageId)).toEqual({ page_id: pageId, rules: PLAIN_TEXT_RULES, plain: 'The numbat eats termites.' });
    // The kept words, not the body, make the snippet now: words that are not in the page show.
    await t.database.db.updateTable('page_plain_text').set({ plain: 'kept numbat words' }).where('page_id', '=', pageId).execute();
    expect(await snippetOf('numbat', 'Numbat')).toBe('...kept numbat words...');
  });

  it('drops the words when the page is saved with new text, so the snippet shows the new text', async () => {
    const pageId = await save('Bilby', 'The bilby digs.');
    await snippetOf('bilby', 'Bilby');
    expect(await kept(pageId)).toBeDefined();
    await save('Bilby', 'The bilby *sleeps* by day.', pageId);
    expect(await kept(pageId)).toBeUndefined();
    expect(await snippetOf('bilby', 'Bilby')).toBe('...The bilby sleeps by day....');
  });

  it('drops them on any write of the text, not only a save (import, open API, a moved site write rows directly)', async () => {
    const pageId = await save('Quoll', 'The quoll hunts.');
    await snippetOf('quoll', 'Quoll');
    await t.database.db.updateTable('page').set({ page_title: 'Quoll' }).where('page_id', '=', pageId).execute();
    expect(await kept(pageId), 'a write that leaves the text alone keeps them').toBeDefined();
    await t.database.db.updateTable('page').set({ page_content: 'The quoll climbs.' }).where('page_id', '=', pageId).execute();
    expect(await kept(pageId)).toBeUndefined();
    expect(await snippetOf('quoll', 'Quoll')).toBe('...The quoll climbs....');
  });

  it('drops them with the page', async () => {
    const pageId = await save('Dunnart', 'The dunnart.');
    await snippetOf('dunnart', 'Dunnart');
    await t.database.db.deleteFrom('page_history').where('page_id', '=', pageId).execute();
    await t.database.db.deleteFrom('page').where('page_id', '=', pageId).execute();
    expect(await kept(pageId)).toBeUndefined();
  });

  it('makes the words again when they were made by other rules', async () => {
    const pageId = await save('Potoroo', 'The **potoroo** hops.');
    await snippetOf('potoroo', 'Potoroo');
    await t.database.db.updateTable('page_plain_text').set({ rules: PLAIN_TEXT_RULES - 1, plain: 'old potoroo words' }).where('page_id', '=', pageId).execute();
    expect(await snippetOf('potoroo', 'Potoroo')).toBe('...The potoroo hops....');
    expect(await kept(pageId)).toMatchObject({ rules: PLAIN_TEXT_RULES, plain: 'The potoroo hops.' });
  });

  it('keeps nothing for a page whose text changed after the search read it', async () => {
    const pageId = await save('Bettong', 'The bettong, first text.');
    const ctx = serviceCtx(t, null);
    await keepPlainTexts(ctx, PLAIN_TEXT_RULES, [{ page_id: pageId, content: 'The bettong, text read before a save.', plain: 'stale words' }]);
    expect(await kept(pageId)).toBeUndefined();
    await keepPlainTexts(ctx, PLAIN_TEXT_RULES, [{ page_id: pageId, content: 'The bettong, first text.', plain: 'The bettong, first text.' }]);
    expect(await kept(pageId)).toMatchObject({ plain: 'The bettong, first text.' });
  });

  it('parses a page of more than 64 KB around its match only, and keeps nothing of it', async () => {
    const filler = Array.from({ length: 1500 }, (_, i) => `- **row ${i}** of a [table](https://x.example/${i})`).join('\n');
    const pageId = await save('Huge', `${filler}\n\nThe **antechinus** is here.\n\n${filler}`);
    const snippet = await snippetOf('antechinus', 'Huge');
    expect(snippet).toContain('The antechinus is here.');
    expect(snippet).not.toMatch(/\*\*|\]\(/);
    expect(await kept(pageId)).toBeUndefined();
  });

  it('reads a body the old ShowDoc server stored compressed as its text, and keeps its words', async () => {
    const pageId = await save('Quokka', 'placeholder');
    const stored = zlib.deflateSync(Buffer.from('The **quokka** smiles.')).toString('base64');
    await t.database.db.updateTable('page').set({ page_content: stored }).where('page_id', '=', pageId).execute();
    expect(await snippetOf('quokka', 'Quokka')).toBe('...The quokka smiles....');
    expect(await kept(pageId)).toMatchObject({ plain: 'The quokka smiles.' });
  });

  it('keeps no words for a menu search, which shows no snippets', async () => {
    const pageId = await save('Wallaroo', 'The wallaroo.');
    const res = await t.call('item/info', { item_id: item.item_id, keyword: 'wallaroo' }, { token: owner.token });
    expect(res.error_code).toBe(0);
    expect(await kept(pageId)).toBeUndefined();
  });

  it('is left out of backups, which rebuild it', async () => {
    const tables = await sql<{ n: number }>`select count(*) as n from page_plain_text`.execute(t.database.db);
    expect(Number(tables.rows[0]?.n)).toBeGreaterThan(0);
    const { isBookkeepingTable } = await import('../../db/bookkeeping-tables.js');
    expect(isBookkeepingTable('page_plain_text')).toBe(true);
  });

  // The search reads only the part of the kept words around the first match (keptWordsAround in search.ts).
  it.each([
    ['a word far into a long text', 'wombat', `${'lorem ipsum '.repeat(300)}the Wombat digs ${'dolor sit '.repeat(300)}`],
    ['letters JavaScript matches across case: U+212A KELVIN SIGN for k, U+017F LONG S for s', 'kiss', `${'a '.repeat(200)}\u212aI\u017fS first ${'b '.repeat(200)}KISS later`],
    ['a keyword of letters outside ASCII', 'über', `${'x '.repeat(200)}ÜBER alles ${'y '.repeat(200)}`],
    ['Chinese after emoji (two UTF-16 units each)', '数据', `${'😀'.repeat(150)}表的数据字典${'🎉'.repeat(150)}`],
    ['a keyword only in the title', 'Numbat', 'no such word in this text '.repeat(40)],
    ['whitespace runs around the match', 'spaced', `${'word '.repeat(50)}\n\n\t  spaced   out\n\n${'word '.repeat(50)}`],
  ])('cuts the same snippet from the kept words as from the whole text: %s', async (_case, keyword, words) => {
    const pageId = await save(`Window ${keyword}`, 'placeholder');
    await t.database.db.insertInto('page_plain_text').values({ page_id: pageId, rules: PLAIN_TEXT_RULES, plain: words }).onConflict((oc) => oc.column('page_id').doUpdateSet({ plain: words, rules: PLAIN_TEXT_RULES })).execute();
    await t.database.db.updateTable('page').set({ page_title: `Window ${keyword}` }).where('page_id', '=', pageId).execute();
    expect(await snippetOf(keyword, `Window ${keyword}`)).toBe(snippet(words, keyword));
  });
});
