import * as answer from '../../../common/answers/board.js';
import { defineRoute } from '../../http/route.js';
import { BoardOfItem } from './schema.js';
import { kanbanBoard, whiteboardData } from './service.js';

/** Kanban boards (item_type 6) and whiteboards (item_type 5) brought over from ShowDoc, read-only. */
export const boardRoutes = [
  defineRoute({ path: 'kanban/board', input: BoardOfItem, auth: 'optional', get: 'read', output: answer.KanbanBoard, handler: (ctx, input) => kanbanBoard(ctx, input.item_id) }),
  defineRoute({ path: 'whiteboard/data', input: BoardOfItem, auth: 'optional', get: 'read', output: answer.WhiteboardData, handler: (ctx, input) => whiteboardData(ctx, input.item_id) }),
];
