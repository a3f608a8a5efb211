import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { findDialog, openEditorTool, pageHeading, projectFive } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';
import { renderToolDialog } from '../../test/tool-dialog';
import CatalogManagerDialog from './CatalogManagerDialog';
import { catalogMenu, catalogSite, chooseEntry, findTitledDialog, menuEntries, optionLabels } from './catalog-test-site';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

type User = ReturnType<typeof renderToolDialog>['user'];

/**
 * The manager of project 5 as an editor gets it, rendered alone: the project view around it is not what
 * these tests are about, and renders on every step. `fromReader` opens it the way a person does, from
 * the editor bar on README, so one test still covers that way in.
 */
async function openManager({ fromReader = false } = {}) {
  let user: User;
  if (fromReader) {
    ({ user } = renderProjectView('/5/10'));
    await pageHeading('README');
    await openEditorTool(user, 'Manage catalogs');
  } else {
    ({ user } = renderToolDialog(CatalogManagerDialog, { itemRef: '5', item: projectFive(catalogMenu, 'editor'), page: null }));
  }
  const dialog = await findDialog('Manage catalogs');
  await within(dialog).findByRole('tree', { name: 'Catalogs and pages' });
  return { user, dialog };
}

/** Types a name into a field and presses Enter; pasted, since typing it is not what these tests check. */
async function submitName(user: User, field: HTMLElement, name: string) {
  await user.click(field);
  await user.paste(name);
  await user.keyboard('{Enter}');
}

const rows = (dialog: HTMLElement) => within(dialog).getAllByRole('treeitem').map((row) => row.textContent);
const row = (dialog: HTMLElement, name: string) => within(dialog).getAllByRole('treeitem').find((item) => item.textContent === name) as HTMLElement;

async function entryNames() {
  return within(await menuEntries())
    .getAllByRole('menuitem')
    .map((entry) => entry.textContent);
}

async function catalogAction(user: User, dialog: HTMLElement, catalog: string, action: string) {
  await user.click(within(dialog).getByRole('button', { name: `Actions for ${catalog}` }));
  await user.click(await chooseEntry(action));
}

/** What rc-tree reads from a drag: the mouse position and a dataTransfer it writes to. */
function drag(from: HTMLElement, to: HTMLElement, { sideways = 0 } = {}) {
  const dataTransfer = { setData: () => undefined, getData: () => '', dropEffect: 'move', effectAllowed: 'move' };
  // One event at a time: rc-tree reads, at each one, the state the one before left.
  fireEvent.dragStart(from, { clientX: 100, clientY: 0, dataTransfer });
  fireEvent.dragEnter(to, { clientX: 100 - sideways, clientY: 0, dataTransfer });
  fireEvent.dragOver(to, { clientX: 100 - sideways, clientY: 0, dataTransfer });
  fireEvent.drop(to, { clientX: 100 - sideways, clientY: 0, dataTransfer });
}

const sentTree = (api: ReturnType<typeof catalogSite>, index = 0) => {
  const params = api.callsTo('catalog/batUpdate')[index]?.params;
  return { ...Object.fromEntries(params ?? []), cats: JSON.parse(params?.get('cats') ?? 'null') as unknown };
};

describe('catalog manager: the tree', () => {
  it('shows the catalogs and pages of the project, every catalog open', async () => {
    catalogSite();
    const { dialog } = await openManager({ fromReader: true });

    expect(rows(dialog)).toEqual(['README', 'Guides', 'Getting started', 'Install', 'Linux', 'Servers', 'Nginx', 'API', 'Tokens', 'Errors']);
    expect(within(dialog).getAllByRole('button', { name: /^Actions for / }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Actions for Guides',
      'Actions for Install',
      'Actions for Servers',
      'Actions for API',
    ]);
  });

  it('offers a sub-catalog only where it stays within three levels', async () => {
    catalogSite();
    const { user, dialog } = await openManager();

    await user.click(within(dialog).getByRole('button', { name: 'Actions for Install' }));
    expect(await entryNames()).toEqual(['New sub-catalog', 'Rename', 'Sort pages', 'Copy or move', 'Delete']);
    await user.click(within(dialog).getByRole('button', { name: 'Actions for Servers' }));
    await waitFor(async () => expect(await entryNames()).toEqual(['Rename', 'Sort pages', 'Copy or move', 'Delete']));
    await user.click(within(dialog).getByRole('button', { name: 'Actions for Guides' }));
    await waitFor(async () => expect(await entryNames()).toEqual(['New sub-catalog', 'Rename', 'Sort pages', 'Move down', 'Copy or move', 'Delete']));
  });
});

