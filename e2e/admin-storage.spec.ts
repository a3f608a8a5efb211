import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../server/storage/s3-test-server.js';
import { connectBrowser, newAdministrator, pageErrors, signedInPage } from './fixtures.js';

/**
 * Issue 24: an administrator fills the storage section with a bucket (an s3rver started here), tests the
 * connection, saves, and after a reload sees the values with the secret kept on the server. Other
 * journeys share this server and its uploads, so the switch stays off: the API tests
 * (admin-setting-oss.test.ts) switch the store while files are uploaded.
 */

describe('the admin console’s file storage', () => {
  let browser: Browser;
  let s3: TestS3Server;
  let admin: { username: string; password: string };

  beforeAll(async () => {
    [browser, s3] = await Promise.all([connectBrowser(), startTestS3Server('folio-e2e')]);
    admin = await newAdministrator();
  });
  afterAll(async () => {
    await browser?.close();
    await s3?.close();
  });

  it('fills a bucket, tests it, saves, and a reload shows it with the secret masked', async () => {
    const { page, context } = await signedInPage(browser, admin);
    await page.goto('/admin/index?tab=storage');
    await page.getByRole('heading', { level: 2, name: 'File storage' }).waitFor();
    expect(await page.getByTestId('storage-active').textContent()).toContain('the server’s data folder');

    await page.getByLabel('Access key').fill('S3RVER');
    await page.getByLabel('Secret key').fill('S3RVER');
    await page.getByLabel('Bucket').fill(s3.bucket);
    await page.getByLabel('Endpoint').fill(s3.endpoint);
    await page.getByLabel('Folder').fill('folio');

    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByText('The bucket works').isVisible()).toBe(true);

    // A key the service does not know is reported as such, without saving anything (s3rver checks only the key id).
    await page.getByLabel('Access key').fill('NOT-S3RVER');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByText('The access key or secret was refused', { exact: false }).isVisible()).toBe(true);
    await page.getByLabel('Access key').fill('S3RVER');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Storage settings saved').isVisible()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'File storage' }).waitFor();
    expect(await page.getByLabel('Access key').inputValue()).toBe('S3RVER');
    expect(await page.getByLabel('Bucket').inputValue()).toBe(s3.bucket);
    expect(await page.getByLabel('Endpoint').inputValue()).toBe(s3.endpoint);
    expect(await page.getByLabel('Secret key').inputValue()).toBe('');
    expect(await page.getByText('A secret is stored; leave empty to keep it').isVisible()).toBe(true);
    // The saved secret still works: the test uses it when the field is left empty.
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByText('The bucket works').isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
