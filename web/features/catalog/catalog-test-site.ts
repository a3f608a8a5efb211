import { screen, waitFor, within } from '@testing-library/react';
import type { CatalogGroup, CatalogPage } from '../../api/catalog';
import type { ItemMenu, PageInfo } from '../../api/reader';
import { alice, fail, guestSite, installFakeApi, ok, type FakeHandler } from '../../test/fake-api';
import { listItem } from '../../test/items';
import { projectFive } from '../../test/reader-project';

/**
 * Project 5 of the catalog dialogs' tests, numbers as strings as ShowDoc sends them: README at the root;
 * Guides › Install › Servers (three levels); API with two pages. Project 2 ("Handbook") is another
 * project alice works on.
 */
export const catalogMenu: ItemMenu = {
  pages: [{ page_id: '10', cat_id: '0', page_title: 'README' }],
  catalogs: [
    {
      cat_id: '100',
      cat_name: 'Guides',
      pages: [{ page_id: '11', cat_id: '100', page_title: 'Getting started' }],
      catalogs: [
        {
          cat_id: '101',
          cat_name: 'Install',
          pages: [{ page_id: '12', cat_id: '101', page_title: 'Linux' }],
          catalogs: [{ cat_id: '102', cat_name: 'Servers', pages: [{ page_id: '13', cat_id: '102', page_title: 'Nginx' }], catalogs: [] }],
        },
      ],
    },
    {
      cat_id: '200',
      cat_name: 'API',
      pages: [
        { page_id: '20', cat_id: '200', page_title: 'Tokens' },
        { page_id: '21', cat_id: '200', page_title: 'Errors' },
      ],
      catalogs: [],
    },
  ],
};

const catalogGroups: Record<number, CatalogGroup[]> = {
  5: [
    { cat_id: '100', cat_name: 'Guides', level: '2', sub: [{ cat_id: '101', cat_name: 'Install', level: '3', sub: [{ cat_id: '102', cat_name: 'Servers', level: '4', sub: [] }] }] },
    { cat_id: '200', cat_name: 'API', level: '2', sub: [] },
  ],
  2: [
    { cat_id: '500', cat_name: 'Intro', level: '2', sub: [{ cat_id: '501', cat_name: 'Setup', level: '3', sub: [] }] },
    { cat_id: '600', cat_name: 'FAQ', level: '2', sub: [] },
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
  return {
    page_id: String(pageId),
    item_id: '5',
    cat_id: String(catalogOfPage[pageId] ?? 0),
    page_title: title ?? '',
    page_content: `Text of ${title ?? ''}`,
    author_username: 'alice',
    addtime: '2026-11-22 20:24:12',
    attachment_count: 0,
    unique_key: '',
  };
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
      'catalog/getPagesBycat': (params: URLSearchParams) => {
        const pages: CatalogPage[] = (pagesOf[Number(params.get('cat_id'))] ?? []).map(([id, title], index) => ({
          page_id: String(id),
          page_title: title,
          s_number: String(index + 1),
        }));
        return ok(pages);
      },
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
