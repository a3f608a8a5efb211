import { ApiError } from '../../http/api-error.js';
import { isBoardType } from './board-types.js';

/**
 * Folio shows ShowDoc's whiteboards and kanban boards but does not edit them yet: a web save into such
 * a project is refused, unless it writes the page back exactly as it is (a client re-saving what it
 * loaded loses nothing). The data stays as the migration brought it, ready for a future editor.
 */
export function refuseBoardEdit(itemType: number, current: { page_title: string; page_content: string } | null, next: { title: string; content: string }): void {
  if (!isBoardType(itemType)) return;
  if (current && current.page_title === next.title && current.page_content === next.content) return;
  throw new ApiError(10101, 'board.readOnly');
}
