import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogSite, chooseEntry, findTitledDialog, menuEntries } from '../catalog/catalog-test-site';
import { ok } from '../../test/fake-api';
import { pageInfo } from '../../test/project-answers';
import { pageHeading, projectFive } from '../../test/reader-project';
import { catalogMenu } from '../catalog/catalog-test-site';
import { renderProjectView } from '../../test/render';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

const treeRow = (name: string) => within(screen.getByRole('tree', { name: 'Catalog' })).getAllByRole('treeitem').find((row) => row.textContent === name) as HTMLElement;

async function rightClick(name: string) {
  await pageHeading('README');
  fireEvent.contextMenu(treeRow(name), { clientX: 40, clientY: 80 });
  return within(await menuEntries())
    .getAllByRole('menuitem')
    .map((entry) => entry.textContent);
}

describe("the catalog tree's right-click menu", () => {
  it('offers an editor the page and catalog entries, a sub-catalog only within three levels', async () => {
    catalogSite();
    renderProjectView('/5/10');
    expect(await rightClick('README')).toEqual(['New page', 'New catalog', 'Rename', 'Delete', 'Copy link']);
    expect(await rightClick('Guides')).toEqual(['New page here', 'New sub-catalog', 'Rename', 'Delete']);
  });

  it('gives readers no menu of its own', async () => {
    catalogSite({ 'item/info': ok(projectFive(catalogMenu, 'reader')) });
    renderProjectView('/5/10');
    await pageHeading('README');
    const event = fireEvent.contextMenu(treeRow('README'));
    // Not cancelled: the browser's own menu (copy the link) stays.
    expect(event).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('starts a new page inside the catalog it was opened on', async () => {
    catalogSite();
    const { user } = renderProjectView('/5/10');
    await rightClick('Guides');
    await user.click(await chooseEntry('New page here'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/page/edit/5/0?cat_id=100'));
  });

  it('adds a sub-catalog inside the catalog it was opened on', async () => {
    const api = catalogSite({ 'catalog/save': ok(800) });
    const { user } = renderProjectView('/5/10');
    await rightClick('Guides');
    await user.click(await chooseEntry('New sub-catalog'));
    const form = await findTitledDialog('New catalog in “Guides”');
    await user.type(within(form).getByLabelText('Catalog name'), 'Windows{Enter}');
    expect(await screen.findByText('Catalog created')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('catalog/save')[0]?.params ?? [])).toEqual({ item_id: '5', cat_id: '0', cat_name: 'Windows', parent_cat_id: '100' });
  });

  it('renames a page by saving it under the new title at the version it read', async () => {
    const api = catalogSite({
      'page/info': ok(pageInfo({ page_id: 10, cat_id: 0, page_title: 'README', page_content: '# Hello', version: 4 })),
      'page/save': ok({ page_id: 10, version: 5 }),
    });
    const { user } = renderProjectView('/5/10');
    await rightClick('README');
    await user.click(await chooseEntry('Rename'));
    const form = await findTitledDialog('Rename “README”');
    const input = within(form).getByLabelText('Page title');
    await user.clear(input);
    await user.type(input, 'Read me first{Enter}');
    expect(await screen.findByText('Page renamed')).toBeTruthy();
    const sent = Object.fromEntries(api.callsTo('page/save')[0]?.params ?? []);
    expect(sent).toMatchObject({ page_id: '10', item_id: '5', cat_id: '0', page_title: 'Read me first', page_content: '%23%20Hello', version: '4' });
  });

  it('deletes a catalog after saying how many pages go to the recycle bin', async () => {
    const api = catalogSite({ 'catalog/delete': ok([]) });
    const { user } = renderProjectView('/5/10');
    await rightClick('Guides');
    await user.click(await chooseEntry('Delete'));
    const confirm = await findTitledDialog('Delete the catalog “Guides”?');
    expect(confirm.textContent).toContain('(3 in all)');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('catalog/delete')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('catalog/delete')[0]?.params ?? [])).toEqual({ item_id: '5', cat_id: '100' });
  });

  it('opens from the keyboard with Shift+F10 on the focused row', async () => {
    catalogSite();
    renderProjectView('/5/10');
    await pageHeading('README');
    const tree = screen.getByRole('tree', { name: 'Catalog' });
    tree.focus();
    fireEvent.keyDown(tree, { key: 'F10', shiftKey: true });
    expect(within(await menuEntries()).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual(['New page', 'New catalog', 'Rename', 'Delete', 'Copy link']);
  });
});
