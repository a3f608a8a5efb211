/** English texts of kanban boards (item_type 6) and whiteboards (item_type 5), shown read-only. */
export const boardEn = {
  readOnly: 'This board is shown read-only in this version of Folio.',
};
