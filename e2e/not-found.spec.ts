import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { connectBrowser, createUser, newPage, pageErrors, screenshot, signedInPage } from './fixtures.js';

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

const pageTitle = (page: Page) => page.locator('h1.reader-page-title');
const body = (page: Page) => page.locator('.reader-page-body');

describe('links of an imported markdown zip, and addresses nothing answers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('follows a link between imported pages inside the app, and a dead one ends on the app’s not-found screen', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const zip = await zipOf({
      'guide/intro.md': '# Intro\n\nFirst [install it](../guide/install.md#setup), then read [安装说明](安装/步骤). Old notes: [archive](../old/notes.md).\n',
      'guide/install.md': '# Install\n\n## Setup\n\nRun the installer.\n',
      'guide/安装/步骤.md': '# 步骤\n\n运行安装程序。\n',
    });
    const res = await page.request.post('/api/import/auto', { multipart: { file: { name: 'handbook.zip', mimeType: 'application/zip', buffer: zip } } });
    const answer = (await res.json()) as { error_code: number; data: { item_id: number } };
    expect(answer.error_code).toBe(0);
    const itemId = answer.data.item_id;

    await page.goto(`/${itemId}`);
    // The project opens on its first page (install), so its catalog may be open already.
    await expect.poll(() => pageTitle(page).textContent()).toBe('install');
    const intro = page.getByRole('treeitem', { name: 'intro', exact: true });
    if (!(await intro.isVisible())) await page.getByRole('treeitem', { name: 'guide', exact: true }).click();
    await intro.click();
    await expect.poll(() => pageTitle(page).textContent()).toBe('intro');
    await screenshot(page, 'not-found-01-imported-links', { fullPage: false });

    await body(page).getByRole('link', { name: 'install it' }).click();
    await expect.poll(() => pageTitle(page).textContent()).toBe('install');
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/${itemId}/\\d+$`));
    await page.goBack();
    await body(page).getByRole('link', { name: '安装说明' }).click();
    await expect.poll(() => pageTitle(page).textContent()).toBe('步骤');
    await page.goBack();

    // The file was not in the zip: the link stays as written, and leads to the app's own screen.
    await body(page).getByRole('link', { name: 'archive' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'We could not find this page' }).isVisible()).toBe(true);
    await screenshot(page, 'not-found-02-dead-link-en', { fullPage: false });
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the not-found screen in Chinese for a typed address, whatever its shape', async () => {
    const { page, context } = await newPage(browser, { locale: 'zh-CN' });
    for (const address of ['/no/such/thing/here', '/guide/install.md']) {
      const response = await page.goto(address);
      expect(response?.headers()['content-type'], address).toContain('text/html');
      await expect.poll(() => page.getByRole('heading', { name: '找不到这个页面' }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: '返回首页' }).isVisible()).toBe(true);
    }
    await screenshot(page, 'not-found-03-typed-address-zh', { fullPage: false });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
