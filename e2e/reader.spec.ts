import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createUser, connectBrowser, newPage, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { seedProject, treeItem, type SeededProject } from './reader-fixtures.js';

const pageTitle = (page: Page) => page.locator('h1.reader-page-title');
const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

describe('a person reading a project', () => {
  let browser: Browser;
  let project: SeededProject;

  beforeAll(async () => {
    browser = await connectBrowser();
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    project = await seedProject(page, `Payments ${Date.now().toString(36)}`);
    await context.close();
  });
  afterAll(() => browser?.close());

  it('reads a public project signed out: tree, rendered page, table of contents', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`/${project.itemId}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Getting started');
    expect(await page.title()).toContain('Getting started');

    const body = page.locator('.reader-page-body');
    // GitHub-flavoured markdown: a table, highlighted code, a task list, math and a diagram.
    expect(await body.locator('table th').allTextContents()).toEqual(['field', 'type', 'meaning']);
    await expect.poll(() => body.locator('pre code .hljs-keyword').count()).toBeGreaterThan(0);
    expect(await body.locator('input[type="checkbox"]').count()).toBe(2);
    // Character references, decoded by the browser's parser in the build (dom-entities.ts): strictly.
    expect(await body.getByText(/^Terms/).textContent()).toBe('Terms © AT&T, ∉ but &notit; as typed.');
    await expect.poll(() => body.locator('.katex').count()).toBeGreaterThan(0);
    await expect.poll(() => body.locator('.md-mermaid svg').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // A guest sees no editing tools.
    expect(await page.getByRole('link', { name: 'Edit page' }).count()).toBe(0);
    expect(await page.getByRole('toolbar', { name: 'Page tools' }).count()).toBe(0);

    // The table of contents jumps to a heading.
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await toc.getByRole('link', { name: 'Fees' }).click();
    await expect.poll(() => body.getByRole('heading', { name: 'Fees' }).evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
    expect(await toc.getByRole('link', { name: 'Fees' }).getAttribute('aria-current')).toBe('location');
    await screenshot(page, 'reader-01-public-page', { fullPage: false });

    // The tree: open a catalog, then a page inside it; the address follows.
    await treeItem(page, 'Guides').click();
    await treeItem(page, 'Refunds').click();
    await atPath(page, `/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Refunds');

    // A deep link opens the catalogs around the page.
    await page.goto(`/${project.itemId}/${project.pages.deepPage}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Order webhooks');
    expect(await treeItem(page, 'Reference').getAttribute('aria-expanded')).toBe('true');
    expect(await treeItem(page, 'Order webhooks').getAttribute('aria-selected')).toBe('true');

    // Back goes to the page before.
    await page.goBack();
    await expect.poll(() => pageTitle(page).textContent()).toBe('Refunds');

    // A link to a heading opens the page at that heading, though the text arrives after the page.
    await page.goto(`/${project.itemId}/${project.pages.start}#fees`);
    const fees = body.getByRole('heading', { name: 'Fees' });
    await expect.poll(() => fees.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
    expect(await fees.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows a shared page's title and text from its HTML, before the app's code has run, then the app takes over", async () => {
    const address = `/${project.itemId}/${project.pages.refunds}`;
    // No JavaScript at all: what the server drew is what a person sees first.
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const bare = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, viewport, locale: 'en-US' });
      const page = await bare.newPage();
      await page.goto(address);
      expect(await page.title()).toBe('Refunds · Folio');
      expect(await page.locator('#first-paint .first-paint-title').textContent()).toBe('Refunds');
      expect(await page.getByText('Money goes back within 5 days.').isVisible()).toBe(true);
      expect(await page.locator('#first-paint .first-paint-project').textContent()).toBe(project.name);
      await screenshot(page, `reader-00-first-paint-${viewport.width}`, { fullPage: false });
      // The project's own address: the page it opens on.
      await page.goto(`/${project.itemId}`);
      expect(await page.locator('#first-paint .first-paint-title').textContent()).toBe('Getting started');
      // One page alone, with the app's name over it.
      await page.goto(`/page/${project.pages.refunds}`);
      expect(await page.locator('#first-paint .first-paint-title').textContent()).toBe('Refunds');
      expect(await page.locator('#first-paint .first-paint-project').textContent()).toBe('Folio');
      await bare.close();
    }

    // With its code the app replaces it with the reader, the same text in the same place.
    const { page, context } = await newPage(browser);
    await page.goto(address);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Refunds');
    await expect.poll(() => page.locator('#first-paint').count()).toBe(0);
    expect(await treeItem(page, 'Refunds').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.reader-page-body').textContent()).toContain('Money goes back within 5 days.');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('searches the tree by English and Chinese words, also two-character ones', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`/${project.itemId}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Getting started');
    const search = page.getByRole('searchbox', { name: 'Search this project' }).or(page.getByRole('textbox', { name: 'Search this project' }));
    const results = page.getByRole('tree', { name: 'Matching pages' });

    // The "/" shortcut focuses the search box.
    await page.keyboard.press('/');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);

    await search.fill('webhook');
    await expect.poll(() => results.getByRole('treeitem').allTextContents()).toEqual(expect.arrayContaining(['Getting started', 'Order webhooks']));
    await search.fill('订单接口');
    await expect.poll(() => results.getByRole('treeitem').allTextContents()).toEqual(['订单管理']);
    // Two characters are below the trigram index: the fallback still finds them.
    await search.fill('签名');
    await expect.poll(() => results.getByRole('treeitem').allTextContents()).toEqual(['订单管理']);
    await screenshot(page, 'reader-02-tree-search', { fullPage: false });
    await results.getByRole('treeitem', { name: '订单管理' }).click();
    await atPath(page, `/${project.itemId}/${project.pages.orders}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('订单管理');

    await search.fill('nothing-like-this');
    await expect.poll(() => page.getByText('No page mentions “nothing-like-this”.').isVisible()).toBe(true);
    // Esc clears the search and the whole tree is back.
    await search.press('Escape');
    await expect.poll(() => treeItem(page, 'Guides').isVisible()).toBe(true);
    await context.close();
  });

  it('on a phone the catalog is a drawer that closes when a page opens', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await page.goto(`/${project.itemId}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Getting started');
    // No sidebar and no table of contents on a narrow screen.
    expect(await page.locator('.reader-sidebar').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'On this page' }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'reader-03-phone-page', { fullPage: false });

    await page.getByRole('button', { name: 'Open the catalog' }).click();
    const drawer = page.locator('.reader-drawer');
    await expect.poll(() => treeItem(page, 'Guides').isVisible()).toBe(true);
    const width = await drawer.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(375 * 0.75);
    expect(width).toBeLessThan(375 * 0.85);
    await drawer.locator('.ant-drawer-close').waitFor();
    await screenshot(page, 'reader-04-phone-drawer', { fullPage: false });
    await treeItem(page, 'Guides').click();
    await treeItem(page, 'Refunds').click();
    await atPath(page, `/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Refunds');
    await expect.poll(() => treeItem(page, 'Guides').isVisible()).toBe(false);
    await context.close();
  });

  it('an owner sees the editing tools and the project menu', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const own = await seedProject(page, `Own ${Date.now().toString(36)}`);
    await page.goto(`/${own.itemId}/${own.pages.refunds}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Refunds');
    expect(await page.getByRole('link', { name: 'Edit page' }).getAttribute('href')).toBe(`/page/edit/${own.itemId}/${own.pages.refunds}`);
    expect(await page.getByRole('toolbar', { name: 'Page tools' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Manage project' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Open API key' }).isVisible()).toBe(true);
    await screenshot(page, 'reader-05-owner-menu', { fullPage: false });
    await page.keyboard.press('Escape');
    await context.close();
  });
});
