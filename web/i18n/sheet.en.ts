/** English texts of the spreadsheet screen (item_type 4). */
export const sheetEn = {
  loading: 'Opening the spreadsheet…',
};
