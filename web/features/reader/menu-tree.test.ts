import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../common/errors';
import { ApiCallError } from '../../api/client';
import type { ItemMenu, MenuCatalog } from '../../api/reader';
import { legacyHashPath } from '../../legacy-hash';
import { menuCatalog, menuPage, pageRow, searchMenu } from '../../test/project-answers';
import { accessOutcome } from './access';
import { buildMenuTree, catalogPathTo, countPages, firstPageId, searchResultNodes, visibleRows } from './menu-tree';
import { isMobileAgent } from './useIsMobile';

const menu: ItemMenu = {
  pages: [],
  catalogs: [
    menuCatalog({
      cat_id: 1,
      cat_name: 'A',
      catalogs: [menuCatalog({ cat_id: 2, cat_name: 'A.1', parent_cat_id: 1, level: 3, pages: [menuPage({ page_id: 7, cat_id: 2, page_title: 'deep' })] })],
    }),
    menuCatalog({ cat_id: 3, cat_name: 'B', pages: [menuPage({ page_id: 8, cat_id: 3, page_title: 'b' })] }),
  ],
};

describe('the menu tree', () => {
  it('lists pages before catalogs', () => {
    const roots = buildMenuTree({ pages: [menuPage({ page_id: 9, page_title: 'root' })], catalogs: menu.catalogs });
    expect(roots.map((node) => node.key)).toEqual(['p9', 'c1', 'c3']);
    expect(countPages(roots)).toBe(3);
  });

  it('opens the first page in reading order, however deep', () => {
    expect(firstPageId(buildMenuTree(menu))).toBe(7);
    expect(firstPageId(buildMenuTree({ pages: [], catalogs: [] }))).toBeNull();
    expect(firstPageId(buildMenuTree(undefined))).toBeNull();
  });

  it('finds the catalogs around a page', () => {
    const roots = buildMenuTree(menu);
    expect(catalogPathTo(roots, 7)).toEqual(['c1', 'c2']);
    expect(catalogPathTo(roots, 8)).toEqual(['c3']);
    expect(catalogPathTo(roots, 99)).toBeNull();
  });

  it('draws the children of open catalogs only, with their level and place', () => {
    const roots = buildMenuTree(menu);
    expect(visibleRows(roots, new Set()).map((row) => row.node.key)).toEqual(['c1', 'c3']);
    const rows = visibleRows(roots, new Set(['c1', 'c2']));
    expect(rows.map((row) => [row.node.key, row.depth, row.parentKey, row.position, row.siblings])).toEqual([
      ['c1', 0, null, 1, 2],
      ['c2', 1, 'c1', 1, 1],
      ['p7', 2, 'c2', 1, 1],
      ['c3', 0, null, 2, 2],
    ]);
  });

  it('lists search matches flat, in the order the server found them', () => {
    const found = searchResultNodes(searchMenu([pageRow({ page_id: 8, cat_id: 3, page_title: 'b' }), pageRow({ page_id: 7, cat_id: 2, page_title: 'deep' })]));
    expect(found.map((node) => [node.key, node.title])).toEqual([
      ['p8', 'b'],
      ['p7', 'deep'],
    ]);
    expect(searchResultNodes(undefined)).toEqual([]);
  });

  it('survives a catalog that contains itself', () => {
    const loop: MenuCatalog = menuCatalog({ cat_id: 1, cat_name: 'loop' });
    loop.catalogs.push(loop);
    expect(() => buildMenuTree({ pages: [], catalogs: [loop] })).not.toThrow();
  });
});

describe('where a refusal leads', () => {
  const here = { itemRef: 'apidocs', pageId: 12, here: '/apidocs/12' };
  it('password, login, missing, other', () => {
    expect(accessOutcome(new ApiCallError(ErrorCode.itemPasswordNeeded, 'pw'), here)).toEqual({
      kind: 'redirect',
      to: '/item/password/apidocs?redirect=/apidocs/12&page_id=12',
    });
    expect(accessOutcome(new ApiCallError(ErrorCode.noItemPermission, 'no'), { ...here, pageId: null })).toEqual({
      kind: 'redirect',
      to: '/item/password/apidocs?redirect=/apidocs/12',
    });
    expect(accessOutcome(new ApiCallError(ErrorCode.loginRequired, 'login'), here)).toEqual({ kind: 'redirect', to: '/user/login?redirect=/apidocs/12' });
    expect(accessOutcome(new ApiCallError(ErrorCode.notLoggedIn, 'login'), here).kind).toBe('redirect');
    expect(accessOutcome(new ApiCallError(ErrorCode.failure, 'gone'), here)).toEqual({ kind: 'missing', message: 'gone' });
    expect(accessOutcome(new ApiCallError(-1, 'offline', 'network'), here)).toEqual({ kind: 'failed', message: 'offline' });
  });
});

describe('phones and old links', () => {
  it('knows phones by their user agent', () => {
    expect(isMobileAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36')).toBe(false);
  });

  it('maps the old single-page share link #/p/{key}', () => {
    expect(legacyHashPath('#/p/0123456789abcdef0123456789abcdef')).toBe('/p/0123456789abcdef0123456789abcdef');
    expect(legacyHashPath('#/page/12')).toBe('/page/12');
  });
});
