import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, createUser, pageErrors, screenshot, signedInPage } from './fixtures.js';

const PHONE = { width: 390, height: 844 };

describe('a project with a personal domain, on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('opens at /{domain} after creation, and its header has one "more" menu with the project’s entries', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner, { viewport: PHONE });
    await page.goto('/item/index');
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    const name = `Pocket docs ${Date.now().toString(36).slice(-5)}`;
    await dialog.getByLabel('Project name').fill(name);
    const domain = `pocket${Date.now().toString(36)}`;
    await dialog.getByLabel('Personal domain').fill(domain);
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL((url) => url.pathname === `/${domain}`);

    const header = page.locator('header.reader-header');
    await expect.poll(() => header.locator('.reader-header-title').textContent()).toBe(name);
    expect(await header.getByRole('button', { name: 'Manage project' }).count()).toBe(0);
    expect(await header.getByRole('button', { name: 'Menu' }).count()).toBe(1);
    await header.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('menu').last();
    await expect.poll(() => menu.getByRole('menuitem', { name: /Project settings/ }).isVisible()).toBe(true);
    expect(await menu.getByRole('menuitem', { name: /User center/ }).isVisible()).toBe(true);
    await screenshot(page, 'phone-header-01-one-menu-en', { fullPage: false });
    await menu.getByRole('menuitem', { name: /中文/ }).click();
    await header.getByRole('button', { name: '菜单' }).click();
    await expect.poll(() => page.getByRole('menu').last().getByRole('menuitem', { name: /用户中心/ }).isVisible()).toBe(true);
    await screenshot(page, 'phone-header-02-one-menu-zh', { fullPage: false });
    // The reader starts with its first screen's texts (issue 21); a dialog beyond it speaks Chinese too.
    await page.getByRole('menu').last().getByRole('menuitem', { name: /用户中心/ }).click();
    const userCenter = page.getByRole('dialog', { name: '用户中心' });
    await expect.poll(() => userCenter.getByText('账号', { exact: true }).first().isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
