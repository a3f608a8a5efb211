import { sql, type Expression, type SqlBool } from 'kysely';
import { KANBAN, KANBAN_BOARD_TITLE } from './board-types.js';

/**
 * A kanban project's board page holds its columns and card order: Folio shows it as the board
 * (kanban/board), never as a page of its own in menus, search results, Word exports or page counts.
 * A page of another project that happens to carry the same title stays a page.
 */
export function isKanbanBoardPage(itemType: number, pageTitle: string): boolean {
  return itemType === KANBAN && pageTitle === KANBAN_BOARD_TITLE;
}

/**
 * The same rule as one SQL condition on a page row, for queries over many projects. `table` is the
 * alias the page row has in the query (`page` when it is not aliased).
 */
export function notKanbanBoardPage(table = 'page'): Expression<SqlBool> {
  const title = sql.ref(`${table}.page_title`);
  const itemId = sql.ref(`${table}.item_id`);
  return sql<SqlBool>`not (${title} = ${KANBAN_BOARD_TITLE} and ${itemId} in (select k.item_id from item k where k.item_type = ${KANBAN}))`;
}
