import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, connectBrowser, createUser, newAdministrator, newPage, pageErrors, screenshot, signedInPage } from './fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

/** A small PDF: the server checks uploads by their content. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.alloc(2_000, 'x'), Buffer.from('\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')]);

async function openPanel(page: Page, tab: string, heading: string) {
  await page.goto(`/admin/index?tab=${tab}`);
  await page.getByRole('heading', { level: 2, name: heading }).waitFor();
}

describe('the administrator console', () => {
  let browser: Browser;
  let admin: { username: string; password: string };
  beforeAll(async () => {
    browser = await connectBrowser();
    admin = await newAdministrator();
  });
  afterAll(() => browser?.close());
  // Settings are site-wide: whatever a journey changed goes back, so other journeys see the defaults.
  afterEach(async () => {
    const { page, context } = await signedInPage(browser, admin);
    await callApi(page, 'adminSetting/saveConfig', { register_open: 1, home_page: '1', home_item: '' });
    await context.close();
  });

  it('closes registration, and a visitor sees it closed', async () => {
    const { page, context } = await signedInPage(browser, admin);
    await openPanel(page, 'settings', 'Site settings');
    const open = page.getByRole('switch', { name: 'Anyone may register' });
    await expect.poll(() => open.getAttribute('aria-checked')).toBe('true');
    await open.click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Settings saved').first().isVisible()).toBe(true);
    expect((await callApi<{ register_open: number }>(page, 'adminSetting/loadConfig')).register_open).toBe(0);

    const visitor = await newPage(browser);
    await visitor.page.goto('/user/register');
    await expect.poll(() => visitor.page.getByText(/closed on this site/).isVisible()).toBe(true);
    await expect(createUser()).rejects.toThrow();
    expect(pageErrors(page)).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('adds a user who logs in; once disabled, their next request is refused', async () => {
    const { page, context } = await signedInPage(browser, admin);
    await openPanel(page, 'users', 'Users');
    const username = `e2e_new_${Date.now().toString(36)}`;
    const password = 'Added-by-admin-1';
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username', { exact: true }).fill(username);
    await dialog.getByLabel('Name', { exact: true }).fill('New Colleague');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => page.getByText(`${username} can log in now`).isVisible()).toBe(true);

    const theirs = await signedInPage(browser, { username, password });
    expect((await callApi<{ username: string }>(theirs.page, 'user/info')).username).toBe(username);

    await page.getByRole('textbox', { name: 'Search username, name or e-mail' }).fill(username);
    await page.getByRole('button', { name: `Disable ${username}` }).click();
    await expect.poll(() => page.getByRole('button', { name: `Enable ${username}` }).isVisible()).toBe(true);
    const refused = (await (await theirs.page.request.post('/api/user/info')).json()) as { error_code: number };
    expect(refused.error_code).not.toBe(0);
    await screenshot(page, 'admin-journey-users', { fullPage: false });
    await theirs.context.close();
    await context.close();
  });

  it('deletes a project and recovers it', async () => {
    const { page, context } = await signedInPage(browser, admin);
    const name = unique('Doomed');
    const { item_id } = await callApi<{ item_id: number }>(page, 'item/add', { item_type: 1, item_name: name, item_description: '' });
    await openPanel(page, 'projects', 'Projects');
    await page.getByRole('textbox', { name: 'Search project name' }).fill(name);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText(`“${name}” is deleted`).isVisible()).toBe(true);

    await page.getByRole('switch').click();
    await page.getByRole('button', { name: `Recover ${name}` }).click();
    await expect.poll(() => page.getByText(`“${name}” is back`).isVisible()).toBe(true);
    const detail = await callApi<{ item_name: string }>(page, 'item/detail', { item_id: Number(item_id) });
    expect(detail.item_name).toBe(name);
    await context.close();
  });

  it('deletes unused attachments', async () => {
    const { page, context } = await signedInPage(browser, admin);
    const fileName = `unused-${Date.now().toString(36)}.pdf`;
    const uploaded = await page.request.post('/api/page/upload', {
      multipart: { item_id: '0', page_id: '0', file: { name: fileName, mimeType: 'application/pdf', buffer: PDF } },
    });
    expect(((await uploaded.json()) as { success?: number }).success).toBe(1);

    await openPanel(page, 'files', 'Attachments');
    await page.getByText('Unused files', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Search file name' }).fill(fileName);
    await page.getByRole('checkbox', { name: `Select ${fileName}` }).check();
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('1 files deleted').isVisible()).toBe(true);
    const mine = await callApi<{ list: { display_name: string }[] }>(page, 'attachment/getMyList', { page: 1, count: 100, attachment_type: -1, display_name: fileName });
    expect(mine.list).toEqual([]);
    await context.close();
  });

  it('switches the home page to a public project', async () => {
    const { page, context } = await signedInPage(browser, admin);
    const name = unique('Handbook');
    const { item_id } = await callApi<{ item_id: number }>(page, 'item/add', { item_type: 1, item_name: name, item_description: 'The public handbook' });
    await openPanel(page, 'settings', 'Site settings');
    await page.getByRole('radio', { name: 'A public project' }).check();
    const picker = page.getByRole('combobox', { name: 'Project shown as the home page' });
    await picker.click();
    await picker.fill(name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Settings saved').first().isVisible()).toBe(true);

    const visitor = await newPage(browser);
    await visitor.page.goto('/');
    await visitor.page.waitForURL((url) => url.pathname === `/${Number(item_id)}`);
    await expect.poll(() => visitor.page.getByText(name).first().isVisible()).toBe(true);
    await visitor.context.close();
    await context.close();
  });

  // One test per screen size: each stays well inside the time limit on a busy machine.
  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['375 px phone', { width: 375, height: 740 }],
  ])('every panel works on a %s', async (_name, viewport) => {
    const panels: [string, string][] = [
      ['users', 'Users'],
      ['projects', 'Projects'],
      ['files', 'Attachments'],
      ['externalLogin', 'LDAP'],
      ['ai', 'AI assistant'],
      ['settings', 'Site settings'],
      ['about', 'About'],
    ];
    const { page, context } = await signedInPage(browser, admin, { viewport });
    for (const [tab, heading] of panels) {
      await openPanel(page, tab, heading);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `admin-${tab}-${viewport.width}`, { fullPage: false });
      // Nothing sticks out sideways on a phone: the page itself never scrolls horizontally.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${tab} at ${viewport.width} px`).toBeLessThanOrEqual(0);
    }
    // The back button returns to the panel before.
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Site settings' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
