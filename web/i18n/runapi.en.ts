/** English texts of RunApi pages (item_type 3) as the reader shows them. */
export const runApiEn = {
  method: 'Method',
};
