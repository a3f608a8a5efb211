import { describe, expect, it } from 'vitest';
import type { MenuCatalog } from '../../api/reader';
import { menuCatalog, menuPage } from '../../test/project-answers';
import { buildMenuTree, type CatalogNode, type MenuNode } from '../reader/menu-tree';
import { applyDrop, catalogHeight, checkDrop, countContents, listEntries, locate, moveAmongCatalogs, type DropResult } from './tree-order';

const catalog = (id: number, name: string, pages: [number, string][], catalogs: MenuCatalog[] = []): MenuCatalog =>
  menuCatalog({ cat_id: id, cat_name: name, pages: pages.map(([pageId, title]) => menuPage({ page_id: pageId, cat_id: id, page_title: title })), catalogs });

/**
 * README at the root; Guides (level 1) › Install (level 2) › Deep (level 3); API and an empty catalog at
 * the top level.
 */
function project(): MenuNode[] {
  return buildMenuTree({
    pages: [menuPage({ page_id: 10, page_title: 'README' })],
    catalogs: [
      catalog(100, 'Guides', [[11, 'Getting started']], [catalog(101, 'Install', [[12, 'Linux']], [catalog(102, 'Deep', [[13, 'Deep page']])])]),
      catalog(200, 'API', [[20, 'Tokens'], [21, 'Errors']]),
      catalog(300, 'Empty', []),
    ],
  });
}

function dropped(roots: MenuNode[], drag: string, drop: string, place: 'before' | 'inside' | 'after'): DropResult {
  const outcome = applyDrop(roots, drag, drop, place);
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome.result;
}

const keys = (nodes: MenuNode[]) => nodes.map((node) => node.key);
const childrenOf = (roots: MenuNode[], key: string) => (locate(roots, key)?.node as CatalogNode).children;

describe('turning a drop into the catalog/batUpdate payload', () => {
  it('reorders top-level catalogs: the whole root list is numbered again, pages and catalogs apart', () => {
    const result = dropped(project(), 'c200', 'c100', 'before');

    expect(keys(result.roots)).toEqual(['p10', 'c200', 'c100', 'c300']);
    expect(result.parentCatId).toBe(0);
    expect(result.entries).toEqual([
      { cat_id: 0, parent_cat_id: 0, level: 2, s_number: 1, page_id: 10, page_cat_id: 0 },
      { cat_id: 200, parent_cat_id: 0, level: 2, s_number: 1, page_id: 0 },
      { cat_id: 100, parent_cat_id: 0, level: 2, s_number: 2, page_id: 0 },
      { cat_id: 300, parent_cat_id: 0, level: 2, s_number: 3, page_id: 0 },
    ]);
    expect(result.dragged).toEqual({ id: 200, title: 'API', type: 'catalog' });
  });

  it('moves a page into another catalog as its first page', () => {
    const result = dropped(project(), 'p20', 'c100', 'inside');

    expect(keys(childrenOf(result.roots, 'c100'))).toEqual(['p20', 'p11', 'c101']);
    expect(keys(childrenOf(result.roots, 'c200'))).toEqual(['p21']);
    expect(result.parentCatId).toBe(100);
    expect(result.entries).toEqual([
      { cat_id: 0, parent_cat_id: 100, level: 3, s_number: 1, page_id: 20, page_cat_id: 100 },
      { cat_id: 0, parent_cat_id: 100, level: 3, s_number: 2, page_id: 11, page_cat_id: 100 },
      { cat_id: 101, parent_cat_id: 100, level: 3, s_number: 1, page_id: 0 },
    ]);
    expect(result.dragged).toEqual({ id: 20, title: 'Tokens', type: 'page' });
  });

  it('moves a page after a page of a deeper catalog', () => {
    const result = dropped(project(), 'p10', 'p13', 'after');

    expect(keys(result.roots)).toEqual(['c100', 'c200', 'c300']);
    expect(result.parentCatId).toBe(102);
    expect(result.entries).toEqual([
      { cat_id: 0, parent_cat_id: 102, level: 5, s_number: 1, page_id: 13, page_cat_id: 102 },
      { cat_id: 0, parent_cat_id: 102, level: 5, s_number: 2, page_id: 10, page_cat_id: 102 },
    ]);
  });

  it('reorders pages inside their catalog', () => {
    const result = dropped(project(), 'p21', 'p20', 'before');
    expect(result.entries.map((entry) => [entry.page_id, entry.s_number])).toEqual([
      [21, 1],
      [20, 2],
    ]);
  });

  it('keeps pages before catalogs, as the menu shows them, wherever the drop mark was', () => {
    // A page dropped after the last catalog lands after the last page.
    const page = dropped(project(), 'p11', 'c300', 'after');
    expect(keys(page.roots)).toEqual(['p10', 'p11', 'c100', 'c200', 'c300']);
    // A catalog dropped before a page lands before the first catalog.
    const folder = dropped(project(), 'c300', 'p10', 'before');
    expect(keys(folder.roots)).toEqual(['p10', 'c300', 'c100', 'c200']);
  });

  it('moves a catalog with everything in it under another catalog', () => {
    const result = dropped(project(), 'c101', 'c200', 'inside');

    expect(keys(childrenOf(result.roots, 'c200'))).toEqual(['p20', 'p21', 'c101']);
    expect(keys(childrenOf(result.roots, 'c101'))).toEqual(['p12', 'c102']);
    expect(keys(childrenOf(result.roots, 'c100'))).toEqual(['p11']);
    expect(result.entries.filter((entry) => entry.page_id === 0)).toEqual([{ cat_id: 101, parent_cat_id: 200, level: 3, s_number: 1, page_id: 0 }]);
  });

  it('moves a sub-catalog up to the top level', () => {
    const result = dropped(project(), 'c102', 'c300', 'after');
    expect(keys(result.roots)).toEqual(['p10', 'c100', 'c200', 'c300', 'c102']);
    expect(result.entries.at(-1)).toEqual({ cat_id: 102, parent_cat_id: 0, level: 2, s_number: 4, page_id: 0 });
  });

  it('leaves the tree it was given untouched', () => {
    const roots = project();
    const before = JSON.stringify(roots);
    dropped(roots, 'p20', 'c100', 'inside');
    dropped(roots, 'c101', 'c300', 'inside');
    expect(JSON.stringify(roots)).toBe(before);
  });
});

