import { z } from 'zod';
import { int, text } from '../wire.js';

/** What the spreadsheet actions answer (Folio's own: ShowDoc reads and writes .xlsx in the browser). */

/**
 * `sheet/importXlsx`: the workbook as ShowDoc's x-spreadsheet JSON (common/spreadsheet/xsheet.ts),
 * not saved yet — the screen shows it and saves it as an edit — and what could not be kept.
 */
export const SheetImported = z.object({
  /** JSON of an XWorkbook, ready to be the page content. */
  content: text(),
  sheets: int(),
  cells: int(),
  /** One line per thing the import left out or changed (e.g. "Sheet2!C4: image dropped"), in the caller's language where it has one. */
  dropped: z.array(text()),
});
export type SheetImported = z.infer<typeof SheetImported>;
