import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, connectBrowser, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { treeItem } from './reader-fixtures.js';

/** Issue 23 items 4 and 13, as a person sees them: an imported OpenAPI page, and search snippets. */
const GITHUB_STYLE = path.resolve(import.meta.dirname, '../server/test/fixtures/import/github-style-openapi3.json');

const LOCALES = [
  { locale: 'en-US', lang: 'en', search: 'Search projects and pages', headers: 'Headers', status: 'HTTP status' },
  { locale: 'zh-CN', lang: 'zh', search: '搜索项目和页面', headers: 'Header', status: 'HTTP 状态码' },
] as const;

describe('imported API pages and search snippets', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  for (const { locale, lang, search, headers, status } of LOCALES) {
    it(`shows an imported GitHub-style API page and a readable, highlighted snippet (${lang})`, async () => {
      const owner = await createUser();
      const { page, context } = await signedInPage(browser, owner, { locale });
      // The import writes the page in the interface language, which the app sends as Accept-Language.
      const res = await page.request.post('/api/import/auto', {
        headers: { 'accept-language': locale },
        multipart: { file: { name: 'github-style-openapi3.json', mimeType: 'application/json', buffer: fs.readFileSync(GITHUB_STYLE) } },
      });
      const answer = (await res.json()) as { error_code: number; data: { item_id: number } };
      expect(answer.error_code).toBe(0);
      const itemId = answer.data.item_id;

      await page.goto(`/${itemId}`);
      await expect.poll(() => treeItem(page, 'issues').isVisible()).toBe(true);
      if (!(await treeItem(page, 'List repository issues').isVisible())) await treeItem(page, 'issues').click();
      await treeItem(page, 'List repository issues').click();
      const body = page.locator('.reader-page-body');
      await expect.poll(() => page.getByRole('cell', { name: 'X-GitHub-Token', exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('cell', { name: 'session_hint', exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('cell', { name: '503', exact: true }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('columnheader', { name: status, exact: true }).isVisible()).toBe(true);
      expect(await body.locator('h5').allTextContents()).toContain(headers);
      expect(await body.textContent()).not.toMatch(/\bNone\b/);
      await screenshot(page, `i23-openapi-page-${lang}`, { fullPage: true });

      const word = `quokka${Date.now().toString(36).slice(-5)}`;
      await callApi(page, 'page/save', {
        item_id: itemId,
        page_title: 'Release notes',
        page_content: `## Upgrading\n\nRun **npm install ${word}** and read [the notes](https://docs.example.com/upgrade).\n\n|Flag|Meaning|\n|:---|:---|\n|--fast|Skips *checks*|`,
      });
      await page.goto('/item/index');
      await page.getByRole('textbox', { name: search }).fill(word);
      const snippet = page.locator('.page-hit-snippet').first();
      await expect.poll(() => snippet.isVisible(), { timeout: 15_000 }).toBe(true);
      const text = (await snippet.textContent()) ?? '';
      expect(text).toContain(`Upgrading Run npm install ${word} and read the notes.`);
      expect(text).not.toMatch(/\*\*|\]\(|##|\|/);
      expect(await snippet.locator('mark').allTextContents()).toEqual([word]);
      await screenshot(page, `i23-search-snippet-${lang}`, { fullPage: false });
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });
  }
});
