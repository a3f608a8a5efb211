import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, connectBrowser, pageErrors, screenshot, signedInPage } from './fixtures.js';
import { addMemberDirectly, codeArea, editorText, typeIntoEditor } from './editor-fixtures.js';
import { seedProject } from './reader-fixtures.js';

/**
 * Issue 23 item 2: a lock left by a browser that went away must not be a dead end. The colleague is told
 * who holds the page and since when, and can take it over; the one taken over from keeps their text.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-5)}`;

interface LockState {
  lock: number;
  lock_username: string;
  lock_since: number;
}
const lockOf = (page: Page, pageId: number) => callApi<LockState>(page, 'page/isLock', { page_id: pageId });
const shown = (seconds: number, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000));

describe('edit locks', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it('tells a colleague since when the page is held and lets them take it over; the first editor keeps their text', async () => {
    const alice = await createUser();
    const bob = await createUser();
    const first = await signedInPage(browser, alice);
    const project = await seedProject(first.page, unique('Lock'));
    const pageId = project.pages.refunds;
    addMemberDirectly(project.itemId, bob.username, 1);

    // Alice edits without saving. Her tab's timers are under the test's hand (renewal every minute).
    await first.page.clock.install();
    await first.page.goto(`/page/edit/${project.itemId}/${pageId}`);
    await expect.poll(() => editorText(first.page)).toContain('Money goes back within 5 days.');
    await expect.poll(async () => (await lockOf(first.page, pageId)).lock).toBe(1);
    await typeIntoEditor(first.page, '\nAlice was here.\n');
    const since = (await lockOf(first.page, pageId)).lock_since;

    const second = await signedInPage(browser, bob);
    await second.page.goto(`/page/edit/${project.itemId}/${pageId}`);
    const notice = second.page.getByRole('dialog').filter({ hasText: `${alice.username} is editing this page` });
    await expect.poll(() => notice.getByText(`${alice.username} has been editing this page since ${shown(since, 'en')}.`).isVisible()).toBe(true);
    await screenshot(second.page, 'edit-lock-01-held-en', { fullPage: false });
    await notice.getByRole('button', { name: 'Take over' }).click();
    await expect.poll(() => second.page.getByText('You are editing this page now').isVisible()).toBe(true);
    await expect.poll(() => editorText(second.page)).toContain('Money goes back');
    expect(await lockOf(second.page, pageId)).toMatchObject({ lock: 1, lock_username: bob.username });

    // Bob saves; Alice's tab finds out at its next renewal and keeps her text as a draft.
    await typeIntoEditor(second.page, '\nBob took over.\n');
    await codeArea(second.page).press('ControlOrMeta+s');
    await expect.poll(() => second.page.getByText('Unsaved changes').count()).toBe(0);
    await first.page.clock.fastForward(61_000);
    const lost = first.page.getByRole('dialog').filter({ hasText: 'Someone else is editing this page now' });
    await expect.poll(() => lost.getByText(new RegExp(`^${bob.username} took over editing at `)).isVisible()).toBe(true);
    await screenshot(first.page, 'edit-lock-02-lost-en', { fullPage: false });
    const draft = await first.page.evaluate(() => Object.entries(window.localStorage).find(([key]) => key.includes('draft'))?.[1] ?? '');
    expect(draft).toContain('Alice was here.');
    await lost.getByRole('button', { name: 'OK' }).click();

    // Her save cannot go over Bob's: it is refused as a conflict, and her text stays in the editor.
    await codeArea(first.page).press('ControlOrMeta+s');
    const refused = first.page.getByRole('dialog').filter({ hasText: 'The page was not saved' });
    await expect.poll(() => refused.getByText(new RegExp(`${bob.username} saved this page while you were editing it`)).isVisible()).toBe(true);
    expect(await editorText(first.page)).toContain('Alice was here.');
    const saved = await callApi<{ page_content: string }>(second.page, 'page/info', { page_id: pageId });
    expect(saved.page_content).toContain('Bob took over.');
    expect(saved.page_content).not.toContain('Alice was here.');
    expect(pageErrors(first.page)).toEqual([]);
    expect(pageErrors(second.page)).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('says the same in Chinese, with the date written the Chinese way', async () => {
    const alice = await createUser();
    const bob = await createUser();
    const first = await signedInPage(browser, alice);
    const project = await seedProject(first.page, unique('Lock'));
    const pageId = project.pages.refunds;
    addMemberDirectly(project.itemId, bob.username, 1);
    // Alice's browser went away holding the page: only her lock is left.
    await callApi(first.page, 'page/setLock', { item_id: project.itemId, page_id: pageId, lock_seconds: 180 });
    const since = (await lockOf(first.page, pageId)).lock_since;

    const second = await signedInPage(browser, bob, { locale: 'zh-CN' });
    await second.page.goto(`/page/edit/${project.itemId}/${pageId}`);
    const notice = second.page.getByRole('dialog').filter({ hasText: `${alice.username} 正在编辑此页面` });
    await expect.poll(() => notice.getByText(`${alice.username} 自 ${shown(since, 'zh-CN')} 起正在编辑此页面。`).isVisible()).toBe(true);
    await screenshot(second.page, 'edit-lock-03-held-zh', { fullPage: false });
    await notice.getByRole('button', { name: '接手编辑' }).click();
    await expect.poll(() => second.page.getByText('现在由你编辑此页面').isVisible()).toBe(true);
    expect(await lockOf(second.page, pageId)).toMatchObject({ lock: 1, lock_username: bob.username });
    await first.context.close();
    await second.context.close();
  });
});
