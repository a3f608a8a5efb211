import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, choose, connectBrowser, createUser, screenshot, signedInPage } from './fixtures.js';
import { seedProject } from './reader-fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

describe('teams', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('an owner shares a project through a team; a member made read-only there loses the editor bar', async () => {
    const owner = await createUser();
    const reader = await createUser();
    const writer = await createUser();
    const mine = await signedInPage(browser, owner);
    const name = unique('Teams');
    const project = await seedProject(mine.page, name);
    const teamName = unique('Payments team');

    // The teams screen: create a team through its dialog.
    await mine.page.goto('/team/index');
    await mine.page.getByRole('button', { name: /New team/ }).click();
    const nameDialog = mine.page.getByRole('dialog', { name: 'New team' });
    await nameDialog.getByRole('textbox', { name: 'Team name' }).fill(teamName);
    await nameDialog.getByRole('button', { name: /Save/ }).click();
    const teams = mine.page.getByRole('list', { name: 'My teams' });
    await expect.poll(() => teams.getByText(teamName).isVisible()).toBe(true);
    await screenshot(mine.page, 'teams-01-index', { fullPage: false });

    // The members screen: add both colleagues.
    await teams.getByRole('listitem').filter({ hasText: teamName }).getByRole('link', { name: 'Members' }).click();
    await expect.poll(() => mine.page.url()).toMatch(/\/team\/member\/\d+$/);
    const teamId = Number(new URL(mine.page.url()).pathname.split('/').pop());
    const addForm = mine.page.getByRole('form', { name: 'Add' });
    for (const person of [reader, writer]) {
      await addForm.getByRole('combobox', { name: 'Username or e-mail' }).fill(person.username);
      await addForm.getByRole('button', { name: /Add/ }).click();
      await expect.poll(() => mine.page.getByRole('list', { name: 'Members' }).getByText(person.username, { exact: true }).isVisible()).toBe(true);
    }
    await screenshot(mine.page, 'teams-02-members', { fullPage: false });

    // The projects screen: attach the project, then make the reader read-only in it.
    await mine.page.getByRole('link', { name: /Back to teams/ }).click();
    await teams.getByRole('listitem').filter({ hasText: teamName }).getByRole('link', { name: 'Projects' }).click();
    await expect.poll(() => mine.page.url()).toMatch(new RegExp(`/team/item/${teamId}$`));
    await choose(mine.page, mine.page.getByRole('combobox', { name: 'Projects I manage' }), name);
    await mine.page.getByRole('button', { name: /Add projects/ }).click();
    await expect.poll(() => mine.page.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    await mine.page.locator('.ant-collapse-expand-icon').first().click();
    await choose(mine.page, mine.page.getByRole('combobox', { name: `Rights of ${reader.username}` }), 'Read-only');
    // Saved on change: the server's answer is the state to wait for (the Saved toast can come and go unseen).
    const rights = async () =>
      Object.fromEntries((await callApi<{ member_username: string; member_group_id: number }[]>(mine.page, 'teamItemMember/getList', { item_id: project.itemId, team_id: teamId })).map((r) => [r.member_username, Number(r.member_group_id)]));
    await expect.poll(rights).toEqual({ [reader.username]: 0, [writer.username]: 1 });
    await screenshot(mine.page, 'teams-03-projects', { fullPage: false });

    // The writer gets the editor bar on a page of the project; the reader reads the same page without it.
    const theirs = await signedInPage(browser, writer);
    await theirs.page.goto(`/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => theirs.page.getByRole('link', { name: 'New page', exact: true }).isVisible()).toBe(true);

    const readers = await signedInPage(browser, reader);
    await readers.page.goto(`/${project.itemId}/${project.pages.refunds}`);
    await expect.poll(() => readers.page.getByText('Money goes back within 5 days.').isVisible()).toBe(true);
    expect(await readers.page.getByRole('link', { name: 'New page', exact: true }).count()).toBe(0);

    await mine.context.close();
    await theirs.context.close();
    await readers.context.close();
  });
});
