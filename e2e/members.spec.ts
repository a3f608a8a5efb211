import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, choose, connectBrowser, createUser, screenshot, signedInPage } from './fixtures.js';
import { seedProject, treeItem } from './reader-fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

async function makePrivate(owner: Page, itemId: number, name: string) {
  await callApi(owner, 'item/update', { item_id: itemId, item_name: name, item_description: 'Docs of the payment service', password: 'visit-secret-1' });
}

describe('project members', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('a colleague added read-only to one catalog sees only it, cannot open the others, and gets the editor bar once promoted', async () => {
    const owner = await createUser();
    const colleague = await createUser();
    const mine = await signedInPage(browser, owner);
    const name = unique('Members');
    const project = await seedProject(mine.page, name);
    await makePrivate(mine.page, project.itemId, name);

    await mine.page.goto(`/${project.itemId}`);
    await mine.page.getByRole('button', { name: 'Manage project' }).click();
    await mine.page.getByRole('menuitem', { name: 'Members' }).click();
    const dialog = mine.page.getByRole('dialog', { name: `Members of “${name}”` });
    await dialog.getByRole('combobox', { name: 'Username or e-mail' }).fill(colleague.username);
    await choose(mine.page, dialog.getByRole('combobox', { name: 'Catalogs' }), 'Guides');
    await dialog.getByRole('combobox', { name: 'Username or e-mail' }).click();
    await dialog.getByRole('button', { name: /Add/ }).click();
    await expect.poll(() => dialog.getByText(colleague.username).first().isVisible()).toBe(true);
    const [member] = await callApi<{ cat_name: string }[]>(mine.page, 'member/getList', { item_id: project.itemId });
    expect(member?.cat_name).toBe('Guides');
    await screenshot(mine.page, 'members-01-dialog', { fullPage: false });

    const theirs = await signedInPage(browser, colleague);
    await theirs.page.goto(`/${project.itemId}`);
    await expect.poll(() => treeItem(theirs.page, 'Guides').isVisible()).toBe(true);
    expect(await treeItem(theirs.page, 'Reference').count()).toBe(0);
    expect(await theirs.page.getByRole('link', { name: 'New page', exact: true }).count()).toBe(0);
    // A page of another catalog, by its address: refused.
    await theirs.page.goto(`/${project.itemId}/${project.pages.orders}`);
    await expect.poll(() => theirs.page.getByText('订单管理').count()).toBe(0);

    // The role is saved on change: once the select shows it, the server has it (or soon will).
    const roleOf = async () => (await callApi<{ username: string; member_group_id: number }[]>(mine.page, 'member/getList', { item_id: project.itemId })).find((m) => m.username === colleague.username)?.member_group_id;
    await choose(mine.page, dialog.getByRole('combobox', { name: `Role of ${colleague.username}` }), 'Editor');
    await expect.poll(roleOf).toBe(1);

    await theirs.page.goto(`/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => theirs.page.getByRole('link', { name: 'New page', exact: true }).isVisible()).toBe(true);
    await screenshot(theirs.page, 'members-02-editor', { fullPage: false });
    await mine.context.close();
    await theirs.context.close();
  });
});
