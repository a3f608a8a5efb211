import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, connectBrowser, createUser, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { codeArea, editorText } from './editor-fixtures.js';
import { seedProject } from './reader-fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

async function openEditor(page: Page, itemId: number, pageId: number) {
  await page.goto(`/page/edit/${itemId}/${pageId}`);
  await expect.poll(() => codeArea(page).isVisible()).toBe(true);
}

/** The editor's last `count` lines. */
const lastLines = async (page: Page, count: number) => (await editorText(page)).split('\n').slice(-count);

describe('habits from other markdown editors', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('Enter ends an empty list item; after a tool dialog closes, typing and Ctrl+S go on in the text', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Habits'));
    await openEditor(page, project.itemId, project.pages.refunds);

    await codeArea(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('\n- apples');
    await page.keyboard.press('Enter');
    await expect.poll(() => lastLines(page, 2)).toEqual(['- apples', '- ']);
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('After the list');
    await expect.poll(() => lastLines(page, 2)).toEqual(['- apples', 'After the list']);

    // The image button writes the markdown with its address selected, ready to type over.
    await page.keyboard.press('Enter');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
    await page.keyboard.insertText('https://example.com/cat.png');
    await expect.poll(() => lastLines(page, 1)).toEqual(['![image](https://example.com/cat.png)']);

    await page.getByRole('button', { name: 'Format tools' }).click();
    await page.getByRole('menuitem', { name: 'JSON to parameter table', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'JSON to parameter table' });
    await dialog.getByRole('textbox', { name: 'JSON to convert' }).fill('{"id": 1}');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('cm-content') ?? false)).toBe(true);

    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('Typed after the dialog');
    await page.keyboard.press('ControlOrMeta+s');
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    const saved = await callApi<{ page_content: string }>(page, 'page/info', { page_id: project.pages.refunds });
    expect(saved.page_content).toMatch(/- apples\nAfter the list\n!\[image\]\(https:\/\/example\.com\/cat\.png\)\nTyped after the dialog$/);
    await screenshot(page, 'editor-habits-01-after-dialog', { fullPage: false });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('previews a CREATE TABLE as a table with headers in the interface language (Chinese)', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner, { locale: 'zh-CN' });
    const project = await seedProject(page, unique('SQL'));
    await openEditor(page, project.itemId, project.pages.refunds);

    await page.getByRole('button', { name: '格式工具' }).click();
    await page.getByRole('menuitem', { name: 'SQL 建表语句转表格', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'SQL 建表语句转表格' });
    await dialog.getByRole('textbox', { name: 'CREATE TABLE 语句' }).fill("CREATE TABLE `orders` (`id` int NOT NULL COMMENT '订单编号') COMMENT='订单';");
    const preview = dialog.getByRole('region', { name: '表格预览' });
    await expect.poll(() => preview.getByRole('columnheader', { name: '允许空' }).isVisible()).toBe(true);
    await screenshot(page, 'editor-habits-02-sql-preview-zh', { fullPage: false });
    await dialog.getByRole('button', { name: '插入' }).click();
    await expect.poll(() => editorText(page)).toContain('| id | int | 否 |  | 订单编号 |');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('cm-content') ?? false)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