describe('drops that are refused', () => {
  it('never inside a page', () => {
    expect(checkDrop(project(), 'p11', 'p10', 'inside')).toBe('intoPage');
    expect(checkDrop(project(), 'c300', 'p20', 'inside')).toBe('intoPage');
    expect(applyDrop(project(), 'c300', 'p20', 'inside')).toEqual({ ok: false, reason: 'intoPage' });
    // Beside a page is fine.
    expect(checkDrop(project(), 'p11', 'p10', 'after')).toBeNull();
  });

  it('never a catalog inside itself or one of its sub-catalogs', () => {
    expect(checkDrop(project(), 'c100', 'c100', 'inside')).toBe('intoItself');
    expect(checkDrop(project(), 'c100', 'c102', 'inside')).toBe('intoItself');
    expect(checkDrop(project(), 'c100', 'p13', 'after')).toBe('intoItself');
  });

  it('never a fourth level: a catalog inside a third-level catalog', () => {
    expect(checkDrop(project(), 'c300', 'c102', 'inside')).toBe('tooDeep');
    expect(applyDrop(project(), 'c300', 'c102', 'inside')).toEqual({ ok: false, reason: 'tooDeep' });
    // Beside it, at the third level, is allowed; so are pages inside it.
    expect(checkDrop(project(), 'c300', 'c102', 'after')).toBeNull();
    expect(checkDrop(project(), 'p10', 'c102', 'inside')).toBeNull();
  });

  it('never a fourth level below a moved catalog either: its sub-catalogs count', () => {
    // Install holds Deep: under API (level 1) they are levels 2 and 3; under Install's own level, 3 and 4.
    expect(checkDrop(project(), 'c101', 'c200', 'inside')).toBeNull();
    expect(checkDrop(project(), 'c101', 'p13', 'before')).toBe('intoItself');
    // Without Deep, Guides holds two levels and fits under a top-level catalog.
    const flat = dropped(project(), 'c102', 'c300', 'after').roots;
    expect(checkDrop(flat, 'c100', 'c300', 'inside')).toBeNull();
    expect(checkDrop(flat, 'c100', 'p12', 'after')).toBe('intoItself');
    // Guides holds three levels: it stays at the top level only.
    expect(checkDrop(project(), 'c100', 'c200', 'inside')).toBe('tooDeep');
    expect(checkDrop(project(), 'c100', 'p20', 'after')).toBe('tooDeep');
    expect(checkDrop(project(), 'c100', 'c300', 'after')).toBeNull();
  });

  it('a tree imported too deep may still be made shallower, not deeper', () => {
    const roots = buildMenuTree({
      pages: [],
      catalogs: [catalog(1, 'A', [], [catalog(2, 'B', [], [catalog(3, 'C', [], [catalog(4, 'D', [], [catalog(5, 'E', [])])])])]), catalog(6, 'F', [])],
    });
    expect(checkDrop(roots, 'c4', 'c2', 'inside')).toBeNull();
    expect(checkDrop(roots, 'c5', 'c3', 'inside')).toBeNull();
    expect(checkDrop(roots, 'c6', 'c4', 'inside')).toBe('tooDeep');
    expect(checkDrop(roots, 'c4', 'c5', 'inside')).toBe('intoItself');
  });

  it('a drop that changes nothing sends nothing', () => {
    expect(applyDrop(project(), 'c200', 'c100', 'after')).toEqual({ ok: false, reason: 'unchanged' });
    expect(applyDrop(project(), 'c100', 'c100', 'before')).toEqual({ ok: false, reason: 'unchanged' });
    expect(applyDrop(project(), 'p10', 'c100', 'before')).toEqual({ ok: false, reason: 'unchanged' });
  });

  it('unknown nodes', () => {
    expect(checkDrop(project(), 'c999', 'c100', 'inside')).toBe('unknown');
    expect(checkDrop(project(), 'c100', 'p999', 'after')).toBe('unknown');
  });
});

