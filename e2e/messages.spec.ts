import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, connectBrowser, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { addMemberDirectly } from './editor-fixtures.js';
import { seedProject } from './reader-fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

describe('notices about followed pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('reach a follower: the bell says New, a popup tells them, and the reminder is listed', async () => {
    const owner = await createUser();
    const follower = await createUser();
    const writer = await signedInPage(browser, owner);
    const project = await seedProject(writer.page, unique('Notices'));
    addMemberDirectly(project.itemId, follower.username, 0);

    // The follower follows the page from the editor's doc tools… as a reader they use the API here.
    const reader = await signedInPage(browser, follower);
    const me = await callApi<{ uid: number }>(reader.page, 'user/info');
    await callApi(writer.page, 'subscription/savePage', { page_id: project.pages.refunds, uids: me.uid });

    await callApi(writer.page, 'page/save', {
      item_id: project.itemId,
      page_id: project.pages.refunds,
      cat_id: project.cats.guides,
      page_title: 'Refunds',
      page_content: '# Refunds\n\nMoney goes back within 2 days.\n',
      is_notify: 1,
      notify_content: 'Refunds are faster now',
    });

    await reader.page.goto('/item/index');
    const bell = reader.page.getByRole('link', { name: 'Messages: new' });
    await expect.poll(() => bell.isVisible()).toBe(true);
    await expect.poll(() => reader.page.getByText(/updated “Refunds”: Refunds are faster now/).isVisible()).toBe(true);
    await screenshot(reader.page, 'messages-01-popup', { fullPage: false });

    await bell.click();
    await reader.page.waitForURL((url) => url.pathname === '/message/index');
    const list = reader.page.getByRole('list', { name: 'Reminders' });
    await expect.poll(() => list.getByText('Refunds are faster now').isVisible()).toBe(true);
    await screenshot(reader.page, 'messages-02-list', { fullPage: false });
    await list.getByRole('link', { name: 'Refunds' }).click();
    await reader.page.waitForURL((url) => url.pathname === `/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => reader.page.getByText('Money goes back within 2 days.').isVisible()).toBe(true);
    // Read now: the bell has nothing new.
    await expect.poll(() => reader.page.getByRole('link', { name: 'Messages', exact: true }).count()).toBeGreaterThan(0);
    expect(pageErrors(reader.page)).toEqual([]);
    await writer.context.close();
    await reader.context.close();
  });
});
