import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUARTERLY_SALES } from '../common/spreadsheet/fixture.js';
import { callApi, connectBrowser, createUser, pageErrors, screenshot, signedInPage } from './fixtures.js';

/**
 * Issue 18 part 4: a spreadsheet page's history compares its cells as readable lines, not its JSON,
 * and its .xlsx export downloads. Screens go under SHEET_HISTORY_SHOTS when set.
 */

async function shot(page: Page, name: string) {
  const dir = process.env.SHEET_HISTORY_SHOTS;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
  } else {
    await screenshot(page, `sheet-history-${name}`, { fullPage: false });
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('history of a spreadsheet page', () => {
  it('the diff screen shows changed cells, on a desktop and a phone, in English and Chinese', async () => {
    const owner = await createUser();
    const { context, page } = await signedInPage(browser, owner);
    const { item_id } = await callApi<{ item_id: number }>(page, 'item/add', { item_name: '季度销售表', item_type: 4 });
    const info = await callApi<{ menu: { pages: { page_id: number }[] } }>(page, 'item/info', { item_id });
    const pageId = info.menu.pages[0]?.page_id ?? 0;
    const edited = QUARTERLY_SALES.replace('"华东 East"', '"华东 East（已更新）"').replace('"=SUM(B3:E3)"', '"=SUM(B3:D3)"');
    for (const content of [QUARTERLY_SALES, edited]) {
      await callApi(page, 'page/save', { item_id, page_id: pageId, page_title: '季度销售表', page_content: content });
    }
    const versions = await callApi<{ page_history_id: number }[]>(page, 'page/history', { page_id: pageId });
    const historyId = versions[0]?.page_history_id ?? 0;

    await page.goto(`/page/diff/${pageId}/${historyId}`);
    await expect.poll(() => page.getByText('2024 销售!A2 = 华东 East', { exact: false }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Lines added: 2').count()).toBe(1);
    expect(await page.getByText('"cells"').count()).toBe(0);
    await shot(page, 'diff-desktop-en');

    const download = page.waitForEvent('download');
    await page.evaluate((id) => {
      const link = document.createElement('a');
      link.href = `/api/sheet/exportXlsx?item_id=${id}`;
      document.body.append(link);
      link.click();
    }, item_id);
    expect((await download).suggestedFilename()).toBe('季度销售表.xlsx');
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    for (const [locale, viewport, name] of [
      ['zh-CN', { width: 1280, height: 800 }, 'diff-desktop-zh'],
      ['en-US', { width: 390, height: 844 }, 'diff-phone-en'],
      ['zh-CN', { width: 390, height: 844 }, 'diff-phone-zh'],
    ] as const) {
      const other = await signedInPage(browser, owner, { locale, viewport });
      await other.page.goto(`/page/diff/${pageId}/${historyId}`);
      await expect.poll(() => other.page.getByText('2024 销售!A2', { exact: false }).count()).toBeGreaterThan(0);
      await shot(other.page, name);
      await other.context.close();
    }
  });
});
