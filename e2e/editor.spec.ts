import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, connectBrowser, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { addMemberDirectly, codeArea, editorText, typeIntoEditor } from './editor-fixtures.js';
import { seedProject, treeItem } from './reader-fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('writing pages in the editor', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('writes a new page with a live preview, saves it with Ctrl+S and reads it in the project', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Write'));
    await page.goto(`/${project.itemId}`);
    await page.getByRole('link', { name: 'New page', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/page/edit/${project.itemId}/0`);

    // A new page starts with its title ready to type.
    const title = page.getByRole('textbox', { name: 'Page title' });
    await title.waitFor();
    await title.fill('Deploy guide');
    await title.press('Enter');
    await page.getByRole('combobox', { name: 'Catalog' }).click();
    await page.getByRole('option', { name: 'Guides', exact: true }).click();
    await typeIntoEditor(page, '# Deploy\n\nRun **npm start** and open the site.\n\n| step | what |\n|---|---|\n| 1 | build |\n');
    await expect.poll(() => preview(page).getByRole('heading', { name: 'Deploy' }).isVisible()).toBe(true);
    await expect.poll(() => preview(page).locator('strong').textContent()).toBe('npm start');
    await screenshot(page, 'editor-01-new-page', { fullPage: false });

    await codeArea(page).press('ControlOrMeta+s');
    await expect.poll(() => pathOf(page)).toMatch(new RegExp(`^/page/edit/${project.itemId}/[1-9]\\d*$`));
    const pageId = Number(pathOf(page).split('/').pop());
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    // Saving again keeps the same page (no duplicate) and the editor open.
    await typeIntoEditor(page, '\nOne more line.\n');
    await codeArea(page).press('ControlOrMeta+s');
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    expect(pathOf(page)).toBe(`/page/edit/${project.itemId}/${pageId}`);

    await page.getByRole('button', { name: 'Close the editor' }).click();
    await page.waitForURL((url) => url.pathname === `/${project.itemId}/${pageId}`);
    await expect.poll(() => page.locator('h1.reader-page-title').textContent()).toBe('Deploy guide');
    await expect.poll(() => page.getByText('One more line.').isVisible()).toBe(true);
    await expect.poll(() => treeItem(page, 'Deploy guide').isVisible()).toBe(true);
    const saved = await callApi<{ cat_id: number; page_content: string }>(page, 'page/info', { page_id: pageId });
    expect(saved.cat_id).toBe(project.cats.guides);
    expect(saved.page_content).toContain('| 1 | build |');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('keeps a second editor out while the page is locked, and lets them in once it is given back', async () => {
    const owner = await createUser();
    const colleague = await createUser();
    const first = await signedInPage(browser, owner);
    const project = await seedProject(first.page, unique('Lock'));
    addMemberDirectly(project.itemId, colleague.username, 1);

    await first.page.goto(`/page/edit/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => editorText(first.page)).toContain('Money goes back within 5 days.');
    await expect.poll(async () => (await callApi<{ lock: number }>(first.page, 'page/isLock', { page_id: project.pages.refunds })).lock).toBe(1);

    const second = await signedInPage(browser, colleague);
    await second.page.goto(`/page/edit/${project.itemId}/${project.pages.refunds}`);
    const alert = second.page.getByRole('dialog').filter({ hasText: `${owner.username} is editing this page` });
    await expect.poll(() => alert.getByRole('button', { name: 'Take over' }).isVisible()).toBe(true);
    await screenshot(second.page, 'editor-02-locked', { fullPage: false });
    await alert.getByRole('button', { name: 'Back to the page' }).click();
    await second.page.waitForURL((url) => url.pathname === `/${project.itemId}/${project.pages.refunds}`);

    // The owner closes the editor: the lock goes with it.
    await first.page.getByRole('button', { name: 'Close the editor' }).click();
    await expect.poll(async () => (await callApi<{ lock: number }>(first.page, 'page/isLock', { page_id: project.pages.refunds })).lock).toBe(0);
    await second.page.goto(`/page/edit/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => editorText(second.page)).toContain('Money goes back');
    expect(await second.page.getByText(`${owner.username} is editing this page`).count()).toBe(0);
    await first.context.close();
    await second.context.close();
  });

  it('offers back a draft kept in the browser after the tab went away unsaved', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Draft'));
    await page.clock.install();
    await page.goto(`/page/edit/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => editorText(page)).toContain('Money goes back');
    await typeIntoEditor(page, '\nA paragraph written just before the crash.\n');
    await page.clock.fastForward(31_000);
    await expect
      .poll(() => page.evaluate((key) => window.localStorage.getItem(key), `folio.draft.page.${project.itemId}.${project.pages.refunds}`))
      .toContain('just before the crash');

    // The tab is gone without saving; the next opening offers the draft.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('about:blank');
    await page.goto(`/page/edit/${project.itemId}/${project.pages.refunds}`);
    const offer = page.getByRole('dialog').filter({ hasText: 'Restore your unsaved draft?' });
    await expect.poll(() => offer.isVisible()).toBe(true);
    await offer.getByRole('button', { name: 'Restore draft' }).click();
    await expect.poll(() => editorText(page)).toContain('just before the crash');
    await codeArea(page).press('ControlOrMeta+s');
    await expect.poll(async () => (await callApi<{ page_content: string }>(page, 'page/info', { page_id: project.pages.refunds })).page_content).toContain('just before the crash');
    await context.close();
  });

  it('works on a phone: the preview takes the place of the text', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner, { viewport: { width: 375, height: 740 } });
    const project = await seedProject(page, unique('Phone'));
    await page.goto(`/page/edit/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => editorText(page)).toContain('Money goes back');
    await screenshot(page, 'editor-03-phone', { fullPage: false });
    await page.getByRole('button', { name: 'Show the preview' }).click();
    await expect.poll(() => preview(page).getByRole('heading', { name: 'Refunds' }).isVisible()).toBe(true);
    expect(await codeArea(page).isVisible()).toBe(false);
    await screenshot(page, 'editor-04-phone-preview', { fullPage: false });
    await context.close();
  });

  it('speaks Chinese when the browser does', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner, { locale: 'zh-CN' });
    const project = await seedProject(page, unique('中文'));
    await page.goto(`/page/edit/${project.itemId}/${project.pages.orders}`);
    await expect.poll(() => editorText(page)).toContain('创建订单');
    expect(await page.getByRole('button', { name: /^(save )?保存$/ }).isVisible()).toBe(true);
    await page.getByRole('button', { name: /插入模板/ }).click();
    await page.getByRole('menuitem', { name: 'API 接口模板' }).click();
    await expect.poll(() => editorText(page)).toContain('**请求URL：**');
    await expect.poll(() => page.getByRole('region', { name: '预览' }).getByText('请求方式：').isVisible()).toBe(true);
    await screenshot(page, 'editor-05-chinese', { fullPage: false });
    await context.close();
  });
});
