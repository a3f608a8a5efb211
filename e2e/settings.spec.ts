import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, connectBrowser, dbFile, pageErrors, screenshot, signedInPage } from './fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

/**
 * The site's administrator. The first account registered on a site is its administrator; the journeys
 * share one server and run in no fixed order, so when another journey registered first, a fresh account
 * is made administrator the way `folio create-admin` does it (the server reads groupid on every request).
 */
async function siteAdministrator(): Promise<{ username: string; password: string }> {
  const db = new Database(dbFile(), { fileMustExist: true });
  try {
    const { n } = db.prepare('select count(*) as n from user').get() as { n: number };
    const admin = await createUser();
    if (n > 0) db.prepare('update user set groupid = 1 where username = ?').run(admin.username);
    const row = db.prepare('select groupid from user where username = ?').get(admin.username) as { groupid: number };
    expect(row.groupid).toBe(1);
    // Whoever registered first holds the role too.
    const first = db.prepare('select groupid from user order by uid limit 1').get() as { groupid: number };
    expect(first.groupid).toBe(1);
    return admin;
  } finally {
    db.close();
  }
}

describe('project settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('a manager renames the project, makes it private, adds a member and reads the open-API key; a non-manager is refused', async () => {
    const owner = await createUser();
    const colleague = await createUser();
    const mine = await signedInPage(browser, owner);
    const name = unique('Settings');
    const { item_id } = await callApi<{ item_id: number }>(mine.page, 'item/add', { item_type: 1, item_name: name, item_description: 'Docs of the payment service' });
    const itemId = Number(item_id);

    await mine.page.goto(`/item/setting/${itemId}`);
    await mine.page.getByRole('heading', { level: 1, name: `Settings of “${name}”` }).waitFor();
    const renamed = `${name} v2`;
    const nameField = mine.page.getByLabel('Project name');
    await expect.poll(() => nameField.inputValue()).toBe(name);
    await nameField.fill(renamed);
    await mine.page.getByRole('radio', { name: /Private/ }).check();
    await mine.page.getByRole('textbox', { name: 'Visit password' }).fill('visit-secret-9');
    await mine.page.getByRole('button', { name: /Save/ }).click();
    await expect.poll(() => mine.page.getByText('Saved').first().isVisible()).toBe(true);
    const saved = await callApi<{ item_name: string; is_private: number }>(mine.page, 'item/detail', { item_id: itemId });
    expect(saved).toMatchObject({ item_name: renamed, is_private: 1 });
    await expect.poll(() => mine.page.getByRole('heading', { level: 1, name: `Settings of “${renamed}”` }).isVisible()).toBe(true);
    await screenshot(mine.page, 'settings-01-base-info', { fullPage: false });

    await mine.page.getByRole('tab', { name: 'Members' }).click();
    await expect.poll(() => new URL(mine.page.url()).search).toBe('?tab=members');
    await mine.page.getByRole('combobox', { name: 'Username or e-mail' }).fill(colleague.username);
    await mine.page.getByRole('button', { name: /Add/ }).click();
    await expect.poll(() => mine.page.getByRole('list', { name: 'Members' }).getByText(colleague.username).first().isVisible()).toBe(true);
    const members = await callApi<{ username: string; member_group_id: number | string }[]>(mine.page, 'member/getList', { item_id: itemId });
    expect(members.map((m) => [m.username, Number(m.member_group_id)])).toEqual([[colleague.username, 0]]);

    await mine.page.getByRole('tab', { name: 'Open API' }).click();
    const key = await callApi<{ api_key: string; api_token: string }>(mine.page, 'item/getKey', { item_id: itemId });
    await expect.poll(() => mine.page.getByText(key.api_key, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => mine.page.getByText(key.api_token, { exact: true }).isVisible()).toBe(true);

    // A deep link opens its tab after a reload.
    await mine.page.goto(`/item/setting/${itemId}?tab=recycleBin`);
    await expect.poll(() => mine.page.getByRole('tab', { name: 'Recycle bin', selected: true }).isVisible()).toBe(true);
    expect(pageErrors(mine.page)).toEqual([]);

    // The colleague is a read-only member now: they may read the project, not change its settings.
    const theirs = await signedInPage(browser, colleague);
    await theirs.page.goto(`/item/setting/${itemId}`);
    await expect.poll(() => theirs.page.getByText('Only the project’s managers can change its settings').isVisible()).toBe(true);
    expect(await theirs.page.getByRole('tab').count()).toBe(0);
    await theirs.page.getByRole('link', { name: 'Back to the project' }).click();
    await expect.poll(() => new URL(theirs.page.url()).pathname).toBe(`/${itemId}`);
    await screenshot(theirs.page, 'settings-02-refused', { fullPage: false });

    // On a phone the tabs sit on top, full width.
    const phone = await signedInPage(browser, owner, { viewport: { width: 375, height: 740 } });
    await phone.page.goto(`/item/setting/${itemId}?tab=members`);
    await expect.poll(() => phone.page.locator('.item-setting-tabs.ant-tabs-top').count()).toBe(1);
    await expect.poll(() => phone.page.getByRole('list', { name: 'Members' }).isVisible()).toBe(true);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'settings-03-phone', { fullPage: false });

    await mine.context.close();
    await theirs.context.close();
    await phone.context.close();
  });

  it('the administration icon shows for the site administrator and leads to an honest page; not for anyone else', async () => {
    const admin = await siteAdministrator();
    const other = await createUser();

    const adminPage = await signedInPage(browser, admin);
    await adminPage.page.goto('/item/index');
    const icon = adminPage.page.getByRole('link', { name: 'Administration' });
    await icon.waitFor();
    await icon.click();
    await expect.poll(() => new URL(adminPage.page.url()).pathname).toBe('/admin/index');
    await expect.poll(() => adminPage.page.getByRole('heading', { level: 1, name: 'Administration' }).isVisible()).toBe(true);
    await screenshot(adminPage.page, 'settings-04-admin-console', { fullPage: false });

    const otherPage = await signedInPage(browser, other);
    await otherPage.page.goto('/item/index');
    await otherPage.page.getByRole('link', { name: 'Teams' }).waitFor();
    expect(await otherPage.page.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    await otherPage.page.goto('/admin/index');
    await expect.poll(() => otherPage.page.getByText('Only site administrators can open the administrator console').isVisible()).toBe(true);

    await adminPage.context.close();
    await otherPage.context.close();
  });
});
