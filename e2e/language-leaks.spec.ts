import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, createUser, screenshot, signedInPage } from './fixtures.js';
import { seedProject } from './reader-fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

/** Issue 23: dates the app writes itself follow the interface language, not the browser's locale. */
describe('dates in the interface language', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  const cases = [
    { locale: 'zh-CN' as const, title: '恢复未保存的草稿？', when: '2026年11月26日 18:08' },
    { locale: 'en-US' as const, title: 'Restore your unsaved draft?', when: /Nov 26, 2026, 6:08\sPM/ },
  ];

  for (const { locale, title, when } of cases) {
    it(`the draft offer says when the draft was kept as ${locale} readers write it`, async () => {
      const owner = await createUser();
      const { page, context } = await signedInPage(browser, owner, { locale });
      const project = await seedProject(page, unique('Dates'));
      // A draft this browser kept on 26 November 2026 at 18:08, local time, before the tab went away.
      await context.addInitScript(
        ({ key, content }) => {
          const savedAt = new Date(2026, 10, 26, 18, 8).getTime();
          window.localStorage.setItem(key, JSON.stringify({ title: 'Refunds', content, savedAt }));
        },
        { key: `folio.draft.page.${project.itemId}.${project.pages.refunds}`, content: '# Refunds\n\nA paragraph never saved.\n' },
      );
      await page.goto(`/page/edit/${project.itemId}/${project.pages.refunds}`);
      const offer = page.getByRole('dialog').filter({ hasText: title });
      await expect.poll(() => offer.isVisible()).toBe(true);
      expect(await offer.textContent()).toMatch(when);
      await screenshot(page, `language-draft-offer-${locale}`, { fullPage: false });
      await context.close();
    });
  }
});
