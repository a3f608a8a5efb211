import { locale, type Context, type Sheet } from '@fortune-sheet/core';
import { Workbook, type WorkbookInstance } from '@fortune-sheet/react';
import '@fortune-sheet/react/dist/index.css';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { fortuneToXWorkbook } from './convert/fortune-to-xsheet';
import { COL_WIDTH, MIN_COLS, MIN_ROWS, ROW_HEIGHT, type FortuneBook } from './convert/sheet-model';

export interface SheetGridProps {
  book: FortuneBook;
  editable: boolean;
  lang: 'en' | 'zh';
  /** The sheets in ShowDoc's stored format (JSON), after each change. */
  onChange?: (content: string) => void;
}

/**
 * The font of a cell without one: Fortune-sheet draws such cells with the first font of its menu,
 * Times New Roman. A generic sans-serif first in the menu (the other fonts stay offered) draws them like
 * the rest of the app, and nothing is written into the cells: the stored sheet only holds fonts people chose.
 */
export const DEFAULT_CELL_FONT = 'sans-serif';
for (const lang of ['en', 'zh'] as const) {
  const fonts = locale({ lang } as Pick<Context, 'lang'> as Context).fontarray;
  if (fonts[0] !== DEFAULT_CELL_FONT) fonts.unshift(DEFAULT_CELL_FONT);
}

/**
 * Where the cursor starts. Without a focus cell Fortune-sheet's name box shows nothing, or "A1:NaN"
 * when A1 starts a merge, until the first click. Kept on screen only: the converter does not store it.
 */
function withStartSelection(sheets: Sheet[]): Sheet[] {
  return sheets.map((sheet) => {
    if ((sheet.luckysheet_select_save?.length ?? 0) > 0) return sheet;
    const merge = sheet.config?.merge?.['0_0'];
    const rows = merge ? merge.rs : 1;
    const cols = merge ? merge.cs : 1;
    return { ...sheet, luckysheet_select_save: [{ row: [0, rows - 1], column: [0, cols - 1], row_focus: 0, column_focus: 0 }] };
  });
}

/**
 * The Fortune-sheet component (downloaded only with this screen). It owns its data once shown: a new
 * book (an import, a restored draft) is shown by mounting it again with another key.
 */
export default function SheetGrid({ book, editable, lang, onChange }: SheetGridProps) {
  // What the book holds as loaded: the component also reports selections and scrolling, which change nothing.
  const last = useRef<string | null>(null);
  last.current ??= JSON.stringify(fortuneToXWorkbook(book.sheets, book.extras));
  const workbook = useRef<WorkbookInstance>(null);
  const data = useMemo(() => withStartSelection(book.sheets), [book.sheets]);
  useEffect(() => {
    // Stored sheets keep formulas, not their values (x-spreadsheet computes on screen): compute them once shown.
    const api = workbook.current;
    if (!api) return;
    for (const sheet of book.sheets) {
      if (sheet.id !== undefined && (sheet.calcChain?.length ?? 0) > 0) api.calculateFormula(sheet.id);
    }
  }, [book.sheets]);
  const changed = useCallback(
    (sheets: Sheet[]) => {
      if (!onChange) return;
      const content = JSON.stringify(fortuneToXWorkbook(sheets, book.extras));
      if (content === last.current) return;
      last.current = content;
      onChange(content);
    },
    [book.extras, onChange],
  );
  return (
    <Workbook
      ref={workbook}
      data={data}
      lang={lang}
      allowEdit={editable}
      showToolbar={editable}
      showFormulaBar={editable}
      row={MIN_ROWS}
      column={MIN_COLS}
      defaultRowHeight={ROW_HEIGHT}
      defaultColWidth={COL_WIDTH}
      forceCalculation
      onChange={changed}
    />
  );
}
