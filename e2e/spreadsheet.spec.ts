import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import showDocSheet from '../web/features/spreadsheet/convert/fixtures/quarterly-sales.json' with { type: 'json' };
import { callApi, connectBrowser, createUser, pageErrors, screenshot, signedInPage } from './fixtures.js';

/**
 * Issue 18 part 1: a spreadsheet project in the browser — type values and a formula, see it computed,
 * Ctrl+S, reload, import and export .xlsx, and a read-only member who cannot edit.
 */

/** Screens for a person to look at: under SHEET_SHOTS when set, else the suite's screenshot switch. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHEET_SHOTS;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`) });
  } else {
    await screenshot(page, `sheet-${name}`, { fullPage: false });
  }
}

const ROW_HEADER = 46;
const COL_HEADER = 20;
const COL_WIDTH = 100;
const ROW_HEIGHT = 25;

/** Clicks a cell of the sheet by its place on the canvas (no scrolling in these tests). */
async function clickCell(page: Page, row: number, col: number, options: { dblclick?: boolean; colWidths?: number[] } = {}) {
  const area = page.locator('.fortune-sheet-overlay').first();
  const box = await area.boundingBox();
  if (!box) throw new Error('no sheet on screen');
  const widths = Array.from({ length: col + 1 }, (_, index) => options.colWidths?.[index] ?? COL_WIDTH);
  const x = box.x + ROW_HEADER + widths.slice(0, col).reduce((sum, width) => sum + width, 0) + widths[col]! / 2;
  const y = box.y + COL_HEADER + row * ROW_HEIGHT + ROW_HEIGHT / 2;
  if (options.dblclick) await page.mouse.dblclick(x, y);
  else await page.mouse.click(x, y);
}

async function sheetPageId(page: Page, itemId: number): Promise<number> {
  const info = await callApi<{ menu: { pages: { page_id: number }[] } }>(page, 'item/info', { item_id: itemId });
  return info.menu.pages[0]?.page_id ?? 0;
}

async function storedSheet(page: Page, itemId: number): Promise<string> {
  const pageId = await sheetPageId(page, itemId);
  const stored = await callApi<{ page_content: string }>(page, 'page/info', { page_id: pageId });
  return stored.page_content;
}

const status = (page: Page) => page.locator('.sheet-status').getAttribute('data-status');

/** Opens the project's sheet and waits until it is drawn. */
async function openSheet(page: Page, itemId: number) {
  await page.goto(`/${itemId}`);
  await page.locator('.fortune-sheet-overlay').first().waitFor({ timeout: 30_000 });
}

/**
 * A paste as a person does it after copying cells in Excel or Google Sheets: the clipboard holds
 * tab-separated text and, when given, the HTML table they put beside it; then Ctrl+V. (Fortune-sheet
 * only takes a paste event that follows its own Ctrl+V keydown, so a bare ClipboardEvent is not enough.)
 */
async function paste(page: Page, data: { text: string; html?: string }) {
  await page.evaluate(async ({ text, html }) => {
    const items: Record<string, Blob> = { 'text/plain': new Blob([text], { type: 'text/plain' }) };
    if (html) items['text/html'] = new Blob([html], { type: 'text/html' });
    await navigator.clipboard.write([new ClipboardItem(items)]);
  }, data);
  await page.keyboard.press('Control+v');
}

/** The stored sheets' cells as `A1 = text`, first sheet only. */
function cellTexts(content: string): Record<string, string> {
  const sheets = JSON.parse(content) as { rows?: Record<string, { cells?: Record<string, { text?: string }> } | number> }[];
  const out: Record<string, string> = {};
  for (const [r, row] of Object.entries(sheets[0]?.rows ?? {})) {
    if (typeof row !== 'object') continue;
    for (const [c, cell] of Object.entries(row.cells ?? {})) {
      if (cell.text !== undefined) out[`${String.fromCharCode(65 + Number(c))}${Number(r) + 1}`] = cell.text;
    }
  }
  return out;
}

/** A long journey on a machine shared by several runs. */
const JOURNEY_MS = 240_000;

