import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, connectBrowser, newPage, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { seedProject, treeItem } from './reader-fixtures.js';

const pageTitle = (page: Page) => page.locator('h1.reader-page-title');
const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

async function pageTool(page: Page, entry: string) {
  await page.getByRole('toolbar', { name: 'Page tools' }).getByRole('button', { name: 'More page tools' }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

describe('an editor organising a project', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('deletes a page and restores it from the recycle bin', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Bin'));
    await page.goto(`/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Refunds');

    await pageTool(page, 'Delete page');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await atPath(page, `/${project.itemId}`);
    // Guides stays open, and empty.
    await expect.poll(() => treeItem(page, 'Guides').getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => treeItem(page, 'Refunds').count()).toBe(0);

    await page.getByRole('button', { name: 'Manage project' }).click();
    await page.getByRole('menuitem', { name: 'Recycle bin' }).click();
    const bin = page.getByRole('dialog', { name: 'Recycle bin' });
    await expect.poll(() => bin.getByText('Refunds').isVisible()).toBe(true);
    await screenshot(page, 'organising-01-recycle-bin', { fullPage: false });
    await bin.getByRole('button', { name: /Restore/ }).click();
    await expect.poll(() => bin.getByText('Refunds').count()).toBe(0);
    await page.keyboard.press('Escape');

    // Back in its catalog, without a reload.
    await expect.poll(() => treeItem(page, 'Refunds').isVisible()).toBe(true);
    await treeItem(page, 'Refunds').click();
    await expect.poll(() => pageTitle(page).textContent()).toBe('Refunds');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('compares an earlier version with the current one, side by side in a new window', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('History'));
    await callApi(page, 'page/save', {
      item_id: project.itemId,
      page_id: project.pages.refunds,
      cat_id: project.cats.guides,
      page_title: 'Refunds',
      page_content: '# Refunds\n\nMoney goes back within 3 days.\n\nAsk support for a refund.\n',
    });
    await page.goto(`/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => page.getByText('Money goes back within 3 days.').isVisible()).toBe(true);

    await pageTool(page, 'Page history');
    const history = page.getByRole('dialog', { name: 'History of “Refunds”' });
    await expect.poll(() => history.getByRole('button', { name: /Compare with current/ }).count()).toBe(1);
    await screenshot(page, 'organising-02-history', { fullPage: false });
    const [diff] = await Promise.all([context.waitForEvent('page'), history.getByRole('button', { name: /Compare with current/ }).click()]);
    await diff.waitForLoadState();
    expect(new URL(diff.url()).pathname).toMatch(new RegExp(`^/page/diff/${project.pages.refunds}/\\d+$`));
    await expect.poll(() => diff.getByText(/Lines added: \d/).isVisible()).toBe(true);
    await screenshot(diff, 'organising-03-diff', { fullPage: false });
    // The version on the left, the page now on the right, the changed words marked.
    const table = diff.getByRole('table', { name: 'Differences between the version and the page now' });
    expect(await table.textContent()).toContain('Money goes back within 5 days.');
    expect(await table.textContent()).toContain('Ask support for a refund.');
    await context.close();
  });

  it('shares one page of a private project through a link that opens signed out', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Secret'));
    await callApi(page, 'item/update', { item_id: project.itemId, item_name: project.name, password: 'visit-pass-1' });
    await page.goto(`/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Refunds');

    await page.getByRole('button', { name: 'Share page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share “Refunds”' });
    // The switch turns on once the server has made the link.
    await dialog.getByRole('checkbox').click();
    await expect.poll(() => dialog.getByRole('checkbox').isChecked()).toBe(true);
    const link = dialog.getByRole('link', { name: /\/p\// }).or(dialog.getByRole('textbox', { name: 'Single-page link' }));
    await expect.poll(() => link.count()).toBeGreaterThan(0);
    const href = (await link.first().getAttribute('href')) ?? (await link.first().inputValue());
    expect(href).toMatch(/\/p\/[\w-]+$/);
    await screenshot(page, 'organising-04-page-share', { fullPage: false });

    const visitor = await newPage(browser);
    await visitor.page.goto(new URL(href).pathname);
    await expect.poll(() => visitor.page.getByRole('heading', { name: 'Refunds' }).first().isVisible()).toBe(true);
    await expect.poll(() => visitor.page.getByText('Money goes back within 5 days.').isVisible()).toBe(true);
    // The project itself stays behind its password.
    await visitor.page.goto(`/${project.itemId}`);
    await visitor.page.waitForURL((url) => url.pathname === `/item/password/${project.itemId}`);

    // Withdrawing asks first; then the link no longer opens the page.
    await dialog.getByRole('checkbox').click();
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => dialog.getByRole('checkbox').isChecked()).toBe(false);
    await visitor.page.goto(new URL(href).pathname);
    await expect.poll(() => visitor.page.getByText('Money goes back within 5 days.').count()).toBe(0);
    await visitor.context.close();
    await context.close();
  });

  it('makes a three-level catalog, drags a page into another catalog and finds the order kept after a reload', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Catalogs'));
    await page.goto(`/${project.itemId}/${project.pages.start}`);
    await expect.poll(() => pageTitle(page).textContent()).toBe('Getting started');

    // A third level under Reference / Orders API.
    await page.getByRole('toolbar', { name: 'Page tools' }).getByRole('button', { name: 'New catalog' }).click();
    const create = page.getByRole('dialog', { name: 'New catalog' });
    await create.getByLabel('Catalog name').fill('Callbacks');
    await create.getByLabel('Parent catalog').click();
    await page.keyboard.type('Orders API');
    await page.locator('.ant-select-item-option', { hasText: 'Reference / Orders API' }).click();
    await screenshot(page, 'organising-05-new-catalog', { fullPage: false });
    await create.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => create.isVisible()).toBe(false);
    await treeItem(page, 'Reference').click();
    await treeItem(page, 'Orders API').click();
    await expect.poll(() => treeItem(page, 'Callbacks').isVisible()).toBe(true);

    // Drag "Refunds" from Guides to just below "Order webhooks", into the Orders API catalog.
    await pageTool(page, 'Manage catalogs');
    const manager = page.getByRole('dialog', { name: 'Manage catalogs' });
    const node = (title: string) => manager.locator('.ant-tree-treenode', { has: page.locator('.catalog-node-name', { hasText: new RegExp(`^${title}$`) }) });
    await expect.poll(() => node('Callbacks').isVisible()).toBe(true);
    const target = node('Order webhooks').locator('.ant-tree-node-content-wrapper');
    const box = await target.boundingBox();
    if (!box) throw new Error('the target page is not on screen');
    await node('Refunds').locator('.ant-tree-node-content-wrapper').dragTo(target, { targetPosition: { x: 20, y: box.height * 0.8 } });
    await expect.poll(() => page.getByText('New order saved').isVisible()).toBe(true);
    await screenshot(page, 'organising-06-catalog-manager', { fullPage: false });

    // Reference moves above Guides.
    await node('Reference').getByRole('button', { name: 'Actions for Reference' }).click();
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    await expect.poll(async () => (await manager.locator('.catalog-node-name').allTextContents()).indexOf('Reference')).toBeLessThan(
      (await manager.locator('.catalog-node-name').allTextContents()).indexOf('Guides'),
    );
    await page.keyboard.press('Escape');

    // The reader's tree follows at once; the same order comes back after a reload.
    const titles = () => page.getByRole('tree', { name: 'Catalog', exact: true }).getByRole('treeitem').allTextContents();
    const settled = (list: string[]) => list.includes('Refunds') && list.indexOf('Reference') < list.indexOf('Guides');
    await expect.poll(async () => settled(await titles())).toBe(true);
    const before = await titles();
    expect(before.slice(0, 3)).toEqual(['Getting started', 'Reference', 'Orders API']);
    expect(before.slice(-2)).toEqual(['Callbacks', 'Guides']);
    await page.reload();
    await expect.poll(() => pageTitle(page).textContent()).toBe('Getting started');
    await expect.poll(titles).toEqual(['Getting started', 'Reference', 'Guides']);
    await treeItem(page, 'Reference').click();
    await treeItem(page, 'Orders API').click();
    await expect.poll(titles).toEqual(before);
    expect(await treeItem(page, 'Refunds').getAttribute('aria-level')).toBe('3');
    await treeItem(page, 'Guides').click();
    await expect.poll(() => treeItem(page, 'Guides').getAttribute('aria-expanded')).toBe('true');
    expect(await treeItem(page, 'Refunds').count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
