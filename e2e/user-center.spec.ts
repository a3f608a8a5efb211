import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, connectBrowser, createUser, screenshot, signedInPage } from './fixtures.js';

describe('the user center', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the e-mail used to sign in and changes it with the current password, in English and Chinese', async () => {
    const person = await createUser();
    const address = `${person.username}@example.org`;
    const { page, context } = await signedInPage(browser, person);
    await page.goto('/user/setting');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'E-mail for signing in' }) });
    await section.getByLabel('E-mail').fill(address.toUpperCase());
    await section.getByLabel('Current password').fill('not my password');
    await section.getByRole('button', { name: 'Save e-mail' }).click();
    await section.getByText('The password is wrong').waitFor();
    await section.getByLabel('Current password').fill(person.password);
    await section.getByRole('button', { name: 'Save e-mail' }).click();
    await page.getByText('Your sign-in e-mail has been saved').waitFor();
    await expect.poll(() => section.getByLabel('E-mail').inputValue()).toBe(address);
    expect((await callApi<{ email: string }>(page, 'user/info')).email).toBe(address);
    await screenshot(page, 'user-center-01-email-en', { fullPage: false });
    await context.close();

    const zh = await signedInPage(browser, person, { locale: 'zh-CN' });
    await zh.page.goto('/user/setting');
    const zhSection = zh.page.locator('section', { has: zh.page.getByRole('heading', { name: '登录邮箱' }) });
    await expect.poll(() => zhSection.getByLabel('邮箱').inputValue()).toBe(address);
    await screenshot(zh.page, 'user-center-02-email-zh', { fullPage: false });
    await zh.context.close();
  });
});
