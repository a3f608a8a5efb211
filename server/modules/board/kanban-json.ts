import { z } from 'zod';
import type { KanbanTask } from '../../../common/answers/board.js';

/**
 * ShowDoc's kanban JSON, read leniently: the board and its tasks were written by ShowDoc's browser app
 * and by hand-edited imports, so a field of the wrong type becomes its default instead of hiding the board.
 */
const str = z.union([z.string(), z.number()]).transform(String).catch('');
const ids = z.array(z.union([z.string(), z.number()]).transform(String)).catch([]);

const ListJson = z.object({ id: str, title: str, position: z.number().catch(0) });
type ListJson = z.infer<typeof ListJson>;

const BoardJson = z.object({
  lists: z.array(ListJson.catch({ id: '', title: '', position: 0 })).catch([]),
  tasks_order: z.record(z.string(), ids).catch({}),
  archived_lists: z.array(ListJson.catch({ id: '', title: '', position: 0 })).catch([]),
  // ShowDoc writes either a flat list of task ids or, per list, like tasks_order.
  archived_tasks_order: z.union([ids, z.record(z.string(), ids)]).catch([]),
});
export type BoardJson = z.infer<typeof BoardJson>;

const TaskJson = z.object({
  list_id: str,
  description: str,
  assignee_username: str,
  creator_username: str,
  due_date: str,
  tags: z.array(z.object({ color: str, text: str }).catch({ color: '', text: '' })).catch([]),
  priority: str,
  completed: z.union([z.boolean(), z.number(), z.string()]).transform((v) => v === true || v === 1 || v === '1' || v === 'true').catch(false),
});
export type TaskJson = z.infer<typeof TaskJson>;

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

export function readBoard(text: string): BoardJson {
  const parsed = BoardJson.safeParse(parse(text));
  return parsed.success ? parsed.data : { lists: [], tasks_order: {}, archived_lists: [], archived_tasks_order: [] };
}

export function readTask(page: { page_id: number; page_title: string; page_content: string }): KanbanTask & { list_id: string } {
  const parsed = TaskJson.safeParse(parse(page.page_content));
  const task = parsed.success ? parsed.data : TaskJson.parse({});
  return {
    page_id: page.page_id,
    title: page.page_title,
    list_id: task.list_id,
    description: task.description,
    assignee_username: task.assignee_username,
    due_date: task.due_date,
    tags: task.tags.filter((tag) => tag.text !== ''),
    priority: task.priority,
    completed: task.completed,
    creator_username: task.creator_username,
  };
}

/** Lists in ShowDoc's column order (position, then as stored). */
export function orderedLists(lists: ListJson[]): ListJson[] {
  return lists
    .map((list, index) => ({ list, index }))
    .filter(({ list }) => list.id !== '')
    .sort((a, b) => a.list.position - b.list.position || a.index - b.index)
    .map(({ list }) => list);
}
