import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { callApi, createUser, connectBrowser, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { seedProject, treeItem } from './reader-fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;
const pageTitle = (page: Page) => page.locator('h1.reader-page-title');
const OPENAPI_FIXTURE = path.resolve(import.meta.dirname, 'fixtures/petstore-two-tags.yaml');

/** A zip built in memory, as a person's folder of markdown files would be zipped. */
function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text, 'utf8'), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

async function openImportFromMenu(page: Page, projectName: string) {
  const dialog = page.getByRole('dialog', { name: `Import into “${projectName}”` });
  await page.getByRole('button', { name: 'Manage project' }).click();
  await page.getByRole('menuitem', { name: 'Import', exact: true }).click();
  await dialog.waitFor();
  return dialog;
}

describe('bringing documents in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('builds a project from an OpenAPI file through the create-project dialog', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    await page.goto('/item/index');
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('radio', { name: /Import a file/ }).check();
    // The project is named by the file, so the name field goes away and the formats are explained.
    await expect.poll(() => dialog.getByLabel('Project name').count()).toBe(0);
    await expect.poll(() => dialog.getByText('What each file becomes').isVisible()).toBe(true);

    await dialog.locator('input[type="file"]').setInputFiles(OPENAPI_FIXTURE);
    await expect.poll(() => dialog.getByText('petstore-two-tags.yaml').isVisible()).toBe(true);
    await screenshot(page, 'import-01-create-from-file', { fullPage: false });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    // The new project opens: one catalog per tag, one API page per operation.
    await page.waitForURL((url) => /^\/\d+$/.test(url.pathname), { timeout: 30_000 });
    await expect.poll(() => page.locator('.reader-header-title').textContent()).toBe('Petstore Lite');
    await expect.poll(() => treeItem(page, 'Pets').isVisible()).toBe(true);
    await expect.poll(() => treeItem(page, 'Store').isVisible()).toBe(true);
    // The project opens on its first page, so its catalog may be open already.
    if (!(await treeItem(page, 'List pets').isVisible())) await treeItem(page, 'Pets').click();
    await treeItem(page, 'List pets').click();
    await expect.poll(() => pageTitle(page).textContent()).toBe('List pets');
    const body = page.locator('.reader-page-body');
    await expect.poll(() => body.textContent()).toContain('https://petstore.example.com/v1/pets');
    await expect.poll(() => body.getByText('limit', { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, 'import-02-openapi-project', { fullPage: false });

    // The project list shows it too.
    await page.goto('/item/index');
    await expect.poll(() => page.locator('li.item-card', { has: page.getByText('Petstore Lite', { exact: true }) }).count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('loads a zip of markdown folders into an existing project from the project menu', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const name = unique('Handbook');
    const project = await seedProject(page, name);
    const zip = await zipOf({
      'Runbooks/Restart the API.md': '# Restart the API\n\n1. Drain the node.\n2. `systemctl restart api`\n',
      'Runbooks/On call/Escalation.md': '# Escalation\n\nCall the lead after 15 minutes.\n',
      '常见问题.md': '# 常见问题\n\n| 问题 | 回答 |\n|---|---|\n| 密码 | 找管理员 |\n',
    });

    await page.goto(`/${project.itemId}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Getting started');
    const dialog = await openImportFromMenu(page, name);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'handbook.zip', mimeType: 'application/zip', buffer: zip });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => dialog.getByText(`Imported into “${name}”`).isVisible(), { timeout: 30_000 }).toBe(true);
    await screenshot(page, 'import-03-into-project', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The menu was reloaded: the folders are catalogs, the files pages, next to what was there.
    await expect.poll(() => treeItem(page, 'Runbooks').isVisible()).toBe(true);
    await expect.poll(() => treeItem(page, '常见问题').isVisible()).toBe(true);
    expect(await treeItem(page, 'Guides').isVisible()).toBe(true);
    await treeItem(page, 'Runbooks').click();
    await treeItem(page, 'Restart the API').click();
    await expect.poll(() => pageTitle(page).textContent()).toBe('Restart the API');
    await expect.poll(() => page.locator('.reader-page-body').textContent()).toContain('systemctl restart api');
    await treeItem(page, 'On call').click();
    await expect.poll(() => treeItem(page, 'Escalation').isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('a broken file gives the server’s message in place and changes nothing', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const name = unique('Untouched');
    const project = await seedProject(page, name);
    const before = await callApi<{ menu: unknown }>(page, 'item/info', { item_id: project.itemId });

    await page.goto(`/${project.itemId}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Getting started');
    const dialog = await openImportFromMenu(page, name);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004 this is not really a zip') });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.isVisible(), { timeout: 30_000 }).toBe(true);
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('The file was not imported');
    // The server's own words, without a stack trace or a path.
    expect(text.replace('The file was not imported', '').trim().length).toBeGreaterThan(5);
    expect(text).not.toMatch(/\bat \S+:\d+|node_modules|\/work\//);
    await screenshot(page, 'import-04-broken-file', { fullPage: false });
    // The dialog stays, ready for another file.
    // (antd's spinner may still be fading out in the name, as `loading Import`.)
    expect(await dialog.getByRole('button', { name: /Import$/ }).isEnabled()).toBe(true);

    const after = await callApi<{ menu: unknown }>(page, 'item/info', { item_id: project.itemId });
    expect(after.menu).toEqual(before.menu);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('on a phone the create dialog explains the open API with the project’s own key', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner, { viewport: { width: 390, height: 844 } });
    await page.goto('/item/index');
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('radio', { name: /Generate from the open API/ }).check();
    const name = unique('CI docs');
    await dialog.getByLabel('Project name').fill(name);
    await dialog.getByRole('button', { name: 'Create project' }).click();

    const guide = page.getByRole('dialog', { name: `“${name}” is ready for the open API` });
    await expect.poll(() => guide.getByText('Push a markdown file as a page').isVisible()).toBe(true);
    const items = await callApi<Array<{ item_id: number; item_name: string }>>(page, 'item/myList', {});
    const created = items.find((item) => item.item_name === name);
    expect(created).toBeTruthy();
    const key = await callApi<{ api_key: string; api_token: string }>(page, 'item/getKey', { item_id: Number(created?.item_id) });
    const commands = await guide.locator('pre').allTextContents();
    expect(commands.some((command) => command.includes(`--data-urlencode 'api_key=${key.api_key}'`))).toBe(true);
    expect(commands.some((command) => command.includes(`${new URL(page.url()).origin}/server/index.php?s=/api/open/updatePage`))).toBe(true);
    // Nothing spills past the screen's edge: long commands scroll inside their box.
    const width = await guide.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(width).toBeLessThanOrEqual(1);
    await screenshot(page, 'import-05-open-api-phone', { fullPage: false });

    await guide.getByRole('button', { name: 'Open the project' }).click();
    await page.waitForURL((url) => url.pathname === `/${created?.item_id}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
