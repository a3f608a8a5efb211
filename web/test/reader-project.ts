import { screen, within } from '@testing-library/react';
import type { ItemInfo, TreeMenu } from '../../common/answers/item';
import type { PageInfo } from '../../common/answers/page';
import { alice, fail, guestSite, installFakeApi, ok, type FakeHandler } from './fake-api';
import { itemInfo, menuCatalog, menuPage, pageInfo } from './project-answers';
import type { renderProjectView } from './render';

/** Project 5 of the project view's tool-dialog tests: README at the root, "Getting started" in Guides. */
export const readerMenu: TreeMenu = {
  pages: [menuPage({ page_id: 10, page_title: 'README' })],
  catalogs: [menuCatalog({ cat_id: 100, cat_name: 'Guides', pages: [menuPage({ page_id: 11, cat_id: 100, page_title: 'Getting started' })] })],
};

const titles: Record<number, string> = { 10: 'README', 11: 'Getting started' };

export type ReaderRole = 'reader' | 'editor' | 'manager';

interface ReaderProjectOptions {
  role: ReaderRole;
  /** The share key page/info reports for every page. */
  uniqueKey?: string;
  overrides?: Record<string, FakeHandler | unknown>;
}

/** `item/info` of project 5 as alice sees it in `role`, with the given menu. */
export function projectFive(menu: TreeMenu, role: ReaderRole): ItemInfo {
  return itemInfo({ item_id: 5, item_name: 'Peer Demo', item_edit: role !== 'reader', item_manage: role === 'manager', menu });
}

export function readerPage(pageId: number, uniqueKey = ''): PageInfo {
  return pageInfo({ page_id: pageId, cat_id: pageId === 11 ? 100 : 0, page_title: titles[pageId] ?? '', author_username: 'showdoc', unique_key: uniqueKey });
}

/** A logged-in alice in project 5 with the given role. */
export function readerProject({ role, uniqueKey = '', overrides = {} }: ReaderProjectOptions) {
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'item/info': ok(projectFive(readerMenu, role)),
      'page/info': (params: URLSearchParams) => {
        const id = Number(params.get('page_id'));
        return titles[id] ? ok(readerPage(id, uniqueKey)) : fail(10101, 'No such page');
      },
      ...overrides,
    }),
  );
}

type User = ReturnType<typeof renderProjectView>['user'];

export const pageHeading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** Chooses an entry of the managers' menu in the project header. */
export async function openManagerTool(user: User, entry: string) {
  await user.click(await screen.findByRole('button', { name: 'Manage project' }));
  const menu = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
  await user.click(within(menu).getByRole('menuitem', { name: entry }));
}

/** Chooses an entry of the editors' bar menu under the catalog. */
export async function openEditorTool(user: User, entry: string) {
  const bar = await screen.findByRole('toolbar', { name: 'Page tools' });
  await user.click(within(bar).getByRole('button', { name: 'More page tools' }));
  const menu = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
  await user.click(within(menu).getByRole('menuitem', { name: entry }));
}

export const findDialog = (name: string) => screen.findByRole('dialog', { name });
