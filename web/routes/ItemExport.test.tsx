import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alice, fail, guestSite, installFakeApi, ok } from '../test/fake-api';
import { listItem } from '../test/items';
import { projectFive, readerMenu } from '../test/reader-project';
import ItemExport from './ItemExport';
import ItemIndex from './ItemIndex';
import { renderScreen } from '../test/render';

/** The screens under test on their routes, with the app's providers. */
const renderRoutes = (path: string) => renderScreen(path, { '/item/export/:itemId': <ItemExport />, '/item/index': <ItemIndex /> });

let downloads: string[] = [];

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.hasAttribute('download')) downloads.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => vi.restoreAllMocks());

function site(check: unknown = ok([]), info: unknown = ok({ ...projectFive(readerMenu, 'editor'), item_type: 4 })) {
  return installFakeApi(
    guestSite({
      'user/info': ok(alice),
      'item/info': info,
      'export/checkMarkdownLimit': check,
      'item/myList': ok([listItem({ item_id: 5, item_name: 'Peer Demo' })]),
    }),
  );
}

describe('/item/export/{item_id}', () => {
  it('shows the export form on a screen of its own and downloads', async () => {
    const api = site();
    const { user } = renderRoutes('/item/export/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Export “Peer Demo”' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to project' }).getAttribute('href')).toBe('/5');
    // The permission probe asks the server, without a format-specific selection.
    expect(Object.fromEntries(api.callsTo('export/checkMarkdownLimit')[0]?.params ?? [])).toEqual({ export_format: 'markdown', item_id: '5', cat_id: '0', page_id: '0' });

    await user.click(screen.getByRole('radio', { name: 'Markdown (.zip)' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toEqual(['/api/export/markdown?item_id=5']));
  });

  it('tells a reader that exports are for editors', async () => {
    site(fail(10303, 'You do not have permission for this project'));
    renderRoutes('/item/export/5');
    expect(await screen.findByText('Only editors of this project can export it')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('sends a visitor without the password to the password screen', async () => {
    site(ok([]), fail(10307, 'This project needs its visit password'));
    const { location } = renderRoutes('/item/export/5');
    await waitFor(() => expect(location()).toBe('/item/password/5?redirect=/item/export/5'));
  });
});

describe('the project card menu', () => {
  it('opens the export dialog for a manager, with the project’s catalogs from item/info', async () => {
    const api = site();
    const { user } = renderRoutes('/item/index');
    await screen.findByRole('link', { name: /Peer Demo/ });
    await user.click(screen.getByRole('button', { name: 'Actions for Peer Demo' }));
    await user.click(within((await screen.findAllByRole('menu')).at(-1) as HTMLElement).getByRole('menuitem', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export' });
    await user.click(await within(dialog).findByRole('radio', { name: 'By catalog' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Catalog' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Guides"]')).not.toBeNull());
    await user.click(document.querySelector('.ant-select-item-option[title="Guides"]') as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toEqual(['/api/export/word?item_id=5&cat_id=100&page_id=0']));
    expect(api.callsTo('item/info')).toHaveLength(1);
  });
});
