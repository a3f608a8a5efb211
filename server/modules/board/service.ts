import type { KanbanBoard, KanbanList, KanbanTask, WhiteboardData } from '../../../common/answers/board.js';
import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { catalogReadable, readableCatalogIds, requireVisit } from '../item/access.js';
import { draftVisible } from '../page/page-access.js';
import { KANBAN, KANBAN_BOARD_TITLE, WHITEBOARD } from './board-types.js';
import { orderedLists, readBoard, readTask } from './kanban-json.js';

/** The live pages of a project the caller may read (drafts of others and catalogs outside a limit left out). */
async function readablePages(ctx: Ctx, itemId: number, readable: Set<number> | null) {
  const pages = await ctx.db
    .selectFrom('page')
    .select(['page_id', 'page_title', 'page_content', 'cat_id', 'is_draft', 'author_uid', 's_number'])
    .where('item_id', '=', itemId)
    .where('is_del', '=', 0)
    .orderBy('s_number')
    .orderBy('page_id')
    .execute();
  return pages.filter((page) => draftVisible(ctx, page) && catalogReadable(readable, page.cat_id));
}

/**
 * `kanban/board`: the whole board in one answer — columns in order with their cards in the board's
 * order, archived columns and cards apart, and task pages the order forgot at the end, so nothing the
 * migration brought is invisible.
 */
export async function kanbanBoard(ctx: Ctx, itemId: number): Promise<KanbanBoard> {
  const access = await requireVisit(ctx, itemId);
  if (access.item.item_type !== KANBAN) throw new ApiError(10101, 'board.notKanban');
  const pages = await readablePages(ctx, itemId, await readableCatalogIds(ctx, access));
  const boardPage = pages.find((page) => page.page_title === KANBAN_BOARD_TITLE);
  const board = readBoard(boardPage?.page_content ?? '');
  const tasks = new Map<string, KanbanTask & { list_id: string }>();
  for (const page of pages) if (page !== boardPage) tasks.set(String(page.page_id), readTask(page));

  const placed = new Set<string>();
  const take = (ids: readonly string[]): KanbanTask[] => {
    const out: KanbanTask[] = [];
    for (const id of ids) {
      const task = tasks.get(id);
      if (!task || placed.has(id)) continue;
      placed.add(id);
      out.push(presentTask(task));
    }
    return out;
  };
  const column = (list: { id: string; title: string }): KanbanList => ({ id: list.id, title: list.title, tasks: take(board.tasks_order[list.id] ?? []) });
  const lists = orderedLists(board.lists).map(column);
  const archivedLists = orderedLists(board.archived_lists).map(column);
  const archivedIds = Array.isArray(board.archived_tasks_order) ? board.archived_tasks_order : Object.values(board.archived_tasks_order).flat();
  const archivedTasks = take(archivedIds);
  // Cards missing from the order but naming a live column join its end, as ShowDoc's board shows them.
  for (const list of lists) {
    for (const [id, task] of tasks) {
      if (!placed.has(id) && task.list_id === list.id) {
        placed.add(id);
        list.tasks.push(presentTask(task));
      }
    }
  }
  const loose = [...tasks.entries()].filter(([id]) => !placed.has(id)).map(([, task]) => presentTask(task));
  return { item_id: itemId, lists, archived_lists: archivedLists, archived_tasks: archivedTasks, loose_tasks: loose };
}

function presentTask(task: KanbanTask & { list_id: string }): KanbanTask {
  const { list_id: _listId, ...rest } = task;
  return rest;
}

/** `whiteboard/data`: the canvas JSON of the whiteboard's one page, for the notice, the preview and the download. */
export async function whiteboardData(ctx: Ctx, itemId: number): Promise<WhiteboardData> {
  const access = await requireVisit(ctx, itemId);
  if (access.item.item_type !== WHITEBOARD) throw new ApiError(10101, 'board.notWhiteboard');
  const [page] = await readablePages(ctx, itemId, await readableCatalogIds(ctx, access));
  return { item_id: itemId, page_id: page?.page_id ?? 0, title: page?.page_title ?? access.item.item_name, content: page?.page_content ?? '' };
}
