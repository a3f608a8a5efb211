import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { dbFile } from './fixtures.js';

/**
 * Makes `username` a member of the project straight in the database: the member screens come with the
 * collaboration issue, and journeys about editing need a second editor now. 0 read-only, 1 editor, 2 manager.
 */
export function addMemberDirectly(itemId: number, username: string, role: 0 | 1 | 2): void {
  const db = new Database(dbFile(), { fileMustExist: true });
  try {
    const user = db.prepare('select uid from user where username = ?').get(username) as { uid: number } | undefined;
    if (!user) throw new Error(`no user ${username}`);
    db.prepare('insert into item_member (item_id, uid, username, member_group_id, addtime) values (?, ?, ?, ?, ?)').run(itemId, user.uid, username, role, Math.floor(Date.now() / 1000));
  } finally {
    db.close();
  }
}

/** The markdown editor's text area (CodeMirror's content element). */
export const codeArea = (page: Page) => page.locator('.page-editor .cm-content');

/** What the editor holds now. */
export function editorText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const lines = Array.from(document.querySelectorAll('.page-editor .cm-content .cm-line'));
    return lines.map((line) => line.textContent ?? '').join('\n');
  });
}

/** Puts text at the end of the editor as typing would, without the editor's auto-indent and bracket rules. */
export async function typeIntoEditor(page: Page, text: string): Promise<void> {
  await codeArea(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(text);
}

/** The notices sent about a page, as the messages feature will show them. */
export function noticesAbout(pageId: number): { to_uid: number; message_content: string }[] {
  const db = new Database(dbFile(), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "select m.to_uid, c.message_content from message m join message_content c on c.id = m.message_content_id where c.object_type = 'page' and c.object_id = ?",
      )
      .all(pageId) as { to_uid: number; message_content: string }[];
  } finally {
    db.close();
  }
}
