import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, connectBrowser, pageErrors, screenshot, signedInPage } from './fixtures.js';

/**
 * A real (if empty) PDF, so the server's content check accepts it, padded with a PDF comment line to
 * about 0.1 MB: the used space is shown in MB to two places, and a few bytes would still read 0.00.
 */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%'),
  Buffer.alloc(100_000, 'x'),
  Buffer.from('\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
]);

describe('the attachment center', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('uploads a file to the personal hub, lists it with the used space, and deletes it', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    await page.goto('/attachment/index');
    const summary = page.getByText(/^Used space:/);
    await expect.poll(() => page.getByText('You have not uploaded any files yet.').isVisible()).toBe(true);
    expect(await summary.textContent()).toBe('Used space: 0.00 MB · Downloads this month: 0.00 MB');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a file' }).click();
    await (await chooser).setFiles({ name: 'pricing.pdf', mimeType: 'application/pdf', buffer: PDF });
    const list = page.getByRole('list', { name: 'Your files' });
    await expect.poll(() => list.getByRole('link', { name: 'pricing.pdf' }).isVisible()).toBe(true);
    await expect.poll(() => summary.textContent()).toBe('Used space: 0.10 MB · Downloads this month: 0.00 MB');
    expect(await list.getByText('0.10 MB').isVisible()).toBe(true);
    await screenshot(page, 'attachment-center-01', { fullPage: false });

    await list.getByRole('button', { name: 'Delete “pricing.pdf”' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('You have not uploaded any files yet.').isVisible()).toBe(true);
    await expect.poll(() => summary.textContent()).toBe('Used space: 0.00 MB · Downloads this month: 0.00 MB');
    expect(await page.getByRole('link', { name: 'pricing.pdf' }).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
