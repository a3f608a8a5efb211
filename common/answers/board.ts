import { z } from 'zod';
import { int, text } from '../wire.js';

/**
 * What the board actions answer (Folio's own): ShowDoc's kanban boards (item_type 6) and whiteboards
 * (item_type 5), brought over by the migration and shown read-only, each in one answer.
 */

export const KanbanTag = z.object({ color: text(), text: text() });
export type KanbanTag = z.infer<typeof KanbanTag>;

/** One task card: a page of the project whose content is ShowDoc's task JSON. */
export const KanbanTask = z.object({
  page_id: int(),
  title: text(),
  /** Markdown, as typed. */
  description: text(),
  assignee_username: text(),
  /** As ShowDoc stored it ('' or 'YYYY-MM-DD'). */
  due_date: text(),
  tags: z.array(KanbanTag),
  /** 'low' | 'medium' | 'high' | 'urgent' in ShowDoc; anything else passes through. */
  priority: text(),
  completed: z.boolean(),
  creator_username: text(),
});
export type KanbanTask = z.infer<typeof KanbanTask>;

export const KanbanList = z.object({ id: text(), title: text(), tasks: z.array(KanbanTask) });
export type KanbanList = z.infer<typeof KanbanList>;

/** `kanban/board`: the columns with their cards in order; archived columns and cards apart. */
export const KanbanBoard = z.object({
  item_id: int(),
  lists: z.array(KanbanList),
  archived_lists: z.array(KanbanList),
  archived_tasks: z.array(KanbanTask),
  /** Task pages the board order does not place (a damaged or hand-edited board); shown last. */
  loose_tasks: z.array(KanbanTask),
});
export type KanbanBoard = z.infer<typeof KanbanBoard>;

/** `whiteboard/data`: the canvas as ShowDoc's fabric.js JSON ('' for an empty whiteboard). */
export const WhiteboardData = z.object({ item_id: int(), page_id: int(), title: text(), content: text() });
export type WhiteboardData = z.infer<typeof WhiteboardData>;
