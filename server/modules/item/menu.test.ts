import { describe, expect, it } from 'vitest';
import { buildMenu, defaultCatalogIds, findMenuPage, firstPage, type Menu, type MenuCatalogRow, type MenuPage } from './menu.js';
import { snippet } from './search.js';

/** The tree builder on its own: rows in, nested menu out (the API tests cover the queries around it). */

const cat = (cat_id: number, parent_cat_id = 0, s_number = 99): MenuCatalogRow => ({ cat_id, cat_name: `c${cat_id}`, item_id: 1, s_number, addtime: 0, parent_cat_id, level: 2 });
const page = (page_id: number, cat_id = 0): MenuPage => ({ page_id, author_uid: 1, cat_id, page_title: `p${page_id}`, addtime: 0, ext_info: '', is_draft: 0 });
const full = { catalogLimit: null, keepEmptyCatalogs: true };

function ids(menu: Menu): unknown {
  const walk = (m: Menu): unknown[] => [...m.pages.map((p) => p.page_id), ...m.catalogs.map((c) => ({ [c.cat_id]: walk(c) }))];
  return walk(menu);
}

describe('buildMenu', () => {
  it('hangs catalogs under their parents and pages under their catalogs, keeping the order it is given', () => {
    const menu = buildMenu([cat(3), cat(1), cat(2, 1), cat(4, 2)], [page(10), page(11, 4), page(12, 1), page(13, 1)], full);
    expect(ids(menu)).toEqual([10, { 3: [] }, { 1: [12, 13, { 2: [{ 4: [11] }] }] }]);
  });

  it('drops catalogs whose parent is missing, with their pages, and pages of missing catalogs', () => {
    const menu = buildMenu([cat(1), cat(2, 77), cat(3, 2)], [page(10, 2), page(11, 3), page(12, 88), page(13, 1)], full);
    expect(ids(menu)).toEqual([{ 1: [13] }]);
  });

  it('survives a cycle and a catalog listed twice', () => {
    const menu = buildMenu([cat(1, 2), cat(2, 1), cat(3), cat(3)], [page(10, 1)], full);
    expect(ids(menu)).toEqual([{ 3: [] }]);
  });

  it('limits to the named catalogs and below, shows the path to a deeper one, and no root pages', () => {
    const rows = [cat(1), cat(2, 1), cat(3, 2), cat(4), cat(5, 4), cat(6, 4)];
    const pages = [page(10), page(11, 1), page(12, 3), page(13, 4), page(14, 5), page(15, 6)];
    expect(ids(buildMenu(rows, pages, { catalogLimit: [1], keepEmptyCatalogs: true }))).toEqual([{ 1: [11, { 2: [{ 3: [12] }] }] }]);
    // A limit naming a sub-catalog: its ancestors appear as the way there, without their own pages.
    expect(ids(buildMenu(rows, pages, { catalogLimit: [5], keepEmptyCatalogs: true }))).toEqual([{ 4: [{ 5: [14] }] }]);
    expect(ids(buildMenu(rows, pages, { catalogLimit: [], keepEmptyCatalogs: true }))).toEqual([]);
  });

  it('in search mode keeps only the catalogs that lead to a page', () => {
    const rows = [cat(1), cat(2, 1), cat(3, 2), cat(4)];
    expect(ids(buildMenu(rows, [page(12, 3)], { catalogLimit: null, keepEmptyCatalogs: false }))).toEqual([{ 1: [{ 2: [{ 3: [12] }] }] }]);
    expect(buildMenu(rows, [], { catalogLimit: null, keepEmptyCatalogs: false })).toEqual({ pages: [], catalogs: [] });
  });

  it('builds a 10 000-page, 500-catalog tree in linear time', () => {
    const rows: MenuCatalogRow[] = [];
    for (let i = 1; i <= 500; i++) rows.push(cat(i, i <= 50 ? 0 : i <= 200 ? ((i - 1) % 50) + 1 : ((i - 1) % 150) + 51));
    const pages = Array.from({ length: 10_000 }, (_, i) => page(i + 1, i % 501));
    const started = performance.now();
    const menu = buildMenu(rows, pages, full);
    const elapsed = performance.now() - started;
    let count = menu.pages.length;
    const stack = [...menu.catalogs];
    let catalogs = 0;
    while (stack.length) {
      const c = stack.pop();
      if (!c) break;
      catalogs++;
      count += c.pages.length;
      stack.push(...c.catalogs);
    }
    expect({ count, catalogs }).toEqual({ count: 10_000, catalogs: 500 });
    // Generous for a busy two-core machine; a quadratic build takes seconds here.
    expect(elapsed).toBeLessThan(250);
  });
});

describe('firstPage, findMenuPage and defaultCatalogIds', () => {
  const rows = [cat(1, 0, 1), cat(2, 1), cat(3, 2), cat(4, 0, 2)];

  it('take the first root page, else the first page depth-first', () => {
    expect(firstPage(buildMenu(rows, [page(20, 4), page(10)], full))?.page_id).toBe(10);
    expect(firstPage(buildMenu(rows, [page(20, 4), page(30, 3)], full))?.page_id).toBe(30);
    expect(firstPage(buildMenu(rows, [], full))).toBeUndefined();
  });

  it('find a page at any depth', () => {
    const menu = buildMenu(rows, [page(30, 3), page(10)], full);
    expect(findMenuPage(menu, 30)?.cat_id).toBe(3);
    expect(findMenuPage(menu, 99)).toBeUndefined();
  });

  it('name the catalogs to unfold by ShowDoc’s rule', () => {
    expect(defaultCatalogIds(rows, 0)).toEqual([0, 0, 0]);
    expect(defaultCatalogIds(rows, 1)).toEqual([0, 1, 0]);
    expect(defaultCatalogIds(rows, 2)).toEqual([1, 0, 2]);
    expect(defaultCatalogIds(rows, 3)).toEqual([1, 2, 3]);
  });
});

describe('snippet', () => {
  it('shows 100 characters on each side of the first match, between ellipses', () => {
    const text = `${'a'.repeat(300)}NEEDLE${'b'.repeat(300)}`;
    expect(snippet(text, 'needle')).toBe(`...${'a'.repeat(100)}NEEDLE${'b'.repeat(100)}...`);
  });

  it('starts at the beginning when the match is near it or only in the title', () => {
    expect(snippet('short body', 'title-only')).toBe('...short body...');
    expect(snippet(`xx needle ${'y'.repeat(300)}`, 'needle')).toBe(`...xx needle ${'y'.repeat(196)}...`);
  });

  it('treats the keyword as text, folds whitespace and never splits a surrogate pair', () => {
    expect(snippet('price: 5$ (approx.)\n\nnext', '5$ (')).toBe('...price: 5$ (approx.) next...');
    // 100 characters before "word" falls on the second half of an emoji.
    const cut = snippet(`${'😀'.repeat(80)} word`, 'word');
    expect(cut).toMatch(/^\.\.\.(😀)+ word\.\.\.$/u);
  });
});
