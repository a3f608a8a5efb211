import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestProvider } from '../server/test/oidc-provider.js';
import { baseURL, callApi, connectBrowser, newAdministrator, newPage, pageErrors, screenshot, signedInPage } from './fixtures.js';

/** Issue 20: signing in through an OpenID provider (oidc-provider, started here) from the login page. */

describe('signing in with OpenID Connect', () => {
  let browser: Browser;
  let op: TestProvider;
  let admin: { username: string; password: string };

  beforeAll(async () => {
    browser = await connectBrowser();
    op = await startOidcProvider([`${baseURL()}/api/extLogin/oauth2`]);
    admin = await newAdministrator();
    const { page, context } = await signedInPage(browser, admin);
    await callApi(page, 'adminSetting/saveOauth2Config', {
      oauth2_open: 1,
      oauth2_form: JSON.stringify({
        client_id: op.clientId,
        client_secret: op.clientSecret,
        issuer: op.issuer,
        redirectUri: `${baseURL()}/api/extLogin/oauth2`,
        entrance_tips: 'Use your Example Corp account',
      }),
    });
    await context.close();
  });
  afterAll(async () => {
    // Other journeys see a login page without the entrance again.
    if (browser && admin) {
      const { page, context } = await signedInPage(browser, admin);
      await callApi(page, 'adminSetting/saveOauth2Config', { oauth2_open: 0 });
      await context.close();
    }
    await op?.close();
    await browser?.close();
  });

  it('shows the entrance on the login page; a click goes through the provider and lands signed in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/user/login');
    const button = page.getByRole('link', { name: 'Log in with single sign-on' });
    await button.waitFor();
    await expect.poll(() => page.getByText('Use your Example Corp account').isVisible()).toBe(true);
    await screenshot(page, 'oauth-login-en-desktop');
    await button.click();

    // The provider's own login form, then its consent screen.
    await page.waitForURL((url) => url.origin === op.issuer);
    await page.locator('input[name="login"]').fill('sub-alice-0001');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((url) => url.origin === baseURL() && url.pathname === '/item/index');
    const me = await page.request.post('/api/user/info');
    expect(((await me.json()) as { data: { username: string; is_sso: number } }).data).toMatchObject({ username: 'alice', is_sso: 1 });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it.each(['en-US', 'zh-CN'] as const)('the admin section shows the settings without the secret (%s)', { timeout: 180_000 }, async (locale) => {
    {
      for (const [device, viewport] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        const { page, context } = await signedInPage(browser, admin, { locale, viewport });
        await page.goto('/admin/index?tab=externalLogin');
        await page.locator('#admin-sso-oauth-title').waitFor();
        await page.locator('form[id="admin-oauth2"] input[id="admin-oauth2_issuer"]').waitFor();
        expect(await page.locator('#admin-oauth2_issuer').inputValue()).toBe(op.issuer);
        expect(await page.content()).not.toContain(op.clientSecret);
        await page.locator('#admin-sso-oauth-title').scrollIntoViewIfNeeded();
        await screenshot(page, `oauth-admin-${locale}-${device}`);
        await shootLogin(browser, locale, viewport, device);
        expect(pageErrors(page)).toEqual([]);
        await context.close();
      }
    }
  });
});

async function shootLogin(browser: Browser, locale: 'en-US' | 'zh-CN', viewport: { width: number; height: number }, device: string): Promise<void> {
  const { page, context }: { page: Page; context: { close(): Promise<void> } } = await newPage(browser, { locale, viewport });
  await page.goto('/user/login');
  await page.locator('.auth-oauth').waitFor();
  await screenshot(page, `oauth-login-${locale}-${device}`);
  await context.close();
}
