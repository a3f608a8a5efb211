/**
 * What one .xlsx import may cost (ARCHITECTURE security rule 9). The zip itself is checked by the
 * import module's guard (entry names, count, declared and inflated sizes); these caps come on top,
 * sized so that what is imported can still be saved as one page (MAX_CONTENT_CHARS).
 */

const MB = 1024 * 1024;

export const MAX_XLSX_BYTES = 10 * MB;
export const XLSX_BODY_LIMIT = MAX_XLSX_BYTES + 64 * 1024;
/** Unpacked size of all parts together: exceljs holds the whole workbook in memory. */
export const MAX_XLSX_UNPACKED_BYTES = 60 * MB;
export const MAX_SHEETS = 50;
/** Cells holding a value, over all sheets. */
export const MAX_CELLS = 50_000;
/** `<c>` elements in the sheet parts, counted before exceljs parses them (styled empty cells included). */
export const MAX_CELL_ELEMENTS = 1_000_000;
/** x-spreadsheet addresses rows and columns by index; a cell beyond these is not kept. */
export const MAX_ROWS = 20_000;
export const MAX_COLUMNS = 1_000;
/** Lines of `dropped` in one answer; the rest are counted in a last line. */
export const MAX_DROPPED_LINES = 100;