describe('moving a catalog up or down', () => {
  it('swaps it with the catalog beside it', () => {
    const up = moveAmongCatalogs(project(), 'c200', -1);
    expect(up?.ok && keys(up.result.roots)).toEqual(['p10', 'c200', 'c100', 'c300']);
    const down = moveAmongCatalogs(project(), 'c200', 1);
    expect(down?.ok && keys(down.result.roots)).toEqual(['p10', 'c100', 'c300', 'c200']);
  });

  it('has nowhere to go at the ends, and pages do not count as neighbours', () => {
    expect(moveAmongCatalogs(project(), 'c100', -1)).toBeNull();
    expect(moveAmongCatalogs(project(), 'c300', 1)).toBeNull();
    expect(moveAmongCatalogs(project(), 'c101', -1)).toBeNull();
    expect(moveAmongCatalogs(project(), 'p10', 1)).toBeNull();
  });
});

describe('tree facts', () => {
  it('height counts catalog levels a node brings along', () => {
    const roots = project();
    expect(catalogHeight(locate(roots, 'c100')?.node as MenuNode)).toBe(3);
    expect(catalogHeight(locate(roots, 'c101')?.node as MenuNode)).toBe(2);
    expect(catalogHeight(locate(roots, 'c300')?.node as MenuNode)).toBe(1);
    expect(catalogHeight(locate(roots, 'p10')?.node as MenuNode)).toBe(0);
  });

  it('counts the pages and catalogs a catalog holds at every depth', () => {
    expect(countContents(locate(project(), 'c100')?.node as CatalogNode)).toEqual({ pages: 3, catalogs: 2 });
    expect(countContents(locate(project(), 'c300')?.node as CatalogNode)).toEqual({ pages: 0, catalogs: 0 });
  });

  it('locates a node with its depth among catalogs', () => {
    const found = locate(project(), 'p13');
    expect(found?.depth).toBe(3);
    expect(found?.parent?.catId).toBe(102);
    expect(locate(project(), 'c100')?.depth).toBe(0);
  });

  it('numbers an empty list as nothing', () => {
    expect(listEntries([], 5, 1)).toEqual([]);
  });
});
