import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipLdapTests, startLdapServer, type LdapServer } from '../server/test/ldap-server.js';
import { callApi, captchaAnswer, connectBrowser, newAdministrator, newPage, pageErrors, screenshot, shownCaptchaId, signedInPage } from './fixtures.js';

/**
 * Issue 20: an administrator connects Folio to a directory (a slapd started here) and a directory user
 * signs in through the login form. The journeys share one server, so LDAP is switched off again at the end.
 */

const skip = skipLdapTests();

const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

describe.skipIf(skip)('signing in through LDAP', () => {
  let browser: Browser;
  let ldap: LdapServer;
  let admin: { username: string; password: string };
  let adminPage: Page | null = null;

  beforeAll(async () => {
    ldap = await startLdapServer();
    browser = await connectBrowser();
    admin = await newAdministrator();
  });
  afterAll(async () => {
    if (adminPage) await callApi(adminPage, 'adminSetting/saveLdapConfig', { ldap_open: 0 }).catch(() => undefined);
    await browser?.close();
    await ldap?.stop();
  });

  it('the administrator sets up and tests the directory, and a directory user logs in with the form', async () => {
    const opened = await signedInPage(browser, admin);
    adminPage = opened.page;
    const form = ldap.form({ security: 'starttls', ca_pem: ldap.caPem });
    await callApi(adminPage, 'adminSetting/saveLdapConfig', { ldap_open: 1, ldap_form: JSON.stringify(form) });

    // The console shows the saved form and the test finds a directory user.
    await adminPage.goto('/admin/index?tab=externalLogin');
    await adminPage.getByRole('heading', { level: 2, name: 'LDAP' }).waitFor();
    expect(await adminPage.getByLabel('Server').inputValue()).toBe('127.0.0.1');
    expect(await adminPage.getByLabel('Bind password').inputValue()).toBe('');
    await adminPage.getByLabel('Username to look up').fill('zhangsan');
    await adminPage.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => adminPage!.getByText('Connection works').isVisible()).toBe(true);
    await expect.poll(() => adminPage!.getByText('zhangsan · 张三 · zhangsan@example.com').isVisible()).toBe(true);
    expect(pageErrors(adminPage)).toEqual([]);
    await opened.context.close();

    const { page, context } = await newPage(browser);
    await page.goto('/user/login');
    await page.getByLabel('Username or e-mail').fill('john.smith');
    await page.getByLabel('Password', { exact: true }).fill('john-secret');
    await page.getByPlaceholder('Type the characters in the picture').fill(captchaAnswer(await shownCaptchaId(page)));
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await atPath(page, '/item/index');
    await expect.poll(() => page.getByRole('button', { name: /Account menu for John Smith/ }).isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the LDAP section on a desktop and a phone, in English and Chinese', async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const { page, context } = await signedInPage(browser, admin, { locale, viewport });
        await page.goto('/admin/index?tab=externalLogin');
        await page.locator('#admin-sso-ldap-title').waitFor();
        await page.getByRole('button', { name: locale === 'en-US' ? 'Test connection' : '测试连接' }).click();
        await page.getByText(locale === 'en-US' ? 'Connection works' : '连接正常').waitFor();
        // Nothing of this section sticks out past the window (the other sections are not this journey's).
        const sticksOut = await page.evaluate(() => {
          const section = document.getElementById('admin-sso-ldap-title')?.closest('section');
          return [...(section?.querySelectorAll('*') ?? [])].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5).map((el) => el.className);
        });
        expect(sticksOut, `${locale} at ${viewport.width} px`).toEqual([]);
        await screenshot(page, `ldap-admin-${locale}-${viewport.width}`);
        await context.close();
      }
    }
  });
});
