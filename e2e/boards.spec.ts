import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSearchFunctions } from '../server/db/page-search-terms.js';
import { callApi, connectBrowser, createUser, dbFile, newPage, pageErrors, screenshot, signedInPage } from './fixtures.js';

/**
 * Issue 19: a kanban board (type 6) and a whiteboard (type 5) as the ShowDoc migration leaves them,
 * opened read-only. Folio cannot create these types, so the journey writes the rows the import writes.
 */

async function shot(page: Page, name: string) {
  const dir = process.env.BOARD_SHOTS;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  } else {
    await screenshot(page, `boards-${name}`);
  }
}

const task = (list_id: string, fields: Record<string, unknown> = {}) =>
  JSON.stringify({ list_id, description: '', assignee_uid: '', assignee_username: '', creator_uid: 1, creator_username: 'showdoc', due_date: '', tags: [], priority: 'medium', linked_pages: [], completed: false, ...fields });

const canvas = JSON.stringify({
  __canvasSize: { width: 1200, height: 600 },
  version: '4.6.0',
  objects: [
    { type: 'rect', left: 80, top: 80, width: 260, height: 120, fill: '#e6f4ff', stroke: '#1677ff', strokeWidth: 2, rx: 12, ry: 12 },
    { type: 'textbox', left: 110, top: 120, width: 220, height: 30, text: '网关 Gateway', fontSize: 28, fill: '#0b3d91' },
    { type: 'rect', left: 520, top: 80, width: 260, height: 120, fill: '#f6ffed', stroke: '#52c41a', strokeWidth: 2 },
    { type: 'textbox', left: 550, top: 120, width: 220, height: 30, text: '服务 Services', fontSize: 28, fill: '#135200' },
    { type: 'line', left: 340, top: 139, width: 180, height: 0, x1: -90, y1: 0, x2: 90, y2: 0, stroke: '#2c3e50', strokeWidth: 3 },
    { type: 'circle', left: 900, top: 300, radius: 70, width: 140, height: 140, fill: '#fff1f0', stroke: '#f5222d', strokeWidth: 2 },
    { type: 'path', left: 118, top: 348, width: 400, height: 60, fill: null, stroke: '#722ed1', strokeWidth: 3, path: [['M', 120, 380], ['Q', 220, 330, 320, 380], ['Q', 420, 430, 520, 380]] },
  ],
});

/** The rows `folio import-showdoc` writes for ShowDoc's two board types, into the running site's database. */
function makeBoards(kanbanId: number, whiteboardId: number, uid: number) {
  const db = new Database(dbFile(), { fileMustExist: true });
  // Folio's search index is kept by triggers that call this function (server/db/page-search-terms.ts).
  registerSearchFunctions(db);
  try {
    db.prepare('update item set item_type = 6 where item_id = ?').run(kanbanId);
    db.prepare('update item set item_type = 5 where item_id = ?').run(whiteboardId);
    db.prepare('delete from page where item_id in (?, ?)').run(kanbanId, whiteboardId);
    const insert = db.prepare('insert into page (item_id, page_title, page_content, author_uid, s_number) values (?, ?, ?, ?, 99)');
    const add = (itemId: number, title: string, content: string) => Number(insert.run(itemId, title, content, uid).lastInsertRowid);
    const a = add(kanbanId, '了解看板功能', task('todo', { description: '看板是一个轻量级的任务管理工具。\n\n- 拖拽 *drag*\n- `code`', tags: [{ color: 'blue', text: '文档' }], priority: 'high', assignee_username: 'zhangwei', due_date: '2026-12-01' }));
    const b = add(kanbanId, 'Create the first task', task('todo', { tags: [{ color: 'green', text: '入门' }], priority: 'low' }));
    const c = add(kanbanId, '尝试拖拽任务', task('doing', { tags: [{ color: 'orange', text: '技巧' }, { color: 'purple', text: '进阶' }], completed: true }));
    const d = add(kanbanId, 'Old card', task('old'));
    add(
      kanbanId,
      '__kanban_board__',
      JSON.stringify({
        lists: [
          { id: 'todo', title: '待办 To do', position: 1 },
          { id: 'doing', title: '进行中 Doing', position: 2 },
          { id: 'done', title: '已完成 Done', position: 3 },
        ],
        tasks_order: { todo: [String(a), String(b)], doing: [String(c)], done: [] },
        archived_lists: [],
        archived_tasks_order: [String(d)],
        meta: { version: 1, last_updated: 0 },
      }),
    );
    add(whiteboardId, '架构白板 Whiteboard', canvas);
  } finally {
    db.close();
  }
}

describe('ShowDoc boards, read-only', () => {
  let browser: Browser;
  let kanbanId: number;
  let whiteboardId: number;
  beforeAll(async () => {
    browser = await connectBrowser();
    const owner = await createUser();
    const { page, context } = await signedInPage(browser, owner);
    kanbanId = (await callApi<{ item_id: number }>(page, 'item/add', { item_name: '迭代看板 Sprint Board', item_description: '' })).item_id;
    whiteboardId = (await callApi<{ item_id: number }>(page, 'item/add', { item_name: '架构白板 Whiteboard', item_description: '' })).item_id;
    const me = await callApi<{ uid: number }>(page, 'user/info');
    makeBoards(kanbanId, whiteboardId, me.uid);
    await context.close();
  });
  afterAll(() => browser?.close());

  it('a guest reads the kanban board: columns, cards in order, a card opens its description', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`/${kanbanId}`);
    const todo = page.getByRole('region', { name: '待办 To do' });
    await todo.waitFor();
    expect(await todo.getByRole('button').allTextContents()).toEqual([expect.stringContaining('了解看板功能'), expect.stringContaining('Create the first task')]);
    await expect.poll(() => page.getByRole('region', { name: '已完成 Done' }).textContent()).toContain('No cards');
    expect(await page.getByText(/came over from ShowDoc/).count()).toBe(1);
    expect(await page.getByText('Old card').count()).toBe(0);
    await shot(page, 'kanban-desktop-en');
    await todo.getByRole('button', { name: /了解看板功能/ }).click();
    const dialog = page.getByRole('dialog', { name: '了解看板功能' });
    await dialog.waitFor();
    expect(await dialog.locator('em').textContent()).toBe('drag');
    await shot(page, 'kanban-card-en');
    await page.keyboard.press('Escape');
    await page.getByText('Archived (1)').click();
    await page.getByText('Old card').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('on a phone, in Chinese', async () => {
    const { page, context } = await newPage(browser, { locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    await page.goto(`/${kanbanId}`);
    await page.getByRole('region', { name: '进行中 Doing' }).waitFor();
    await page.getByText(/此看板迁移自 ShowDoc/).waitFor();
    await shot(page, 'kanban-phone-zh');
    await page.goto(`/${whiteboardId}`);
    await page.getByRole('img', { name: /白板 架构白板 Whiteboard 的预览/ }).waitFor();
    await shot(page, 'whiteboard-phone-zh');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('a guest sees the whiteboard notice and preview, and downloads its data as it was stored', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`/${whiteboardId}`);
    const preview = page.getByRole('img', { name: 'Preview of the whiteboard 架构白板 Whiteboard' });
    await preview.waitFor();
    expect(await preview.textContent()).toContain('网关 Gateway');
    await page.getByText(/whiteboard came over from ShowDoc/).waitFor();
    await shot(page, 'whiteboard-desktop-en');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download the data/ }).click()]);
    expect(download.suggestedFilename()).toBe('架构白板 Whiteboard.json');
    // The browser runs in another process: the download is copied here to be read.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'board-download-')), 'board.json');
    await download.saveAs(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(canvas);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
