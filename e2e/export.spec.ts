import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '../server/test/unzip.js';
import { choose, connectBrowser, createUser, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { seedProject, type SeededProject } from './reader-fixtures.js';

async function entriesOf(download: Download): Promise<Map<string, string>> {
  // The run's one browser is connected to, not launched here: the file is copied over, not read in place.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-download-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  const entries = await unzip(fs.readFileSync(file));
  fs.rmSync(dir, { recursive: true, force: true });
  return new Map(entries.map((e) => [e.name, e.data.toString('utf8')]));
}

async function openExportDialog(page: Page) {
  await page.getByRole('button', { name: 'Manage project' }).click();
  await page.getByRole('menuitem', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

describe('taking documents out', () => {
  let browser: Browser;
  let owner: { username: string; password: string };
  let project: SeededProject;

  beforeAll(async () => {
    browser = await connectBrowser();
    owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    project = await seedProject(page, `Export ${Date.now().toString(36)}`);
    await context.close();
  });
  afterAll(() => browser?.close());

  it('exports one catalog to a Word file with its pages as headings', async () => {
    const { page, context } = await signedInPage(browser, owner);
    const errors = pageErrors(page);
    await page.goto(`/${project.itemId}`);
    const dialog = await openExportDialog(page);
    await dialog.getByRole('radio', { name: 'By catalog' }).check();
    await choose(page, dialog.getByRole('combobox', { name: 'Catalog' }), 'Guides');
    await screenshot(page, 'export-01-dialog', { fullPage: false });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const docx = await entriesOf(download);
    const body = docx.get('word/document.xml') ?? '';
    expect(body).toContain('Refunds');
    expect(body).toContain('Money goes back within 5 days.');
    // Only the chosen catalog: the root page is not in it.
    expect(body).not.toContain('Getting started');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports the whole project as a markdown zip from the export screen', async () => {
    const { page, context } = await signedInPage(browser, owner);
    await page.goto(`/item/export/${project.itemId}`);
    await page.getByRole('radio', { name: 'Markdown (.zip)' }).check();
    await expect.poll(() => page.getByText('Import it into Folio or ShowDoc', { exact: false }).isVisible()).toBe(true);
    await screenshot(page, 'export-02-screen', { fullPage: false });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const files = await entriesOf(download);
    const info = JSON.parse(files.get('info.json') ?? '{}') as { item_name: string; password: string };
    expect(info).toMatchObject({ item_name: project.name, password: '' });
    expect(files.get('Getting started.md')).toContain('# Getting started');
    expect(files.get('Guides/Refunds.md')).toContain('Money goes back within 5 days.');
    await context.close();
  });
});
