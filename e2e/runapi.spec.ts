import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import fixturePages from '../common/runapi/fixtures/team-site-runapi-pages.json' with { type: 'json' };
import { createUser, connectBrowser, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { treeItem } from './reader-fixtures.js';

/**
 * Issue 18 part 5: a ShowDoc export of a RunApi project (info.json item_type 3, the fixture's two
 * pages as ShowDoc stored them) is imported, opens as a RunApi project, and reads as API pages.
 */

const [goods, order] = fixturePages;

function showDocExportZip(): Promise<Buffer> {
  const info = {
    item_type: '3',
    item_name: '开放平台接口 RunApi Project',
    item_description: '',
    password: '',
    pages: {
      pages: [{ page_id: '1', page_title: goods?.page_title, cat_id: '0', page_content: goods?.page_content, s_number: '1', page_comments: '' }],
      catalogs: [{ cat_id: '2', cat_name: '订单 Orders', parent_cat_id: '0', level: '2', s_number: '2', pages: [{ page_id: '3', page_title: order?.page_title, cat_id: '2', page_content: order?.page_content, s_number: '1', page_comments: '' }], catalogs: [] }],
    },
  };
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(info), 'utf8'), 'info.json');
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Screens for a person to look at: under RUNAPI_SHOTS when set, else the suite's screenshot switch. */
async function shot(page: Page, name: string) {
  const dir = process.env.RUNAPI_SHOTS;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  } else {
    await screenshot(page, `runapi-${name}`);
  }
}

const head = (page: Page) => page.getByRole('region', { name: /^(Request|请求)$/ });

describe('a RunApi project on the web', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('imports from a ShowDoc export and reads as API pages, read-only, on desktop and phone, in English and Chinese', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'runapi-')), 'showdoc.zip');
    fs.writeFileSync(file, await showDocExportZip());

    await page.goto('/item/index');
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('radio', { name: /Import a file/ }).check();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL((url) => /^\/\d+$/.test(url.pathname), { timeout: 30_000 });
    const itemId = new URL(page.url()).pathname.slice(1);

    // The project opens on its first page: an API page, not JSON.
    await expect.poll(() => page.locator('h1.reader-page-title').textContent(), { timeout: 20_000 }).toBe('获取商品列表');
    await expect.poll(() => head(page).locator('.runapi-method').textContent()).toBe('GET');
    await expect.poll(() => head(page).textContent()).toContain('https://api.example.com/v1/goods');
    await expect.poll(() => head(page).textContent()).toContain('Status: Done');
    const body = page.locator('.reader-page-body');
    await expect.poll(() => body.getByRole('heading', { name: 'Query parameters' }).isVisible()).toBe(true);
    const row = body.locator('tr', { has: page.getByRole('cell', { name: 'keyword', exact: true }) });
    await expect.poll(() => row.locator('td').allTextContents()).toEqual(['keyword', '手机', 'Yes', 'string', '关键词']);
    expect(await body.textContent()).not.toContain('"pathVariable"');
    // Read-only on the web: no edit link and no editors' bar, even for the owner.
    expect(await page.getByRole('link', { name: 'Edit page' }).count()).toBe(0);
    expect(await page.getByRole('toolbar', { name: 'Page tools' }).count()).toBe(0);
    // The table of contents lists the sections.
    await expect.poll(() => page.locator('.reader-toc-column').textContent()).toContain('Success response example');
    await shot(page, 'desktop-en-get');

    // The POST page in its catalog: the JSON body highlighted, its fields described.
    if (!(await treeItem(page, '创建订单').isVisible())) await treeItem(page, '订单 Orders').click();
    await treeItem(page, '创建订单').click();
    await expect.poll(() => head(page).locator('.runapi-method').textContent()).toBe('POST');
    await expect.poll(() => body.locator('pre code.hljs').count()).toBeGreaterThan(0);
    await expect.poll(() => body.getByRole('cell', { name: '商品ID' }).isVisible()).toBe(true);
    await shot(page, 'desktop-en-post');
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    // Chinese on a desktop, then a phone in both languages.
    const views = [
      { locale: 'zh-CN', viewport: { width: 1280, height: 800 }, name: 'desktop-zh', status: '接口状态：已完成', query: '请求Query参数' },
      { locale: 'zh-CN', viewport: { width: 390, height: 844 }, name: 'phone-zh', status: '接口状态：已完成', query: '请求Query参数' },
      { locale: 'en-US', viewport: { width: 390, height: 844 }, name: 'phone-en', status: 'Status: Done', query: 'Query parameters' },
    ] as const;
    for (const view of views) {
      const other = await signedInPage(browser, owner, { locale: view.locale, viewport: view.viewport });
      await other.page.goto(`/${itemId}`);
      await expect.poll(() => other.page.locator('h1.reader-page-title').textContent(), { timeout: 20_000 }).toBe('获取商品列表');
      await expect.poll(() => head(other.page).textContent()).toContain(view.status);
      await expect.poll(() => other.page.locator('.reader-page-body').getByRole('heading', { name: view.query }).isVisible()).toBe(true);
      // Nothing is wider than the screen: long URLs wrap, tables scroll on their own.
      expect(await other.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot(other.page, `${view.name}-get`);
      expect(pageErrors(other.page)).toEqual([]);
      await other.context.close();
    }
  });
});
