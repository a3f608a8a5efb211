import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, connectBrowser, createUser, pageErrors, screenshot, signedInPage } from './fixtures.js';

const ARCHIVED_HINT = 'This project is archived: it is read-only.';

/** Issue 23 item 11: an archived project says so, and its owner keeps what still works on it. */
describe('an archived project', () => {
  let browser: Browser;
  let owner: { username: string; password: string };
  let itemId = 0;
  const name = `Old handbook ${Date.now().toString(36).slice(-5)}`;

  beforeAll(async () => {
    browser = await connectBrowser();
    owner = await createUser();
    const colleague = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    itemId = (await callApi<{ item_id: number }>(page, 'item/add', { item_type: 1, item_name: name, item_description: 'Kept for the record' })).item_id;
    await callApi(page, 'page/save', { item_id: itemId, cat_id: 0, page_title: 'History', page_content: '# History\n\nHow it was.' });
    await callApi(page, 'member/save', { item_id: itemId, username: colleague.username, member_group_id: 1 });
    await callApi(page, 'item/archive', { item_id: itemId, password: owner.password });
    await context.close();
  });
  afterAll(() => browser?.close());

  const managerMenu = async (page: Page, button: string) => {
    await page.locator('header.reader-header').getByRole('button', { name: button }).click();
    const menu = page.getByRole('menu').last();
    await expect.poll(() => menu.isVisible()).toBe(true);
    return menu;
  };

  it('shows its badge in the list and the reader; the owner exports, copies, deletes and sees the members read-only', async () => {
    const { page, context } = await signedInPage(browser, owner);
    await page.goto('/item/index');
    const card = page.locator('.item-card', { hasText: name });
    await expect.poll(() => card.locator('.item-card-tag').textContent()).toBe('Archived');
    await card.getByRole('button', { name: `Actions for ${name}` }).click();
    const cardMenu = page.getByRole('menu').last();
    await expect.poll(() => cardMenu.getByRole('menuitem', { name: 'Members' }).isVisible()).toBe(true);
    expect(await cardMenu.getByRole('menuitem', { name: 'Archive' }).count()).toBe(0);
    await screenshot(page, 'archived-01-list-en', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto(`/${itemId}`);
    const header = page.locator('header.reader-header');
    await expect.poll(() => header.locator('.reader-header-archived').textContent()).toBe('Archived');
    // antd's tooltips work without ConfigProvider's UniqueProvider, left out of the build (vite-antd-trims.ts).
    await header.locator('.reader-header-archived').hover();
    await expect.poll(() => page.getByRole('tooltip').filter({ hasText: ARCHIVED_HINT }).isVisible()).toBe(true);
    await page.mouse.move(0, 400);
    const menu = await managerMenu(page, 'Manage project');
    const entries = await menu.getByRole('menuitem').allTextContents();
    expect(entries).toEqual(['Export', 'Members', 'Change log', 'Open API key', 'Copy project', 'Transfer', 'Delete']);
    await screenshot(page, 'archived-02-reader-menu-en', { fullPage: false });
    await menu.getByRole('menuitem', { name: 'Members' }).click();
    const dialog = page.getByRole('dialog', { name: `Members of “${name}”` });
    await expect.poll(() => dialog.locator('.members-list li').count()).toBe(1);
    expect(await dialog.getByRole('combobox').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Add' }).count()).toBe(0);
    await screenshot(page, 'archived-03-members-en', { fullPage: false });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('says the same in Chinese', async () => {
    const { page, context } = await signedInPage(browser, owner, { locale: 'zh-CN' });
    await page.goto('/item/index');
    const card = page.locator('.item-card', { hasText: name });
    await expect.poll(() => card.locator('.item-card-tag').textContent()).toBe('已归档');
    await screenshot(page, 'archived-04-list-zh', { fullPage: false });
    await page.goto(`/${itemId}`);
    await expect.poll(() => page.locator('header.reader-header .reader-header-archived').textContent()).toBe('已归档');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'History' }).first().isVisible()).toBe(true);
    const menu = await managerMenu(page, '项目管理');
    await expect.poll(() => menu.getByRole('menuitem').count()).toBe(7);
    await screenshot(page, 'archived-05-reader-menu-zh', { fullPage: false });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
