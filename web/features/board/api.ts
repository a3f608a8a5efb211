import { queryOptions } from '@tanstack/react-query';
import type { KanbanBoard, WhiteboardData } from '../../../common/answers/board';
import { apiPost } from '../../api/client';
import { itemKeys } from '../../api/item';

export type { KanbanBoard, KanbanList, KanbanTask, KanbanTag, WhiteboardData } from '../../../common/answers/board';

/** Views of the project (`itemKeys.project`), so refreshing the project refreshes the board too. */
export const boardKeys = {
  kanban: (itemRef: string) => [...itemKeys.project(itemRef), 'kanban'] as const,
  whiteboard: (itemRef: string) => [...itemKeys.project(itemRef), 'whiteboard'] as const,
};

/** Silent: the screen decides where a password or login answer leads. */
export function kanbanBoardQuery(itemRef: string, itemId: number) {
  return queryOptions({
    queryKey: boardKeys.kanban(itemRef),
    queryFn: ({ signal }) => apiPost<KanbanBoard>('kanban/board', { item_id: itemId }, { silent: true, signal }),
    retry: false,
  });
}

export function whiteboardQuery(itemRef: string, itemId: number) {
  return queryOptions({
    queryKey: boardKeys.whiteboard(itemRef),
    queryFn: ({ signal }) => apiPost<WhiteboardData>('whiteboard/data', { item_id: itemId }, { silent: true, signal }),
    retry: false,
  });
}
