import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, captchaAnswer, createUser, connectBrowser, newPage, pageErrors, screenshot, shownCaptchaId } from './fixtures.js';

/** Waits for a path, not a glob: a glob also matches `?redirect=/that/path`. */
const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

async function fillLogin(page: Page, username: string, password: string, captcha: string) {
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByPlaceholder('Type the characters in the picture').fill(captcha);
  await page.getByRole('button', { name: 'Log in' }).last().click();
}

describe('a person with an account', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('registers, logs out, mistypes the captcha, and logs in to the project list', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started free' }).first().click();
    await atPath(page, '/user/register');

    const username = `reader_${Date.now().toString(36)}`;
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill('a good password');
    await page.getByLabel('Repeat password').fill('a good password');
    await page.getByPlaceholder('Type the characters in the picture').fill(captchaAnswer(await shownCaptchaId(page)));
    await page.getByRole('button', { name: 'Create account' }).click();
    await atPath(page, '/item/index');
    // A new account starts with the sample projects (site setting create_sample, on by default).
    await expect.poll(() => page.getByText('Sample: API documentation').isVisible()).toBe(true);
    await screenshot(page, 'accounts-01-project-list');

    // Log out through the account menu.
    await page.getByRole('button', { name: new RegExp(`Account menu for ${username}`) }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await atPath(page, '/user/login');

    // A wrong captcha: one message, and a new captcha picture.
    const firstCaptcha = await shownCaptchaId(page);
    await fillLogin(page, username, 'a good password', 'ZZZZ');
    await expect.poll(() => page.getByText('The captcha is wrong or has expired').count()).toBe(1);
    await expect.poll(() => shownCaptchaId(page)).not.toBe(firstCaptcha);
    await screenshot(page, 'accounts-02-wrong-captcha');

    // The right captcha this time.
    await fillLogin(page, username, 'a good password', captchaAnswer(await shownCaptchaId(page)));
    await atPath(page, '/item/index');
    expect(pageErrors(page)).toEqual([]);

    // The login cookie is HttpOnly: the page's scripts cannot read it.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'folio_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('folio_token');
    await context.close();
  });

  it('is told when the password is wrong, and stays on the login screen', async () => {
    const user = await createUser();
    const { page, context } = await newPage(browser);
    await page.goto('/user/login');
    await fillLogin(page, user.username, 'not the password', captchaAnswer(await shownCaptchaId(page)));
    await expect.poll(() => page.getByText('Wrong username or password').count()).toBe(1);
    expect(page.url()).toContain('/user/login');
    await context.close();
  });

  it('follows a safe redirect after login and refuses an illegal one', async () => {
    const user = await createUser();
    const { page, context } = await newPage(browser);

    await page.goto('/user/login?redirect=//evil.example/steal');
    await expect.poll(() => page.getByText('Illegal redirect').isVisible()).toBe(true);
    await fillLogin(page, user.username, user.password, captchaAnswer(await shownCaptchaId(page)));
    await atPath(page, '/item/index');
    expect(new URL(page.url()).origin).toBe(baseURL());

    // Logged in already: the login screen goes straight on to a safe redirect.
    await page.goto('/user/login?redirect=/user/setting');
    await atPath(page, '/user/setting');
    await context.close();
  });

  it('changes their display name and password in the user center', async () => {
    const user = await createUser();
    const { page, context } = await newPage(browser);
    await page.goto('/user/login?redirect=/user/setting');
    await fillLogin(page, user.username, user.password, captchaAnswer(await shownCaptchaId(page)));
    await atPath(page, '/user/setting');

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Display name').fill('Ada 文档');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Your name has been saved').isVisible()).toBe(true);

    // The e-mail form asks for the current password too: this is the password section's.
    const passwordSection = dialog.getByRole('region', { name: 'Change password' });
    await passwordSection.getByLabel('Current password').fill(user.password);
    await passwordSection.getByLabel('New password', { exact: true }).fill('a newer password');
    await passwordSection.getByLabel('Repeat new password').fill('a newer password');
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText(/Password changed/).isVisible()).toBe(true);
    await screenshot(page, 'accounts-03-user-center');

    // This session stays; the header shows the new name.
    await page.goto('/item/index');
    await expect.poll(() => page.getByRole('button', { name: /Account menu for Ada 文档/ }).isVisible()).toBe(true);
    await context.close();
  });

  it('signs in from a token link without leaving the token in the address bar', async () => {
    const user = await createUser();
    const res = await fetch(`${baseURL()}/api/common/createCaptcha`, { method: 'POST' });
    const captcha_id = String(((await res.json()) as { data: { captcha_id: number } }).data.captcha_id);
    const login = await fetch(`${baseURL()}/api/user/loginByVerify`, {
      method: 'POST',
      body: new URLSearchParams({ username: user.username, password: user.password, captcha_id, captcha: captchaAnswer(captcha_id) }),
    });
    const token = ((await login.json()) as { data: { user_token: string } }).data.user_token;

    const { page, context } = await newPage(browser);
    await page.goto(`/user/loginByUserToken?user_token=${token}&redirect_uri=/user/setting`);
    await atPath(page, '/user/setting');
    expect(page.url()).not.toContain(token);
    // Nor in the history the back button walks through.
    await page.goBack();
    expect(page.url()).not.toContain(token);
    await context.close();
  });
});

describe('the interface language', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('switches to 中文 and back, and is remembered', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/user/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome back' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Language' }).first().click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect.poll(() => page.getByRole('heading', { name: '欢迎回来' }).isVisible()).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await screenshot(page, 'language-01-login-zh');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: '欢迎回来' }).isVisible()).toBe(true);
    await context.close();
  });

  it('starts in Chinese for a Chinese browser, and error messages follow', async () => {
    const user = await createUser();
    const { page, context } = await newPage(browser, { locale: 'zh-CN' });
    await page.goto('/user/login');
    await page.getByLabel('用户名或邮箱').fill(user.username);
    await page.getByLabel('密码', { exact: true }).fill('wrong password');
    await page.getByPlaceholder('请输入图中的字符').fill(captchaAnswer(await shownCaptchaId(page)));
    await page.getByRole('button', { name: '登录' }).last().click();
    await expect.poll(() => page.getByText('用户名或密码错误').isVisible()).toBe(true);
    await context.close();
  });
});

describe('on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the landing and login screens without sideways scrolling', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    for (const path of ['/', '/user/login', '/user/register']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await screenshot(page, 'phone-01-register');
    await context.close();
  });
});
