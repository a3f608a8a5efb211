import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addMember, createItem, enterVisitPassword, type TestItem } from '../../test/item-factories.js';
import { KANBAN_BOARD_TITLE } from './board-types.js';

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let kanban: TestItem;
let privateKanban: TestItem;
let whiteboard: TestItem;
let regular: TestItem;
const taskIds = {} as Record<'a' | 'b' | 'c' | 'forgotten' | 'archived' | 'broken' | 'deleted' | 'draft', number>;

/** ShowDoc's board JSON, as the migration stores it (raw, un-escaped). */
function boardJson(ids: typeof taskIds) {
  return JSON.stringify({
    lists: [
      { id: 'list_default_2', title: '进行中 Doing', position: 2 },
      { id: 'list_default_1', title: '待办 To do', position: 1 },
    ],
    tasks_order: { list_default_1: [String(ids.b), String(ids.a)], list_default_2: [String(ids.c), '999999999'] },
    archived_lists: [{ id: 'list_old', title: 'Old', position: 3 }],
    archived_tasks_order: [String(ids.archived)],
    meta: { version: 1, last_updated: 0 },
  });
}

function task(fields: Record<string, unknown>) {
  return JSON.stringify({ description: '', assignee_uid: '', assignee_username: '', creator_uid: 1, creator_username: 'showdoc', due_date: '', tags: [], priority: 'medium', linked_pages: [], completed: false, ...fields });
}

/** A project of a type item/add refuses (5, 6), as the migration writes it. */
async function boardItem(type: number, password = ''): Promise<TestItem> {
  const item = await createItem(t, owner, { password });
  await t.database.db.updateTable('item').set({ item_type: type }).where('item_id', '=', item.item_id).execute();
  return item;
}

async function addRawPage(itemId: number, title: string, content: string, extra: { is_del?: number; is_draft?: number; author_uid?: number } = {}): Promise<number> {
  const row = await t.database.db
    .insertInto('page')
    .values({ item_id: itemId, page_title: title, page_content: content, author_uid: extra.author_uid ?? owner.uid, is_del: extra.is_del ?? 0, is_draft: extra.is_draft ?? 0 })
    .returning('page_id')
    .executeTakeFirstOrThrow();
  return row.page_id;
}

async function fillKanban(item: TestItem) {
  const ids = {} as typeof taskIds;
  ids.a = await addRawPage(item.item_id, '写文档 Write docs', task({ list_id: 'list_default_1', description: '**Bold** <b>x</b>', assignee_username: 'zhangwei', due_date: '2026-12-01', tags: [{ color: 'blue', text: '文档' }], priority: 'high', completed: true }));
  ids.b = await addRawPage(item.item_id, 'First card', task({ list_id: 'list_default_1' }));
  ids.c = await addRawPage(item.item_id, 'Doing card', task({ list_id: 'list_default_2', tags: 'not-an-array', completed: 'yes' }));
  ids.forgotten = await addRawPage(item.item_id, 'Forgotten in order', task({ list_id: 'list_default_2' }));
  ids.archived = await addRawPage(item.item_id, 'Archived card', task({ list_id: 'list_old' }));
  ids.broken = await addRawPage(item.item_id, 'Broken JSON', '{not json');
  ids.deleted = await addRawPage(item.item_id, 'Deleted card', task({ list_id: 'list_default_1' }), { is_del: 1 });
  ids.draft = await addRawPage(item.item_id, 'Someone else draft', task({ list_id: 'list_default_1' }), { is_draft: 1, author_uid: 999 });
  await addRawPage(item.item_id, KANBAN_BOARD_TITLE, boardJson(ids));
  return ids;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerUser(t);
  reader = await registerUser(t);
  stranger = await registerUser(t);
  kanban = await boardItem(6);
  Object.assign(taskIds, await fillKanban(kanban));
  privateKanban = await boardItem(6, 'secret-pw');
  await fillKanban(privateKanban);
  await addMember(t, privateKanban.item_id, reader, 0);
  whiteboard = await boardItem(5);
  await addRawPage(whiteboard.item_id, 'Architecture', '{"version":"4.6.0","objects":[{"type":"rect","left":1,"top":2,"width":3,"height":4}]}');
  regular = await createItem(t, owner);
});

afterAll(async () => {
  await t.close();
});

type Board = {
  lists: { id: string; title: string; tasks: { page_id: number; title: string; tags: unknown[]; completed: boolean; assignee_username: string; due_date: string; priority: string; description: string }[] }[];
  archived_lists: { id: string; tasks: unknown[] }[];
  archived_tasks: { page_id: number }[];
  loose_tasks: { page_id: number; title: string }[];
};

