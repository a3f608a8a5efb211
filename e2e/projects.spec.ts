import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, captchaAnswer, createUser, connectBrowser, newPage, pageErrors, screenshot, shownCaptchaId, signedInPage } from './fixtures.js';

const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

/** The card of a project on the list, found by its name. */
const card = (page: Page, name: string) => page.locator('li.item-card', { has: page.getByText(name, { exact: true }) });
const cardNames = (page: Page) => page.locator('li.item-card .item-card-name').allTextContents();

async function openCardMenu(page: Page, name: string, entry: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** Drags with the mouse in small steps, as dnd-kit's pointer sensor needs. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag: element not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2 + 5, b.y + b.height / 2, { steps: 20 });
  await page.mouse.up();
}

describe('a person managing projects', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('creates a private project, and a signed-out visitor reads it after the password screen', async () => {
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    await page.goto('/item/index');
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    const name = unique('Payments API');
    await dialog.getByLabel('Project name').fill(name);
    await dialog.getByLabel('Description').fill('Endpoints of the payment service');
    const domain = `pay${Date.now().toString(36)}`;
    await dialog.getByLabel('Personal domain').fill(domain);
    await dialog.getByRole('radio', { name: /^Private/ }).check();
    await dialog.getByRole('textbox', { name: 'Visit password' }).fill('open sesame');
    await screenshot(page, 'projects-01-create-dialog');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    // As in ShowDoc, a new project opens at once, at its personal domain.
    await page.waitForURL((url) => url.pathname === `/${domain}`);
    const itemId = (await callApi<{ item_id: number }>(page, 'item/info', { item_domain: domain })).item_id;
    await expect.poll(() => page.getByRole('heading', { name }).isVisible()).toBe(true);
    await page.goto('/item/index');
    await expect.poll(() => card(page, name).getByLabel('Private').count()).toBe(1);
    await screenshot(page, 'projects-02-list');

    // A second browser, signed out: the project sends it to the password screen.
    const visitor = await newPage(browser);
    await visitor.page.goto(`/${domain}`);
    await atPath(visitor.page, `/item/password/${domain}`);
    await expect.poll(() => visitor.page.getByText('This project is private').isVisible()).toBe(true);

    const firstCaptcha = await shownCaptchaId(visitor.page);
    await visitor.page.getByLabel('Visit password').fill('not it');
    await visitor.page.getByPlaceholder('Type the characters in the picture').fill(captchaAnswer(firstCaptcha));
    await visitor.page.getByRole('button', { name: 'Open project' }).click();
    await expect.poll(() => visitor.page.getByText('The visit password is wrong').count()).toBe(1);
    await expect.poll(() => shownCaptchaId(visitor.page)).not.toBe(firstCaptcha);
    await screenshot(visitor.page, 'projects-03-wrong-visit-password');

    await visitor.page.getByLabel('Visit password').fill('open sesame');
    await visitor.page.getByPlaceholder('Type the characters in the picture').fill(captchaAnswer(await shownCaptchaId(visitor.page)));
    await visitor.page.getByRole('button', { name: 'Open project' }).click();
    await atPath(visitor.page, `/${domain}`);
    await expect.poll(() => visitor.page.getByRole('heading', { name }).isVisible()).toBe(true);
    await screenshot(visitor.page, 'projects-03b-private-project-open');

    // The grant lasts for the browser session: the numeric address opens too, with no password in any URL.
    await visitor.page.goto(`/${String(itemId)}`);
    await expect.poll(() => visitor.page.getByRole('heading', { name }).isVisible()).toBe(true);
    const grant = (await visitor.context.cookies()).find((c) => c.name === 'folio_visit');
    expect(grant).toMatchObject({ httpOnly: true });
    expect(grant?.expires).toBe(-1);
    expect(pageErrors(visitor.page)).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('groups two projects, orders them by dragging, and finds order and group again after a reload', async () => {
    const user = await createUser();
    const { page, context } = await signedInPage(browser, user);
    const names = [unique('Alpha'), unique('Beta'), unique('Gamma')];
    for (const item_name of names) await callApi(page, 'item/add', { item_name, item_type: 1 });

    await page.goto('/item/index');
    await page.getByRole('button', { name: 'Manage groups' }).first().click();
    const manager = page.getByRole('dialog', { name: 'Manage groups' });
    const groupName = manager.getByLabel('Group name');
    await manager.getByRole('button', { name: 'New group' }).click();
    await groupName.waitFor();
    await groupName.fill('Backend');
    await manager.getByLabel('Projects in this group').click();
    // antd's list keeps hidden copies of the options for screen readers: click the ones people see.
    await page.locator('.ant-select-item-option', { hasText: names[0] }).click();
    await page.locator('.ant-select-item-option', { hasText: names[1] }).click();
    await manager.getByLabel('Group name').click(); // closes the dropdown
    await screenshot(page, 'projects-04-group-manager');
    await manager.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => manager.getByText('Projects: 2').isVisible()).toBe(true);
    await manager.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('menuitem', { name: 'Backend' }).click();
    await expect.poll(() => cardNames(page)).toEqual([names[0], names[1]]);
    await expect.poll(() => page.getByRole('heading', { name: 'Backend' }).isVisible()).toBe(true);

    const saved = page.waitForResponse((res) => res.url().includes('/api/item/sort'));
    await drag(page, page.getByRole('button', { name: `Move ${names[1]}` }), page.getByRole('button', { name: `Move ${names[0]}` }));
    expect((await (await saved).json()) as { error_code: number }).toMatchObject({ error_code: 0 });
    await expect.poll(() => cardNames(page)).toEqual([names[1], names[0]]);
    await screenshot(page, 'projects-05-group-reordered');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Backend' }).isVisible()).toBe(true);
    await expect.poll(() => cardNames(page)).toEqual([names[1], names[0]]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('stars a project and finds it under Starred; copies another', async () => {
    const user = await createUser();
    const { page, context } = await signedInPage(browser, user);
    const [starred, plain] = [unique('Manual'), unique('Dictionary')];
    await callApi(page, 'item/add', { item_name: starred, item_type: 1 });
    await callApi(page, 'item/add', { item_name: plain, item_type: 1 });

    await page.goto('/item/index');
    await openCardMenu(page, starred, 'Star');
    await expect.poll(() => card(page, starred).getByLabel('Starred').count()).toBe(1);
    await page.getByRole('menuitem', { name: 'Starred' }).click();
    await expect.poll(() => cardNames(page)).toEqual([starred]);
    await page.getByRole('menuitem', { name: 'All projects' }).click();

    await page.getByRole('button', { name: `Actions for ${starred}` }).click();
    await screenshot(page, 'projects-09-card-menu');
    await page.getByRole('menuitem', { name: 'Share', exact: true }).click();
    const share = page.getByRole('dialog', { name: `Share “${starred}”` });
    const qr = share.getByRole('img', { name: 'QR code of the link' });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'projects-10-share');
    await share.getByRole('button', { name: 'Done' }).click();

    await openCardMenu(page, plain, 'Copy project');
    const copy = page.getByRole('dialog', { name: `Copy “${plain}”` });
    await expect.poll(() => copy.getByLabel('Project name').inputValue()).toBe(`${plain} (copy)`);
    await copy.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => card(page, `${plain} (copy)`).isVisible()).toBe(true);
    await context.close();
  });

  it('transfers a project to a colleague, who then sees it', async () => {
    const [owner, colleague] = [await createUser(), await createUser()];
    const { page, context } = await signedInPage(browser, owner);
    const name = unique('Handbook');
    await callApi(page, 'item/add', { item_name: name, item_type: 1 });
    await page.goto('/item/index');

    await openCardMenu(page, name, 'Transfer');
    const dialog = page.getByRole('dialog', { name: `Transfer “${name}”` });
    await dialog.getByLabel('Username of the new owner').fill(colleague.username);
    await dialog.getByLabel('Your login password').fill(owner.password);
    await screenshot(page, 'projects-06-transfer');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await expect.poll(() => card(page, name).count()).toBe(0);

    const other = await signedInPage(browser, colleague);
    await other.page.goto('/item/index');
    await expect.poll(() => card(other.page, name).isVisible()).toBe(true);
    await other.context.close();
    await context.close();
  });

  it('refuses to delete with a wrong login password and deletes with the right one', async () => {
    const user = await createUser();
    const { page, context } = await signedInPage(browser, user);
    const name = unique('Scratch');
    await callApi(page, 'item/add', { item_name: name, item_type: 1 });
    await page.goto('/item/index');

    await openCardMenu(page, name, 'Delete');
    const dialog = page.getByRole('dialog', { name: `Delete “${name}”` });
    // Enter submits the dialog's form: unlike a click, it cannot land beside a button still zooming in
    // on a loaded machine.
    await dialog.getByLabel('Your login password').fill('not my password');
    await dialog.getByLabel('Your login password').press('Enter');
    await expect.poll(() => page.getByText('The password is wrong').count()).toBeGreaterThan(0);
    await screenshot(page, 'projects-07-delete-refused');
    expect(await card(page, name).count()).toBe(1);

    await dialog.getByLabel('Your login password').fill(user.password);
    await dialog.getByLabel('Your login password').press('Enter');
    await expect.poll(() => card(page, name).count()).toBe(0);
    await context.close();
  });

  it('works on a phone, in Chinese', async () => {
    const user = await createUser();
    const { page, context } = await signedInPage(browser, user, { locale: 'zh-CN', viewport: { width: 375, height: 760 } });
    await callApi(page, 'item/add', { item_name: '接口文档', item_description: '支付服务', item_type: 1 });
    await callApi(page, 'item/add', { item_name: '数据字典', item_type: 4 });
    await page.goto('/item/index');
    await expect.poll(() => card(page, '接口文档').isVisible()).toBe(true);
    await screenshot(page, 'projects-08-phone-zh');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