describe('catalog manager: add, rename, delete', () => {
  it('adds a sub-catalog, sending its parent', async () => {
    const api = catalogSite({ 'catalog/save': ok(800) });
    const { user, dialog } = await openManager();

    await catalogAction(user, dialog, 'Install', 'New sub-catalog');
    const form = await findTitledDialog('New catalog in “Install”');
    await submitName(user, within(form).getByLabelText('Catalog name'), 'Windows');

    expect(await screen.findByText('Catalog created')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('catalog/save')[0]?.params ?? [])).toEqual({ item_id: '5', cat_id: '0', cat_name: 'Windows', parent_cat_id: '101' });
  });

  it('adds a top-level catalog', async () => {
    const api = catalogSite({ 'catalog/save': ok(801) });
    const { user, dialog } = await openManager();

    await user.click(within(dialog).getByRole('button', { name: 'New catalog' }));
    const form = await findTitledDialog('New catalog');
    await submitName(user, within(form).getByLabelText('Catalog name'), 'Changelog');
    await waitFor(() => expect(api.callsTo('catalog/save')).toHaveLength(1));
    expect(api.callsTo('catalog/save')[0]?.params.get('parent_cat_id')).toBe('0');
  });

  it('renames a catalog, keeping it where it is, and reloads the tree', async () => {
    const api = catalogSite({ 'catalog/save': ok(100) });
    const { user, dialog } = await openManager();
    const loads = api.callsTo('item/info').length;

    await catalogAction(user, dialog, 'Guides', 'Rename');
    const form = await findTitledDialog('Rename “Guides”');
    const name = within(form).getByLabelText('Catalog name');
    expect((name as HTMLInputElement).value).toBe('Guides');
    await user.clear(name);
    await submitName(user, name, 'Handbook');

    expect(await screen.findByText('Catalog renamed')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('catalog/save')[0]?.params ?? [])).toEqual({ item_id: '5', cat_id: '100', cat_name: 'Handbook' });
    await waitFor(() => expect(api.callsTo('item/info').length).toBeGreaterThan(loads));
  });

  it('deletes a catalog after a confirmation that says where its pages go', async () => {
    const api = catalogSite({ 'catalog/delete': ok({ success: true }) });
    const { user, dialog } = await openManager();

    await catalogAction(user, dialog, 'Guides', 'Delete');
    const confirm = await findTitledDialog('Delete the catalog “Guides”?');
    expect(within(confirm).getByText(/Their pages \(3 in all\) move to the recycle bin/)).toBeTruthy();
    expect(api.callsTo('catalog/delete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Catalog deleted')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('catalog/delete')[0]?.params ?? [])).toEqual({ item_id: '5', cat_id: '100' });
  });

  it('counts the pages of sub-catalogs too; cancelling sends nothing', async () => {
    const api = catalogSite();
    const { user, dialog } = await openManager();

    await catalogAction(user, dialog, 'Servers', 'Delete');
    const confirm = await findTitledDialog('Delete the catalog “Servers”?');
    expect(within(confirm).getByText(/Their pages \(1 in all\)/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('catalog/delete')).toHaveLength(0);
  });
});

describe('catalog manager: order and place', () => {
  it('moves a catalog up, sending the new order of its list', async () => {
    const api = catalogSite({ 'catalog/batUpdate': ok([]) });
    const { user, dialog } = await openManager();

    await catalogAction(user, dialog, 'API', 'Move up');

    expect(await screen.findByText('New order saved')).toBeTruthy();
    expect(sentTree(api)).toEqual({
      item_id: '5',
      dragged_id: '200',
      dragged_title: 'API',
      dragged_type: 'catalog',
      cats: [
        { cat_id: 0, parent_cat_id: 0, level: 2, s_number: 1, page_id: 10, page_cat_id: 0 },
        { cat_id: 200, parent_cat_id: 0, level: 2, s_number: 1, page_id: 0 },
        { cat_id: 100, parent_cat_id: 0, level: 2, s_number: 2, page_id: 0 },
      ],
    });
  });

  it('drags a page into another catalog', async () => {
    const api = catalogSite({ 'catalog/batUpdate': ok([]) });
    const { dialog } = await openManager();

    drag(row(dialog, 'Tokens'), row(dialog, 'Guides'));

    await waitFor(() => expect(api.callsTo('catalog/batUpdate')).toHaveLength(1));
    expect(sentTree(api)).toEqual({
      item_id: '5',
      dragged_id: '20',
      dragged_title: 'Tokens',
      dragged_type: 'page',
      cats: [
        { cat_id: 0, parent_cat_id: 100, level: 3, s_number: 1, page_id: 20, page_cat_id: 100 },
        { cat_id: 0, parent_cat_id: 100, level: 3, s_number: 2, page_id: 11, page_cat_id: 100 },
        { cat_id: 101, parent_cat_id: 100, level: 3, s_number: 1, page_id: 0 },
      ],
    });
  });

  it('a drop into a page or to a fourth level sends nothing', async () => {
    const api = catalogSite({ 'catalog/batUpdate': ok([]) });
    const { dialog } = await openManager();

    // Servers is open and third-level: the only drop it takes is inside, which would make a fourth level.
    drag(row(dialog, 'API'), row(dialog, 'Servers'));
    // A page takes nothing inside; rc-tree falls back to "after it", a place API may go.
    drag(row(dialog, 'Install'), row(dialog, 'README'));

    await waitFor(() => expect(api.callsTo('catalog/batUpdate')).toHaveLength(1));
    expect(sentTree(api).cats).toEqual([
      { cat_id: 0, parent_cat_id: 0, level: 2, s_number: 1, page_id: 10, page_cat_id: 0 },
      { cat_id: 101, parent_cat_id: 0, level: 2, s_number: 1, page_id: 0 },
      { cat_id: 100, parent_cat_id: 0, level: 2, s_number: 2, page_id: 0 },
      { cat_id: 200, parent_cat_id: 0, level: 2, s_number: 3, page_id: 0 },
    ]);
  });

  it('a refusal from the server is alerted and the tree reloads to what is saved', async () => {
    const api = catalogSite({ 'catalog/batUpdate': fail(10101, 'Catalogs nest at most 3 levels deep') });
    const { user, dialog } = await openManager();
    const loads = api.callsTo('item/info').length;

    await catalogAction(user, dialog, 'API', 'Move up');

    expect(await screen.findByText('Catalogs nest at most 3 levels deep')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('item/info').length).toBeGreaterThan(loads));
    await waitFor(() => expect(rows(dialog).slice(0, 2)).toEqual(['README', 'Guides']));
  });

  it('sorts the pages of a catalog from its menu', async () => {
    const api = catalogSite({ 'page/sort': ok([]) });
    const { user, dialog } = await openManager();

    await catalogAction(user, dialog, 'API', 'Sort pages');
    const sort = await findTitledDialog('Sort pages');
    expect(await within(sort).findByText('Tokens')).toBeTruthy();
    expect(within(sort).getByTitle('API')).toBeTruthy();
    expect(api.callsTo('catalog/getPagesBycat').at(-1)?.params.get('cat_id')).toBe('200');
  });
});

