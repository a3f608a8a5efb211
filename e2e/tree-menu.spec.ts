import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, connectBrowser, createUser, pageErrors, screenshot, signedInPage } from './fixtures.js';

/** Issue 23 item 14: the editors' right-click menu of the catalog tree. */
describe("the catalog tree's right-click menu", () => {
  let browser: Browser;
  let owner: { username: string; password: string };
  let itemId = 0;

  beforeAll(async () => {
    browser = await connectBrowser();
    owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    itemId = (await callApi<{ item_id: number }>(page, 'item/add', { item_type: 1, item_name: `Tree menu ${Date.now().toString(36).slice(-5)}`, item_description: '' })).item_id;
    const catId = await callApi<number>(page, 'catalog/save', { item_id: itemId, cat_name: 'Guides', parent_cat_id: 0 });
    await callApi(page, 'page/save', { item_id: itemId, cat_id: 0, page_title: 'README', page_content: '# README' });
    await callApi(page, 'page/save', { item_id: itemId, cat_id: catId, page_title: 'Install', page_content: '# Install' });
    await context.close();
  });
  afterAll(() => browser?.close());

  const row = (page: Page, title: string) => page.locator('.reader-sidebar [role="treeitem"]', { hasText: title });
  const openMenu = async (page: Page, title: string) => {
    await row(page, title).click({ button: 'right' });
    const menu = page.getByRole('menu').last();
    await expect.poll(() => menu.isVisible()).toBe(true);
    return menu;
  };

  it('adds a sub-catalog and renames a page from the tree, and opens from the keyboard', async () => {
    const { page, context } = await signedInPage(browser, owner);
    await page.goto(`/${itemId}`);
    await expect.poll(() => row(page, 'README').isVisible()).toBe(true);

    let menu = await openMenu(page, 'Guides');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['New page here', 'New sub-catalog', 'Rename', 'Delete']);
    await screenshot(page, 'tree-menu-01-catalog-en', { fullPage: false });
    await menu.getByRole('menuitem', { name: 'New sub-catalog' }).click();
    const form = page.getByRole('dialog', { name: 'New catalog in “Guides”' });
    await form.getByLabel('Catalog name').fill('Servers');
    await form.getByRole('button', { name: 'Create' }).click();
    // antd's messages load apart from the first screen (issue 21): the confirmation still shows.
    await expect.poll(() => page.locator('.ant-message').getByText('Catalog created').isVisible()).toBe(true);
    await row(page, 'Guides').click();
    await expect.poll(() => row(page, 'Servers').isVisible()).toBe(true);

    menu = await openMenu(page, 'README');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['New page', 'New catalog', 'Rename', 'Delete', 'Copy link']);
    await menu.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename “README”' });
    await rename.getByLabel('Page title').fill('Read me first');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row(page, 'Read me first').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.ant-message').getByText('Page renamed').isVisible()).toBe(true);

    // Keyboard: the tree has focus on a row; Shift+F10 opens the same menu.
    await page.locator('.reader-sidebar [role="tree"]').focus();
    await page.keyboard.press('Shift+F10');
    await expect.poll(() => page.getByRole('menu').last().getByRole('menuitem', { name: 'Rename' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('speaks Chinese in the Chinese interface', async () => {
    const { page, context } = await signedInPage(browser, owner, { locale: 'zh-CN' });
    await page.goto(`/${itemId}`);
    await expect.poll(() => row(page, 'Guides').isVisible()).toBe(true);
    const menu = await openMenu(page, 'Guides');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['在此新建页面', '新建子目录', '重命名', '删除']);
    await screenshot(page, 'tree-menu-02-catalog-zh', { fullPage: false });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
