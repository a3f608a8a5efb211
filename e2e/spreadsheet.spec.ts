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

async function storedSheet(page: Page, itemId: number): Promise<string> {
  const info = await callApi<{ menu: { pages: { page_id: number }[] } }>(page, 'item/info', { item_id: itemId });
  const pageId = info.menu.pages[0]?.page_id ?? 0;
  const stored = await callApi<{ page_content: string }>(page, 'page/info', { page_id: pageId });
  return stored.page_content;
}

const status = (page: Page) => page.locator('.sheet-status').getAttribute('data-status');

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
    const { item_id: itemId } = await callApi<{ item_id: number }>(page, 'item/add', { item_type: 4, item_name: '销售表 Sales', item_description: '' });
    await callApi(page, 'member/save', { item_id: itemId, username: reader.username, member_group_id: 0 });

    await page.goto(`/${itemId}`);
    await page.locator('.fortune-sheet-overlay').first().waitFor({ timeout: 30_000 });
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
    await shot(phone.page, 'phone-en');
    await phone.context.close();
    const phoneZh = await signedInPage(browser, owner, { viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await phoneZh.page.goto(`/${itemId}`);
    await phoneZh.page.locator('.fortune-sheet-overlay').first().waitFor({ timeout: 30_000 });
    await shot(phoneZh.page, 'phone-zh');
    await phoneZh.context.close();
  });

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
  });
});