describe('catalog manager: copy or move', () => {
  it('copies a catalog beside itself by default', async () => {
    const api = catalogSite({ 'catalog/copy': ok({ cat_id: 900, cat_name: 'Install' }) });
    const { user, dialog } = await openManager();

    await catalogAction(user, dialog, 'Install', 'Copy or move');
    const form = await findTitledDialog('Copy or move “Install”');
    await waitFor(() => expect(within(form).getByTitle('Guides')).toBeTruthy());
    expect(within(form).getByTitle('Peer Demo')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText('Catalog copied')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('catalog/copy')[0]?.params ?? [])).toEqual({ cat_id: '101', new_p_cat_id: '100', to_item_id: '5', is_del: '0' });
  });

  it('moves a catalog to another project, offering only parents that keep three levels', async () => {
    const api = catalogSite({ 'catalog/copy': ok({ cat_id: 901, cat_name: 'Install' }) });
    const { user, dialog } = await openManager();

    await catalogAction(user, dialog, 'Install', 'Copy or move');
    const form = await findTitledDialog('Copy or move “Install”');
    await user.click(within(form).getByText('Move', { selector: 'label *' }));

    await user.click(within(form).getByRole('combobox', { name: 'To project' }));
    // Archived projects and spreadsheets have no catalogs to receive it.
    expect(await optionLabels()).toEqual(['Peer Demo', 'Handbook']);
    await user.click(screen.getByTitle('Handbook'));
    expect(await within(form).findByText(/the originals go to this project’s recycle bin/)).toBeTruthy();

    await waitFor(() => expect(api.callsTo('catalog/catListGroup').some((call) => call.params.get('item_id') === '2')).toBe(true));
    // Guides, the parent it had here, is no parent there.
    await waitFor(() => expect(within(form).getByTitle('Project root')).toBeTruthy());
    await user.click(within(form).getByRole('combobox', { name: 'Parent catalog there' }));
    // Install holds Servers: two levels, so only top-level catalogs of the target can take it.
    await waitFor(async () => expect(await optionLabels()).toEqual(['Project root', 'Intro', 'FAQ']));
    await user.click(screen.getByTitle('FAQ'));
    await user.click(within(form).getByRole('button', { name: 'Move' }));

    expect(await screen.findByText('Catalog moved')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('catalog/copy')[0]?.params ?? [])).toEqual({ cat_id: '101', new_p_cat_id: '600', to_item_id: '2', is_del: '1' });
  });

  it('moving inside the project never offers the catalog itself or what is below it', async () => {
    catalogSite();
    const { user, dialog } = await openManager();

    await catalogAction(user, dialog, 'API', 'Copy or move');
    const form = await findTitledDialog('Copy or move “API”');
    await user.click(within(form).getByText('Move', { selector: 'label *' }));
    await user.click(within(form).getByRole('combobox', { name: 'Parent catalog there' }));
    expect(await optionLabels()).toEqual(['Project root', 'Guides', 'Guides / Install']);
  });
});
