import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemMenu } from '../../api/reader';
import i18n from '../../i18n';
import { fail, ok } from '../../test/fake-api';
import { menuCatalog, menuPage } from '../../test/project-answers';
import { findDialog, pageHeading, projectFive, readerProject } from '../../test/reader-project';
import { renderProjectView } from '../../test/render';
import { renderToolDialog } from '../../test/tool-dialog';
import ExportDialog from './ExportDialog';

/** Project 5 with a deeper tree: Guides (Getting started, a draft) › Install (Linux). */
const menu: ItemMenu = {
  pages: [menuPage({ page_id: 10, page_title: 'README' })],
  catalogs: [
    menuCatalog({
      cat_id: 100,
      cat_name: 'Guides',
      pages: [menuPage({ page_id: 11, cat_id: 100, page_title: 'Getting started' }), menuPage({ page_id: 12, cat_id: 100, page_title: 'My draft', is_draft: 1 })],
      catalogs: [menuCatalog({ cat_id: 101, cat_name: 'Install', parent_cat_id: 100, level: 3, pages: [menuPage({ page_id: 13, cat_id: 101, page_title: 'Linux' })] })],
    }),
  ],
};

let downloads: string[] = [];

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.hasAttribute('download')) downloads.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => vi.restoreAllMocks());

/** `item/info` of project 5 as its manager sees it; `item_type` 3 is a RunApi project. */
const projectOfType = (itemType = 1) => ({ ...projectFive(menu, 'manager'), item_type: itemType });

function exportSite(overrides: Record<string, unknown> = {}, itemType = 1) {
  return readerProject({
    role: 'manager',
    overrides: { 'item/info': ok(projectOfType(itemType)), 'export/checkMarkdownLimit': ok([]), ...overrides },
  });
}

/** The dialog as the reader opens it on project 5 (the header menu that opens it: "speaks Chinese"). */
async function openExport(itemType = 1) {
  const { user } = renderToolDialog(ExportDialog, { itemRef: '5', item: projectOfType(itemType), page: null });
  return { user, dialog: await findDialog('Export') };
}

/** An entry of the open select list (the reader's menu shows the same titles elsewhere). */
const option = (title: string) => waitFor(() => {
  const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${title}"]`);
  if (!found) throw new Error(`no option ${title}`);
  return found;
});

const params = (api: ReturnType<typeof exportSite>) => Object.fromEntries(api.callsTo('export/checkMarkdownLimit').at(-1)?.params ?? []);

describe('export dialog', () => {
  it('is 400 px wide and exports the whole project to Word by default', async () => {
    const api = exportSite();
    const { user, dialog } = await openExport();
    expect((dialog.closest('.ant-modal') as HTMLElement | null)?.style.width).toBe('400px');
    expect(within(dialog).getByRole('radio', { name: 'Word (.docx)' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: 'Whole project' })).toHaveProperty('checked', true);
    expect(within(dialog).queryByRole('combobox', { name: 'Catalog' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toEqual(['/api/export/word?item_id=5&cat_id=0&page_id=0']));
    expect(params(api)).toEqual({ export_format: 'word', item_id: '5', cat_id: '0', page_id: '0' });
    // Motion is off in tests: a closed dialog is gone, or hidden with its wrapper.
    await waitFor(() => expect(!dialog.isConnected || (dialog.closest('.ant-modal-wrap') as HTMLElement | null)?.style.display === 'none').toBe(true));
  });

  it('by catalog needs a catalog, then exports all its pages or the one chosen (drafts are not offered)', async () => {
    const api = exportSite();
    const { user, dialog } = await openExport();
    await user.click(within(dialog).getByRole('radio', { name: 'By catalog' }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText('Choose the catalog to export')).toBeTruthy();
    expect(downloads).toEqual([]);
    expect(api.callsTo('export/checkMarkdownLimit')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Catalog' }));
    expect(await screen.findByTitle('Guides / Install')).toBeTruthy();
    await user.click(await option('Guides'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Pages' }));
    expect(await option('All pages of the catalog')).toBeTruthy();
    expect(document.querySelector('.ant-select-item-option[title="My draft"]')).toBeNull();
    await user.click(await option('Getting started'));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toEqual(['/api/export/word?item_id=5&cat_id=100&page_id=11']));
    expect(params(api)).toEqual({ export_format: 'word', item_id: '5', cat_id: '100', page_id: '11' });
  });

  it('a catalog with all its pages', async () => {
    exportSite();
    const { user, dialog } = await openExport();
    await user.click(within(dialog).getByRole('radio', { name: 'By catalog' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Catalog' }));
    await user.click(await screen.findByTitle('Guides / Install'));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toEqual(['/api/export/word?item_id=5&cat_id=101&page_id=0']));
  });

  it('markdown shows its tip and downloads the zip of the whole project', async () => {
    const api = exportSite();
    const { user, dialog } = await openExport();
    await user.click(within(dialog).getByRole('radio', { name: 'Markdown (.zip)' }));
    expect(within(dialog).getByText(/imports? it into Folio or ShowDoc/i)).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: 'By catalog' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toEqual(['/api/export/markdown?item_id=5']));
    expect(params(api)).toEqual({ export_format: 'markdown', item_id: '5', cat_id: '0', page_id: '0' });
  });

  it('offers no markdown for a RunApi project (item_type 3)', async () => {
    exportSite({}, 3);
    const { dialog } = await openExport(3);
    expect(within(dialog).getByRole('radio', { name: 'Word (.docx)' })).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: 'Markdown (.zip)' })).toBeNull();
  });

  it('a refusal is shown, nothing downloads, and the dialog stays', async () => {
    exportSite({ 'export/checkMarkdownLimit': fail(10101, 'This project is too large for one Word file') });
    const { user, dialog } = await openExport();
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('This project is too large for one Word file')).toBeTruthy();
    expect(downloads).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Export' })).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    exportSite();
    await act(() => i18n.changeLanguage('zh-CN'));
    const { user } = renderProjectView('/5');
    await pageHeading('README');
    await user.click(await screen.findByRole('button', { name: '项目管理' }));
    await user.click(within((await screen.findAllByRole('menu')).at(-1) as HTMLElement).getByRole('menuitem', { name: '导出' }));
    const dialog = await findDialog('导出');
    expect(within(dialog).getByRole('radio', { name: '整个项目' })).toBeTruthy();
  });
});