describe('a spreadsheet project', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('is edited, computed, saved, reloaded, imported, exported and read by a read-only member', async () => {
    const owner = await createUser();
    const reader = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    // Created as a person does: the create dialog, the spreadsheet kind.
    await page.goto('/item/index');
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('radio', { name: /^Spreadsheet/ }).check();
    await dialog.getByLabel('Project name').fill('销售表 Sales');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL((url) => /^\/\d+$/.test(url.pathname));
    const itemId = Number(new URL(page.url()).pathname.slice(1));
    await callApi(page, 'member/save', { item_id: itemId, username: reader.username, member_group_id: 0 });

    await page.locator('.fortune-sheet-overlay').first().waitFor({ timeout: 30_000 });
    // A new sheet: the name box names the first cell (not "A1:NaN"), cells draw in the app's sans-serif.
    await expect.poll(() => page.locator('.fortune-name-box').textContent()).toBe('A1');
    expect(await page.locator('.fortune-toolbar').getByText('Times New Roman').count()).toBe(0);
    await expect.poll(() => status(page)).toBe('saved');
    await expect.poll(() => page.getByText('Changes are saved automatically').count()).toBe(1);

    await clickCell(page, 0, 0);
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await page.keyboard.type('20');
    await page.keyboard.press('Enter');
    await page.keyboard.type('=SUM(A1:A2)');
    await page.keyboard.press('Enter');
    // Chinese through an input method, as a person types it: straight onto a selected cell, and into
    // a cell opened for editing with a double click. What Chromium gets from an IME: each key arrives
    // as keydown "Process" (keyCode 229) and updates the composition, then the choice is committed.
    const cdp = await context.newCDPSession(page);
    const typeWithIme = async (pinyin: string, text: string) => {
      for (let i = 1; i <= pinyin.length; i += 1) {
        await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Process', code: `Key${pinyin[i - 1]!.toUpperCase()}`, windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 });
        await cdp.send('Input.imeSetComposition', { text: pinyin.slice(0, i), selectionStart: i, selectionEnd: i });
        await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Process', code: `Key${pinyin[i - 1]!.toUpperCase()}`, windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 });
      }
      await cdp.send('Input.insertText', { text });
    };
    await clickCell(page, 0, 1);
    await typeWithIme('zhongwen', '中文');
    await page.keyboard.press('Enter');
    await clickCell(page, 0, 2, { dblclick: true });
    await typeWithIme('biaoge', '表格');
    await page.keyboard.press('Enter');

    // The formula's value shows in the status area when its cell is selected.
    await clickCell(page, 2, 0);
    await expect.poll(() => page.locator('.fortune-stat-area').textContent()).toContain('30');
    await shot(page, 'desktop-en-edited');

    await page.keyboard.press('Control+s');
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('saved');
    const saved = await storedSheet(page, itemId);
    expect(saved).toContain('"text":"=SUM(A1:A2)"');
    expect(saved).toContain('"text":"10"');
    expect(saved).toContain('"text":"中文"');
    expect(saved).toContain('"text":"表格"');
    // Nothing the user did not change: no row heights or column widths written for every row.
    expect(saved).not.toContain('"height"');
    expect(saved).not.toContain('"width"');

    await page.reload();
    await page.locator('.fortune-sheet-overlay').first().waitFor({ timeout: 30_000 });
    await clickCell(page, 2, 0);
    await expect.poll(() => page.locator('.fortune-stat-area').textContent()).toContain('30');
    await expect.poll(() => page.locator('.fortune-fx-editor').textContent()).toContain('=SUM(A1:A2)');

    // The page history opens from the toolbar (its readable diff of sheets is another part of the issue).
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('dialog').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').first().waitFor({ state: 'hidden' });

    // Export: a download comes.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export .xlsx' }).click();
    const file = await download;
    const exported = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheet-')), 'out.xlsx');
    await file.saveAs(exported);
    expect(fs.readFileSync(exported).subarray(0, 2).toString()).toBe('PK');

    // Import that workbook back: it replaces the sheet and is saved shortly after.
    await page.getByRole('button', { name: 'Import .xlsx' }).click();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('sheet-import-file').setInputFiles(exported);
    await expect.poll(() => page.getByText(/Imported \d+ sheet/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('saved');
    expect(await storedSheet(page, itemId)).toContain('=SUM(A1:A2)');
    await expect.poll(() => page.locator('.fortune-name-box').textContent()).toBe('A1');
    await shot(page, 'desktop-en-imported');
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    // A read-only member sees the sheet, without the edit toolbar or the sheet's own toolbar.
    const member = await signedInPage(browser, reader, { locale: 'zh-CN' });
    await member.page.goto(`/${itemId}`);
    await member.page.locator('.fortune-sheet-overlay').first().waitFor({ timeout: 30_000 });
    expect(await member.page.locator('.sheet-toolbar').count()).toBe(0);
    expect(await member.page.locator('.fortune-toolbar').count()).toBe(0);
    await clickCell(member.page, 0, 0, { dblclick: true });
    await member.page.keyboard.type('99');
    await member.page.keyboard.press('Enter');
    await shot(member.page, 'desktop-zh-readonly');
    expect(await storedSheet(member.page, itemId)).not.toContain('"99');
    await member.context.close();

    // The phone: the sheet to read, a header that fits.
    const phone = await signedInPage(browser, owner, { viewport: { width: 390, height: 844 } });
    await phone.page.goto(`/${itemId}`);
    await phone.page.locator('.fortune-sheet-overlay').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => phone.page.getByText('Editing spreadsheets needs a larger screen').count()).toBe(1);
    // The sheet reaches the bottom of the screen: no empty row under the sheet tabs.
    const tabs = await phone.page.locator('.luckysheet-sheet-area').boundingBox();
    expect(tabs && Math.round(tabs.y + tabs.height)).toBeGreaterThanOrEqual(842);
    await shot(phone.page, 'phone-en');
    await phone.context.close();
    const phoneZh = await signedInPage(browser, owner, { viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await phoneZh.page.goto(`/${itemId}`);
    await phoneZh.page.locator('.fortune-sheet-overlay').first().waitFor({ timeout: 30_000 });
    await shot(phoneZh.page, 'phone-zh');
    await phoneZh.context.close();
  }, JOURNEY_MS);

  it('undoes and redoes typing, and pastes cells copied from Excel or Google Sheets', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { item_id: itemId } = await callApi<{ item_id: number }>(page, 'item/add', { item_type: 4, item_name: 'Undo and paste', item_description: '' });
    await openSheet(page, itemId);

    await clickCell(page, 0, 0);
    await page.keyboard.type('first');
    await page.keyboard.press('Enter');
    await clickCell(page, 1, 0);
    await page.keyboard.type('second');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+s');
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('saved');
    let cells = cellTexts(await storedSheet(page, itemId));
    expect(cells.A1).toBe('first');
    expect(cells.A2).toBeUndefined();
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => cellTexts(await storedSheet(page, itemId)).A2, { timeout: 15_000 }).toBe('second');
    // Ctrl+Shift+Z redoes as well.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => cellTexts(await storedSheet(page, itemId)).A2 ?? null, { timeout: 15_000 }).toBeNull();
    await page.keyboard.press('Control+Shift+z');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => cellTexts(await storedSheet(page, itemId)).A2, { timeout: 15_000 }).toBe('second');

    // Tab-separated text, as Excel and Google Sheets put on the clipboard: a block of cells from C1.
    await clickCell(page, 0, 2);
    await paste(page, { text: '区域\tQ1\n华东\t1200.5\nNorth\t=1+2' });
    await page.keyboard.press('Control+s');
    await expect.poll(async () => cellTexts(await storedSheet(page, itemId)).D3, { timeout: 15_000 }).toBe('=1+2');
    cells = cellTexts(await storedSheet(page, itemId));
    expect([cells.C1, cells.D1, cells.C2, cells.D2, cells.C3]).toEqual(['区域', 'Q1', '华东', '1200.5', 'North']);

    // The HTML table Google Sheets puts beside the text: a block from C6.
    await clickCell(page, 5, 2);
    await paste(page, {
      text: 'Name\tScore\nAda\t97',
      html: '<meta charset="utf-8"><google-sheets-html-origin><table><tbody><tr><td>Name</td><td>Score</td></tr><tr><td>Ada</td><td>97</td></tr></tbody></table>',
    });
    await page.keyboard.press('Control+s');
    await expect.poll(async () => cellTexts(await storedSheet(page, itemId)).D7, { timeout: 15_000 }).toBe('97');
    cells = cellTexts(await storedSheet(page, itemId));
    expect([cells.C6, cells.D6, cells.C7]).toEqual(['Name', 'Score', 'Ada']);
    await shot(page, 'desktop-en-pasted');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, JOURNEY_MS);

  it('hands the lock over: a second editor reads while the first edits, then edits without reloading once the first leaves', async () => {
    const first = await createUser();
    const second = await createUser();
    const one = await signedInPage(browser, first);
    const { item_id: itemId } = await callApi<{ item_id: number }>(one.page, 'item/add', { item_type: 4, item_name: 'Shared sheet', item_description: '' });
    await callApi(one.page, 'member/save', { item_id: itemId, username: second.username, member_group_id: 1 });
    await openSheet(one.page, itemId);
    await expect.poll(() => status(one.page)).toBe('saved');

    const two = await signedInPage(browser, second, { locale: 'zh-CN' });
    await openSheet(two.page, itemId);
    await expect.poll(() => two.page.getByText(`${first.username} 正在编辑此表格`).count()).toBe(1);
    expect(await two.page.locator('.sheet-toolbar').count()).toBe(0);
    await shot(two.page, 'desktop-zh-locked');

    // The first types, saves and leaves the sheet (giving the lock back).
    await clickCell(one.page, 0, 0);
    await one.page.keyboard.type('from the first');
    await one.page.keyboard.press('Enter');
    await one.page.keyboard.press('Control+s');
    await expect.poll(() => status(one.page), { timeout: 15_000 }).toBe('saved');
    await one.page.goto('/item/index');
    await expect.poll(async () => (await callApi<{ lock: number }>(two.page, 'page/isLock', { item_id: itemId, page_id: await sheetPageId(two.page, itemId) })).lock).toBe(0);

    // The second's tab comes back into view: the sheet is checked again and offered.
    await two.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await two.page.getByRole('button', { name: '立即编辑' }).waitFor({ timeout: 15_000 });
    await shot(two.page, 'desktop-zh-lock-lapsed');
    await two.page.getByRole('button', { name: '立即编辑' }).click();
    await two.page.locator('.sheet-toolbar').waitFor();
    await clickCell(two.page, 1, 0);
    await two.page.keyboard.type('from the second');
    await two.page.keyboard.press('Enter');
    await two.page.keyboard.press('Control+s');
    await expect.poll(() => status(two.page), { timeout: 15_000 }).toBe('saved');
    // Loaded from the first's last save before editing: both are kept.
    const cells = cellTexts(await storedSheet(two.page, itemId));
    expect([cells.A1, cells.A2]).toEqual(['from the first', 'from the second']);
    expect(pageErrors(two.page)).toEqual([]);
    await one.context.close();
    await two.context.close();
  }, JOURNEY_MS);

  it('opens a sheet saved by ShowDoc with its sheets, styles, merge, freeze and formulas computed', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner, { locale: 'zh-CN' });
    const { item_id: itemId } = await callApi<{ item_id: number }>(page, 'item/add', { item_type: 4, item_name: '季度销售表 Quarterly Sales', item_description: '' });
    const info = await callApi<{ menu: { pages: { page_id: number; cat_id: number }[] } }>(page, 'item/info', { item_id: itemId });
    const pageId = info.menu.pages[0]!.page_id;
    await callApi(page, 'page/save', { item_id: itemId, page_id: pageId, cat_id: 0, page_title: '季度销售表', page_content: JSON.stringify(showDocSheet) });
    await page.goto(`/${itemId}`);
    await page.locator('.fortune-sheet-overlay').first().waitFor({ timeout: 30_000 });
    // F2 holds =SUM(B2:E2): 1200.5 + 1350 + 1420.75 + 1600.
    await clickCell(page, 1, 5, { colWidths: [120, 100, 100, 100, 100, 120] });
    await expect.poll(() => page.locator('.fortune-stat-area').textContent()).toContain('5571.25');
    await expect.poll(() => page.getByText('负责人 Owners').count()).toBeGreaterThan(0);
    await shot(page, 'desktop-zh-showdoc-sheet');
    // Opening and looking changes nothing: no save is sent.
    await expect.poll(() => status(page)).toBe('saved');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, JOURNEY_MS);
});
