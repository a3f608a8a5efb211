import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { findDialog, openEditorTool, pageHeading } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';
import { catalogSite } from './catalog-test-site';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

/** jsdom lays nothing out: give each page row a place in a column so the keyboard sensor can move between them. */
function layOutRows() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this instanceof HTMLLIElement && this.classList.contains('catalog-page-row')) {
      const index = Array.prototype.indexOf.call(this.parentElement?.children ?? [], this);
      const top = index * 44;
      return { x: 0, y: top, left: 0, top, right: 300, bottom: top + 40, width: 300, height: 40, toJSON: () => ({}) } as DOMRect;
    }
    return original.call(this);
  });
}

const titles = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Pages of the catalog' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function moveDown(user: ReturnType<typeof renderProjectView>['user'], dialog: HTMLElement, title: string) {
  within(dialog).getByRole('button', { name: `Move ${title}` }).focus();
  await user.keyboard('[Space]');
  await user.keyboard('[ArrowDown]');
  await user.keyboard('[Space]');
}

describe('sort pages', () => {
  it('opens on the catalog of the page on screen and saves the order made with the keyboard', async () => {
    layOutRows();
    const api = catalogSite({ 'page/sort': ok([]) });
    const { user } = renderProjectView('/5/20');
    await pageHeading('Tokens');

    await openEditorTool(user, 'Sort pages');
    const dialog = await findDialog('Sort pages');
    await waitFor(() => expect(within(dialog).getByTitle('API')).toBeTruthy());
    await waitFor(() => expect(titles(dialog)).toEqual(['Tokens', 'Errors']));
    expect(api.callsTo('catalog/getPagesBycat')[0]?.params.get('cat_id')).toBe('200');
    const save = within(dialog).getByRole('button', { name: 'Save order' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await moveDown(user, dialog, 'Tokens');
    await waitFor(() => expect(titles(dialog)).toEqual(['Errors', 'Tokens']));
    await user.click(save);

    expect(await screen.findByText('Page order saved')).toBeTruthy();
    const sent = api.callsTo('page/sort')[0]?.params;
    expect(sent?.get('item_id')).toBe('5');
    expect(JSON.parse(sent?.get('pages') ?? '{}')).toEqual({ '21': 1, '20': 2 });
  });

  it('starts at the root for a root page, and lists another catalog when chosen', async () => {
    const api = catalogSite();
    const { user } = renderProjectView('/5/10');
    await pageHeading('README');

    await openEditorTool(user, 'Sort pages');
    const dialog = await findDialog('Sort pages');
    await waitFor(() => expect(titles(dialog)).toEqual(['README']));
    expect(api.callsTo('catalog/getPagesBycat')[0]?.params.get('cat_id')).toBe('0');

    await user.click(within(dialog).getByRole('combobox', { name: 'Catalog' }));
    await user.click(await screen.findByTitle('Guides / Install'));
    await waitFor(() => expect(titles(dialog)).toEqual(['Linux']));
    expect(api.callsTo('catalog/getPagesBycat').at(-1)?.params.get('cat_id')).toBe('101');
  });

  it('a refusal is alerted and the list reloads to the saved order', async () => {
    layOutRows();
    const api = catalogSite({ 'page/sort': fail(10101, 'This page does not exist') });
    const { user } = renderProjectView('/5/20');
    await pageHeading('Tokens');

    await openEditorTool(user, 'Sort pages');
    const dialog = await findDialog('Sort pages');
    await waitFor(() => expect(titles(dialog)).toEqual(['Tokens', 'Errors']));
    const loads = api.callsTo('catalog/getPagesBycat').length;
    await moveDown(user, dialog, 'Tokens');
    await user.click(within(dialog).getByRole('button', { name: 'Save order' }));

    expect(await screen.findByText('This page does not exist')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('catalog/getPagesBycat').length).toBe(loads + 1));
    await waitFor(() => expect(titles(dialog)).toEqual(['Tokens', 'Errors']));
  });
});