describe('kanban/board', () => {
  it('answers the columns in order with their cards in the board order, archived and loose cards apart', async () => {
    const res = await t.call('kanban/board', { item_id: kanban.item_id });
    expect(res.error_code).toBe(0);
    const board = res.data as Board;
    expect(board.lists.map((l) => l.title)).toEqual(['待办 To do', '进行中 Doing']);
    expect(board.lists[0]?.tasks.map((c) => c.title)).toEqual(['First card', '写文档 Write docs']);
    expect(board.lists[0]?.tasks[1]).toMatchObject({
      page_id: taskIds.a,
      description: '**Bold** <b>x</b>',
      assignee_username: 'zhangwei',
      due_date: '2026-12-01',
      tags: [{ color: 'blue', text: '文档' }],
      priority: 'high',
      completed: true,
    });
    // A card missing from the order but naming a live column ends that column; bad fields become defaults.
    expect(board.lists[1]?.tasks.map((c) => c.title)).toEqual(['Doing card', 'Forgotten in order']);
    expect(board.lists[1]?.tasks[0]).toMatchObject({ tags: [], completed: false });
    expect(board.archived_lists.map((l) => l.id)).toEqual(['list_old']);
    expect(board.archived_tasks.map((c) => c.page_id)).toEqual([taskIds.archived]);
    expect(board.loose_tasks.map((c) => c.title)).toEqual(['Broken JSON']);
    const all = JSON.stringify(board);
    expect(all).not.toContain('Deleted card');
    expect(all).not.toContain('Someone else draft');
    expect(all).not.toContain(KANBAN_BOARD_TITLE);
  });

  it('is open to guests of a public board, and through the ShowDoc URL form', async () => {
    const res = await t.call('kanban/board', { item_id: kanban.item_id }, { url: '/server/index.php?s=/api/kanban/board' });
    expect(res.error_code).toBe(0);
  });

  it('a private board needs membership or the visit password', async () => {
    expect((await t.call('kanban/board', { item_id: privateKanban.item_id })).error_code).toBe(10307);
    expect((await t.call('kanban/board', { item_id: privateKanban.item_id }, { token: stranger.token })).error_code).toBe(10307);
    expect((await t.call('kanban/board', { item_id: privateKanban.item_id }, { token: reader.token })).error_code).toBe(0);
    const { cookie } = await enterVisitPassword(t, privateKanban.item_id, 'secret-pw');
    expect(cookie).not.toBeNull();
    const res = await t.call('kanban/board', { item_id: privateKanban.item_id }, { headers: cookie ? { cookie } : {} });
    expect(res.error_code).toBe(0);
  });

  it('refuses a project that is not a kanban board, a missing one, and bad ids', async () => {
    const notKanban = await t.call('kanban/board', { item_id: regular.item_id }, { token: owner.token });
    expect(notKanban.error_code).toBe(10101);
    expect(notKanban.error_message).toMatch(/not a kanban/);
    expect((await t.call('kanban/board', { item_id: whiteboard.item_id }, { token: owner.token })).error_code).toBe(10101);
    expect((await t.call('kanban/board', { item_id: 987654321 }, { token: owner.token })).error_code).toBe(10101);
    for (const bad of ['abc', '-1', '0', '1e400', '项目', '']) {
      expect((await t.call('kanban/board', { item_id: bad }, { token: owner.token })).error_code, bad).toBe(10100);
    }
  });
});

describe('whiteboard/data', () => {
  it('answers the canvas JSON of the whiteboard page', async () => {
    const res = await t.call('whiteboard/data', { item_id: whiteboard.item_id });
    expect(res.error_code).toBe(0);
    expect(res.data).toMatchObject({ item_id: whiteboard.item_id, title: 'Architecture' });
    expect(JSON.parse((res.data as { content: string }).content)).toMatchObject({ objects: [{ type: 'rect' }] });
  });

  it('refuses other project types', async () => {
    expect((await t.call('whiteboard/data', { item_id: kanban.item_id })).error_code).toBe(10101);
    expect((await t.call('whiteboard/data', { item_id: regular.item_id }, { token: owner.token })).error_code).toBe(10101);
  });
});

describe('page/save into a board project', () => {
  it('refuses a web edit of a whiteboard or kanban page, and a new page, even for the owner', async () => {
    const edit = await t.call('page/save', { item_id: kanban.item_id, page_id: taskIds.a, page_title: 'Changed', page_content: 'x' }, { token: owner.token });
    expect(edit.error_code).toBe(10101);
    expect(edit.error_message).toMatch(/read-only/);
    const created = await t.call('page/save', { item_id: whiteboard.item_id, page_title: 'New', page_content: '{}' }, { token: owner.token });
    expect(created.error_code).toBe(10101);
    const page = await t.database.db.selectFrom('page').select('page_title').where('page_id', '=', taskIds.a).executeTakeFirstOrThrow();
    expect(page.page_title).toBe('写文档 Write docs');
  });

  it('lets a save that keeps the board data as it is through', async () => {
    const page = await t.database.db.selectFrom('page').select(['page_title', 'page_content']).where('page_id', '=', taskIds.b).executeTakeFirstOrThrow();
    const same = await t.call('page/save', { item_id: kanban.item_id, page_id: taskIds.b, page_title: page.page_title, page_content: page.page_content }, { token: owner.token });
    expect(same.error_code).toBe(0);
  });

  it('leaves regular projects editable', async () => {
    const res = await t.call('page/save', { item_id: regular.item_id, page_title: 'Fine', page_content: 'text' }, { token: owner.token });
    expect(res.error_code).toBe(0);
  });
});
