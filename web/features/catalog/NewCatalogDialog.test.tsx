import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { findDialog, pageHeading } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';
import { catalogSite, optionLabels } from './catalog-test-site';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

async function openNewCatalog(user: ReturnType<typeof renderProjectView>['user']) {
  const bar = await screen.findByRole('toolbar', { name: 'Page tools' });
  await user.click(within(bar).getByRole('button', { name: 'New catalog' }));
  return findDialog('New catalog');
}

const parentField = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Parent catalog' });

describe('new catalog', () => {
  it('creates a catalog in the catalog of the page on screen; Enter submits', async () => {
    const api = catalogSite({ 'catalog/save': ok(700) });
    const { user } = renderProjectView('/5/11');
    await pageHeading('Getting started');
    const infoLoads = api.callsTo('item/info').length;

    const dialog = await openNewCatalog(user);
    await waitFor(() => expect(within(dialog).getByTitle('Guides')).toBeTruthy());
    await user.type(within(dialog).getByLabelText('Catalog name'), '  FAQ {Enter}');

    expect(await screen.findByText('Catalog created')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('catalog/save')[0]?.params ?? [])).toEqual({ item_id: '5', cat_id: '0', cat_name: 'FAQ', parent_cat_id: '100' });
    // The reader reloads its menu.
    await waitFor(() => expect(api.callsTo('item/info').length).toBeGreaterThan(infoLoads));
  });

  it('offers only parents where the new catalog stays within three levels', async () => {
    const api = catalogSite({ 'catalog/save': ok(701) });
    const { user } = renderProjectView('/5/13');
    await pageHeading('Nginx');

    const dialog = await openNewCatalog(user);
    // The page is in Servers, a third-level catalog: a catalog there would be a fourth level.
    await waitFor(() => expect(within(dialog).getByTitle('Project root')).toBeTruthy());
    await user.click(parentField(dialog));
    expect(await optionLabels()).toEqual(['Project root', 'Guides', 'Guides / Install', 'API']);

    await user.click(screen.getByTitle('Guides / Install'));
    await user.type(within(dialog).getByLabelText('Catalog name'), 'Windows');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(api.callsTo('catalog/save')).toHaveLength(1));
    expect(api.callsTo('catalog/save')[0]?.params.get('parent_cat_id')).toBe('101');
  });

  it('a page at the root, or none, starts at the root', async () => {
    const api = catalogSite({ 'catalog/save': ok(702) });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');

    const dialog = await openNewCatalog(user);
    await waitFor(() => expect(within(dialog).getByTitle('Project root')).toBeTruthy());
    await user.type(within(dialog).getByLabelText('Catalog name'), 'Top{Enter}');
    await waitFor(() => expect(api.callsTo('catalog/save')).toHaveLength(1));
    expect(api.callsTo('catalog/save')[0]?.params.get('parent_cat_id')).toBe('0');
  });

  it('a blank name is refused before the server is asked; a refusal keeps the form open', async () => {
    const api = catalogSite({ 'catalog/save': fail(10100, 'A project has at most 1500 catalogs') });
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');

    const dialog = await openNewCatalog(user);
    await user.type(within(dialog).getByLabelText('Catalog name'), '   {Enter}');
    expect(await within(dialog).findByText('Give the catalog a name')).toBeTruthy();
    expect(api.callsTo('catalog/save')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Catalog name'), 'More{Enter}');
    expect(await screen.findByText('A project has at most 1500 catalogs')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New catalog' })).toBeTruthy();
  });
});
