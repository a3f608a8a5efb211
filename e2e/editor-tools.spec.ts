import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, callApi, createUser, connectBrowser, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { codeArea, editorText, noticesAbout, typeIntoEditor } from './editor-fixtures.js';
import { seedProject } from './reader-fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4//8/AwAI/AL+p5qgoAAAAABJRU5ErkJggg==';

async function menu(page: Page, button: string, entry: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

async function openEditor(page: Page, itemId: number, pageId: number) {
  await page.goto(`/page/edit/${itemId}/${pageId}`);
  await expect.poll(() => codeArea(page).isVisible()).toBe(true);
}

async function save(page: Page) {
  await codeArea(page).press('ControlOrMeta+s');
  await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
}

describe('the editor’s tools', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('inserts the API template, a table made from JSON and one made from CREATE TABLE', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Tools'));
    await openEditor(page, project.itemId, project.pages.refunds);

    await menu(page, 'Insert template', 'API doc template');
    await expect.poll(() => editorText(page)).toContain('**Request URL:**');

    await menu(page, 'Format tools', 'JSON to parameter table');
    const json = page.getByRole('dialog', { name: 'JSON to parameter table' });
    await json.getByRole('textbox', { name: 'JSON to convert' }).fill('{"code":0,"data":{"user":{"name":"Ann"}}}');
    await expect.poll(() => json.getByRole('region', { name: 'Table preview' }).getByText('data.user.name').isVisible()).toBe(true);
    await screenshot(page, 'editor-tools-01-json-table', { fullPage: false });
    await json.getByRole('button', { name: 'Insert' }).click();
    await expect.poll(() => editorText(page)).toContain('| data.user.name | string | yes | Ann |');

    await menu(page, 'Format tools', 'SQL CREATE TABLE to table');
    const sql = page.getByRole('dialog', { name: 'SQL CREATE TABLE to table' });
    await sql.getByRole('textbox', { name: 'CREATE TABLE statements' }).fill("CREATE TABLE `orders` (`id` int NOT NULL COMMENT 'order id') COMMENT='订单';");
    await sql.getByRole('button', { name: 'Insert' }).click();
    await expect.poll(() => editorText(page)).toContain('| id | int | no |  | order id |');

    await save(page);
    const saved = await callApi<{ page_content: string }>(page, 'page/info', { page_id: project.pages.refunds });
    expect(saved.page_content).toContain('| data.user.name | string | yes | Ann |');
    await page.goto(`/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => page.getByRole('cell', { name: 'data.user.name' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: 'order id' }).isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('uploads a pasted screenshot into the text and lists files attached from the attachments dialog', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Files'));
    await openEditor(page, project.itemId, project.pages.refunds);
    await codeArea(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
      document.querySelector('.page-editor .cm-content')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, PNG_BASE64);
    await expect.poll(() => editorText(page)).toMatch(/!\[screenshot\.png\]\(\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[0-9a-f]{64}\)/);
    const link = /visitFile&sign=([0-9a-f]{64})/.exec(await editorText(page))?.[0] ?? '';
    const image = await fetch(`${baseURL()}/server/index.php?s=/api/attachment/${link}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    await expect.poll(() => page.getByRole('button', { name: 'Attachments (1)' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Attachments (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Attachments' });
    await expect.poll(() => dialog.getByRole('link', { name: 'screenshot.png' }).isVisible()).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload a file' }).click();
    await (await chooser).setFiles({ name: 'limits.csv', mimeType: 'text/csv', buffer: Buffer.from('plan,limit\nfree,10\n') });
    await expect.poll(() => dialog.getByRole('link', { name: 'limits.csv' }).isVisible()).toBe(true);
    await screenshot(page, 'editor-tools-02-attachments', { fullPage: false });
    await dialog.getByRole('button', { name: 'Insert a link to “limits.csv” into the page' }).click();
    await expect.poll(() => editorText(page)).toMatch(/\[limits\.csv\]\(\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=/);
    await save(page);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('defines a mock API that answers at once, from the browser and from a script', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Mock'));
    await openEditor(page, project.itemId, project.pages.refunds);
    await menu(page, 'Doc tools', 'Mock API');
    const dialog = page.getByRole('dialog', { name: 'Mock API' });
    await dialog.getByRole('textbox', { name: 'Path' }).fill('/refunds/1');
    await dialog.getByRole('textbox', { name: 'JSON template (Mock.js syntax)' }).fill('{"code":0,"data":{"items|2":[{"id|+1":7,"status":"done"}]}}');
    await dialog.getByRole('button', { name: 'Save mock' }).click();
    await expect.poll(() => dialog.getByRole('link', { name: /\/server\/mock-path\// }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Try it' }).click();
    await expect.poll(() => dialog.getByRole('region', { name: 'Response' }).textContent()).toContain('"status": "done"');
    await screenshot(page, 'editor-tools-03-mock', { fullPage: false });

    const answer = await fetch(`${baseURL()}/server/mock-path/${project.itemId}?path=/refunds/1`, { method: 'POST' });
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await answer.json()).toEqual({ code: 0, data: { items: [{ id: 7, status: 'done' }, { id: 8, status: 'done' }] } });
    await context.close();
  });

  it('saves a page as a template and inserts it into another page', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Templates'));
    await openEditor(page, project.itemId, project.pages.refunds);
    await page.getByRole('button', { name: 'More save actions' }).click();
    await page.getByRole('menuitem', { name: 'Save as template' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save as template' });
    await saveDialog.getByRole('textbox', { name: 'Template title' }).fill('Refund policy');
    await saveDialog.getByRole('button', { name: 'Save template' }).click();
    await expect.poll(() => page.getByText('Saved as template “Refund policy”').isVisible()).toBe(true);

    await openEditor(page, project.itemId, project.pages.deepPage);
    await menu(page, 'Insert template', 'More templates…');
    const templates = page.getByRole('dialog', { name: 'Templates' });
    await expect.poll(() => templates.getByText('Refund policy').isVisible()).toBe(true);
    await templates.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => templates.getByRole('region', { name: 'Preview of “Refund policy”' }).getByText('Money goes back within 5 days.').isVisible()).toBe(true);
    await screenshot(page, 'editor-tools-04-templates', { fullPage: false });
    await templates.getByRole('button', { name: 'Insert “Refund policy” at the cursor' }).click();
    await expect.poll(() => editorText(page)).toContain('Money goes back within 5 days.');
    await context.close();
  });

  it('saves with a notice that reaches the page’s subscribers', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    const project = await seedProject(page, unique('Notify'));
    // A read-only colleague follows the page; the owner (its creator) follows it too.
    const colleague = await createUser();
    await callApi(page, 'member/save', { item_id: project.itemId, username: colleague.username, member_group_id: 0 });
    const [person] = await callApi<{ uid: number; username: string }[]>(page, 'user/allUser', { username: colleague.username });
    await callApi(page, 'subscription/savePage', { page_id: project.pages.refunds, uids: person!.uid });
    await openEditor(page, project.itemId, project.pages.refunds);
    await typeIntoEditor(page, '\nRefunds now take 3 days.\n');
    await page.getByRole('button', { name: 'Save and notify subscribers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save and notify' });
    await dialog.getByRole('textbox', { name: 'What changed?' }).fill('Refunds are faster now');
    await dialog.getByRole('button', { name: 'Save and notify' }).click();
    await expect.poll(() => page.getByText('Saved; subscribers were notified').isVisible()).toBe(true);
    const saved = await callApi<{ page_content: string }>(page, 'page/info', { page_id: project.pages.refunds });
    expect(saved.page_content).toContain('Refunds now take 3 days.');
    // The colleague is told; the owner wrote the note and is not told of their own change.
    expect(noticesAbout(project.pages.refunds)).toEqual([{ to_uid: person!.uid, message_content: 'Refunds are faster now' }]);
    await context.close();
  });
});
