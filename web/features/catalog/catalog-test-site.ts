import { screen, waitFor, within } from '@testing-library/react';
import type { CatalogGroup } from '../../../common/answers/catalog';
import type { TreeMenu } from '../../../common/answers/item';
import type { PageInfo } from '../../../common/answers/page';
import { alice, fail, guestSite, installFakeApi, ok, type FakeHandler } from '../../test/fake-api';
import { listItem } from '../../test/items';
import { catalogGroup, catalogPages, menuCatalog, menuPage, pageInfo as pageInfoOf } from '../../test/project-answers';
import { projectFive } from '../../test/reader-project';

/**
 * Project 5 of the catalog dialogs' tests: README at the root; Guides › Install › Servers (three
 * levels); API with two pages. Project 2 ("Handbook") is another project alice works on.
 */
export const catalogMenu: TreeMenu = {
  pages: [menuPage({ page_id: 10, page_title: 'README' })],
  catalogs: [
    menuCatalog({
      cat_id: 100,
      cat_name: 'Guides',
      pages: [menuPage({ page_id: 11, cat_id: 100, page_title: 'Getting started' })],
      catalogs: [
        menuCatalog({
          cat_id: 101,
          cat_name: 'Install',
          parent_cat_id: 100,
          level: 3,
          pages: [menuPage({ page_id: 12, cat_id: 101, page_title: 'Linux' })],
          catalogs: [menuCatalog({ cat_id: 102, cat_name: 'Servers', parent_cat_id: 101, level: 4, pages: [menuPage({ page_id: 13, cat_id: 102, page_title: 'Nginx' })] })],
        }),
      ],
    }),
    menuCatalog({
      cat_id: 200,
      cat_name: 'API',
      pages: [menuPage({ page_id: 20, cat_id: 200, page_title: 'Tokens' }), menuPage({ page_id: 21, cat_id: 200, page_title: 'Errors' })],
    }),
  ],
};

const catalogGroups: Record<number, CatalogGroup[]> = {
  5: [
    catalogGroup({
      cat_id: 100,
      cat_name: 'Guides',
      sub: [catalogGroup({ cat_id: 101, cat_name: 'Install', parent_cat_id: 100, level: 3, sub: [catalogGroup({ cat_id: 102, cat_name: 'Servers', parent_cat_id: 101, level: 4 })] })],
    }),
    catalogGroup({ cat_id: 200, cat_name: 'API' }),
  ],
  2: [
    catalogGroup({ item_id: 2, cat_id: 500, cat_name: 'Intro', sub: [catalogGroup({ item_id: 2, cat_id: 501, cat_name: 'Setup', parent_cat_id: 500, level: 3 })] }),
    catalogGroup({ item_id: 2, cat_id: 600, cat_name: 'FAQ' }),
  ],
};

const pagesOf: Record<number, [number, string][]> = {
  0: [[10, 'README']],
  100: [[11, 'Getting started']],
  101: [[12, 'Linux']],
  102: [[13, 'Nginx']],
  200: [
    [20, 'Tokens'],
    [21, 'Errors'],
  ],
};

const catalogOfPage: Record<number, number> = { 10: 0, 11: 100, 12: 101, 13: 102, 20: 200, 21: 200 };

function pageInfo(pageId: number): PageInfo {
  const title = Object.values(pagesOf)
    .flat()
    .find(([id]) => id === pageId)?.[1];
  return pageInfoOf({ page_id: pageId, cat_id: catalogOfPage[pageId] ?? 0, page_title: title ?? '' });
}

/** alice, editor of project 5, on a server that knows the catalog calls; `overrides` replace answers. */
export function catalogSite(overrides: Record<string, FakeHandler | unknown> = {}) {
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'item/info': ok(projectFive(catalogMenu, 'editor')),
      'page/info': (params: URLSearchParams) => {
        const id = Number(params.get('page_id'));
        return id in catalogOfPage ? ok(pageInfo(id)) : fail(10101, 'No such page');
      },
      'item/myList': ok([
        listItem({ item_id: 5, item_name: 'Peer Demo', creator: 0, manage: 0 }),
        listItem({ item_id: 2, item_name: 'Handbook' }),
        listItem({ item_id: 3, item_name: 'Old docs', is_archived: 1 }),
        listItem({ item_id: 4, item_name: 'Sheets', item_type: 4 }),
      ]),
      'catalog/catListGroup': (params: URLSearchParams) => ok(catalogGroups[Number(params.get('item_id'))] ?? []),
      'catalog/getPagesBycat': (params: URLSearchParams) => ok(catalogPages(pagesOf[Number(params.get('cat_id'))] ?? [])),
      ...overrides,
    }),
  );
}

/** The entries of the last menu that opened (antd renders menus in a portal). */
export async function menuEntries(): Promise<HTMLElement> {
  return (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
}

export async function chooseEntry(name: string) {
  return within(await menuEntries()).findByRole('menuitem', { name });
}

/** The entries of the open select's list, as drawn (antd's accessible list holds only a few). */
export async function optionLabels(): Promise<string[]> {
  await screen.findAllByRole('option');
  // A list that was closed may stay in its closing animation under jsdom: only the one opening counts.
  const open = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])');
  return Array.from(open[open.length - 1]?.querySelectorAll('.ant-select-item-option') ?? []).map((option) => option.getAttribute('title') ?? '');
}

/**
 * A dialog by its title. antd names every dialog by `aria-labelledby`, and under test all of them get the
 * same generated id, so a dialog opened over another one would take the name of the first.
 */
export async function findTitledDialog(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = screen.getAllByRole('dialog').find((dialog) => dialog.querySelector('.ant-modal-title, .ant-modal-confirm-title')?.textContent === title);
      if (!found) throw new Error(`no dialog titled ${title}`);
      return found;
    },
    { timeout: 4000 },
  );
}
