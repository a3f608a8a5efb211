import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswer, createUser, connectBrowser, newPage, screenshot, setSiteOption, setSiteOptions, shownCaptchaId } from './fixtures.js';

describe('the landing page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());
  afterEach(async () => {
    await setSiteOptions({ home_page: null, beian: null });
  });

  it('invites a guest to sign up and shows the filing number when the site has one', async () => {
    await setSiteOption('beian', '京ICP备12345678号');
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Documentation');
    expect(await page.getByRole('link', { name: 'Get started free' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('京ICP备12345678号').isVisible()).toBe(true);
    await screenshot(page, 'landing-01-guest');
    await context.close();
  });

  it('offers a signed-in person their projects instead', async () => {
    const user = await createUser();
    const { page, context } = await newPage(browser);
    await page.goto('/user/login');
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByPlaceholder('Type the characters in the picture').fill(captchaAnswer(await shownCaptchaId(page)));
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL((url) => url.pathname === '/item/index');
    await page.goto('/');
    await page.getByRole('link', { name: 'Go to my projects' }).first().click();
    await page.waitForURL((url) => url.pathname === '/item/index');
    await context.close();
  });

  it('sends visitors straight to login when the site is set to', async () => {
    await setSiteOption('home_page', '2');
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/user/login');
    await context.close();
  });
});
