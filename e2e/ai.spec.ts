import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CHUNKS, startFakeOpenAi, type FakeOpenAi } from '../server/test/fake-openai.js';
import { callApi, connectBrowser, createUser, newAdministrator, newPage, pageErrors, signedInPage } from './fixtures.js';
import { codeArea, editorText } from './editor-fixtures.js';
import { seedProject } from './reader-fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

/** Screens for a person to look at, when AI_SHOTS_DIR names a folder (e.g. /tmp/shots-ai). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.AI_SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

describe('the editor’s AI assistant and the login secret key', () => {
  let browser: Browser;
  let fake: FakeOpenAi;
  let admin: { username: string; password: string };
  beforeAll(async () => {
    browser = await connectBrowser();
    fake = await startFakeOpenAi();
    admin = await newAdministrator();
  });
  afterAll(async () => {
    await browser?.close();
    await fake?.close();
  });

  it('an administrator points Folio at a service; a writer asks, sees the answer stream in, and inserts it', async () => {
    const adminPage = await signedInPage(browser, admin);
    await callApi(adminPage.page, 'adminSetting/saveAiConfig', { ai_open: 1, open_ai_host: fake.url, open_ai_key: 'sk-e2e-secret', ai_model_name: 'fake-model' });
    await adminPage.page.goto('/admin/index?tab=ai');
    await adminPage.page.getByRole('heading', { level: 2, name: 'AI assistant' }).waitFor();
    await expect.poll(() => adminPage.page.getByText('A key is stored. Leave empty to keep it.').isVisible()).toBe(true);
    expect(await adminPage.page.content()).not.toContain('sk-e2e-secret');
    await shot(adminPage.page, 'ai-admin-desktop-en');
    await adminPage.context.close();

    const writer = await createUser();
    const { page, context } = await signedInPage(browser, writer);
    const project = await seedProject(page, unique('AI'));
    await page.goto(`/page/edit/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => codeArea(page).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Doc tools' }).click();
    await page.getByRole('menuitem', { name: 'AI assistant', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'AI assistant' });
    await panel.getByText(/The whole page/).waitFor();
    // The answer stops after its first piece until the test has seen it: part shows before the whole.
    fake.hold();
    await panel.getByRole('button', { name: 'Ask' }).click();
    const answer = panel.getByTestId('ai-answer');
    await expect.poll(() => answer.textContent(), { timeout: 10_000 }).toBe(FAKE_CHUNKS[0]);
    fake.release();
    await expect.poll(() => answer.textContent(), { timeout: 10_000 }).toBe(FAKE_CHUNKS.join(''));
    await shot(page, 'ai-panel-desktop-en');
    await panel.getByRole('button', { name: 'Insert' }).click();
    await expect.poll(() => editorText(page)).toContain(FAKE_CHUNKS.join(''));
    expect(fake.requests.at(-1)?.authorization).toBe('Bearer sk-e2e-secret');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('looks right on a phone and in Chinese', { timeout: 300_000 }, async () => {
    if (!process.env.AI_SHOTS_DIR) return;
    const writer = await createUser();
    for (const [locale, viewport, name] of [
      ['zh-CN', { width: 1280, height: 800 }, 'desktop-zh'],
      ['en-US', { width: 390, height: 844 }, 'phone-en'],
      ['zh-CN', { width: 390, height: 844 }, 'phone-zh'],
    ] as const) {
      const { page, context } = await signedInPage(browser, writer, { locale, viewport });
      const project = await seedProject(page, unique('AI'));
      await page.goto(`/page/edit/${project.itemId}/${project.pages.refunds}`);
      await expect.poll(() => codeArea(page).isVisible()).toBe(true);
      await page.getByRole('button', { name: locale === 'zh-CN' ? '文档工具' : 'Doc tools' }).click();
      await page.getByRole('menuitem', { name: locale === 'zh-CN' ? 'AI 助手' : 'AI assistant', exact: true }).click();
      const panel = page.getByRole('dialog');
      await panel.getByRole('button', { name: locale === 'zh-CN' ? '发送' : 'Ask' }).click();
      await expect.poll(() => panel.getByTestId('ai-answer').textContent(), { timeout: 10_000 }).toBe(FAKE_CHUNKS.join(''));
      await shot(page, `ai-panel-${name}`);
      await context.close();

      const adminView = await signedInPage(browser, admin, { locale, viewport });
      await adminView.page.goto('/admin/index?tab=externalLogin');
      const section = adminView.page.locator('#admin-sso-secretKey-title');
      await section.waitFor();
      await section.scrollIntoViewIfNeeded();
      await shot(adminView.page, `secret-key-${name}`);
      await adminView.page.goto('/admin/index?tab=ai');
      await adminView.page.locator('#admin-ai-title').waitFor();
      await shot(adminView.page, `ai-admin-${name}`);
      await adminView.context.close();
    }
    const adminView = await signedInPage(browser, admin);
    await adminView.page.goto('/admin/index?tab=externalLogin');
    await adminView.page.locator('#admin-sso-secretKey-title').scrollIntoViewIfNeeded();
    await shot(adminView.page, 'secret-key-desktop-en');
    await adminView.context.close();
  });

  it('a signed link logs a person in once and is refused the second time', async () => {
    const person = await createUser();
    const adminPage = await signedInPage(browser, admin);
    const { login_secret_key: key } = await callApi<{ login_secret_key: string }>(adminPage.page, 'adminSetting/getLoginSecretKey');
    await adminPage.context.close();
    const time = String(Math.floor(Date.now() / 1000));
    const token = crypto.createHash('md5').update(person.username + key + time).digest('hex');
    const link = `/server/index.php?s=/api/extLogin/bySecretKey&username=${person.username}&time=${time}&token=${token}&redirect=/item/index`;

    const { page, context } = await newPage(browser);
    await page.goto(link);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/item/index');
    const me = await callApi<{ username: string }>(page, 'user/info');
    expect(me.username).toBe(person.username);
    await context.close();

    const again = await newPage(browser);
    const refused = await again.page.request.get(link, { maxRedirects: 0 });
    expect(((await refused.json()) as { error_code: number }).error_code).toBe(10101);
    await again.context.close();
  });
});
