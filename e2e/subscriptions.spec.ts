import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, connectBrowser, createUser, screenshot, signedInPage } from './fixtures.js';
import { seedProject } from './reader-fixtures.js';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

describe('following pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('a read-only member follows a page from the reader; the owner adds an editor from suggestions; the author of a notice is not told', async () => {
    const owner = await createUser();
    const reader = await createUser();
    const editor = await createUser();
    const mine = await signedInPage(browser, owner);
    const project = await seedProject(mine.page, unique('Follow'));
    await callApi(mine.page, 'member/save', { item_id: project.itemId, username: reader.username, member_group_id: 0 });
    await callApi(mine.page, 'member/save', { item_id: project.itemId, username: editor.username, member_group_id: 1 });
    const pagePath = `/${project.itemId}/${project.pages.refunds}`;

    // The reader, in Chinese: "订阅" on the page, then "订阅此页面" in the dialog.
    const theirs = await signedInPage(browser, reader, { locale: 'zh-CN' });
    await theirs.page.goto(pagePath);
    await theirs.page.getByRole('button', { name: '订阅', exact: true }).click();
    const readerDialog = theirs.page.getByRole('dialog', { name: '页面订阅者' });
    await readerDialog.getByRole('button', { name: /订阅此页面/ }).click();
    await readerDialog.getByRole('button', { name: /取消订阅/ }).waitFor();
    await screenshot(theirs.page, 'subscriptions-01-reader-zh', { fullPage: false });

    // The owner, in English: sees the reader among the followers and adds the editor by typing.
    await mine.page.goto(pagePath);
    await mine.page.getByRole('button', { name: 'Follow', exact: true }).click();
    const dialog = mine.page.getByRole('dialog', { name: 'Followers of this page' });
    await dialog.getByText(reader.username).first().waitFor();
    await dialog.getByRole('combobox', { name: 'Add a follower' }).fill(editor.username.slice(0, 6));
    await mine.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title=${JSON.stringify(editor.username)}]`).click();
    await dialog.getByRole('button', { name: `Stop ${editor.username} following this page` }).waitFor();
    await screenshot(mine.page, 'subscriptions-02-owner-en', { fullPage: false });

    // The editor saves with a notice: the reader and the owner are told, the editor is not.
    const theirEditor = await signedInPage(browser, editor);
    await callApi(theirEditor.page, 'page/save', {
      item_id: project.itemId,
      page_id: project.pages.refunds,
      cat_id: project.cats.guides,
      page_title: 'Refunds',
      page_content: '# Refunds\n\nMoney goes back within 3 days.\n',
      is_notify: 1,
      notify_content: 'Refunds are faster now',
    });
    const reminders = async (page: typeof mine.page) => JSON.stringify(await callApi(page, 'message/getRemindList', { page: 1, count: 20 }));
    expect(await reminders(theirs.page)).toContain('Refunds are faster now');
    expect(await reminders(theirEditor.page)).not.toContain('Refunds are faster now');
    await mine.context.close();
    await theirs.context.close();
    await theirEditor.context.close();
  });
});
