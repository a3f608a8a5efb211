/** ShowDoc's project types Folio shows read-only until it edits them. */
export const WHITEBOARD = 5;
export const KANBAN = 6;

/** The page that holds a kanban project's columns and card order (ShowDoc's name). */
export const KANBAN_BOARD_TITLE = '__kanban_board__';

export function isBoardType(itemType: number): boolean {
  return itemType === WHITEBOARD || itemType === KANBAN;
}
