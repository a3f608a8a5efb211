import type { Sheet } from '@fortune-sheet/core';
import { Workbook, type WorkbookInstance } from '@fortune-sheet/react';
import '@fortune-sheet/react/dist/index.css';
import { useCallback, useEffect, useRef } from 'react';
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
 * The Fortune-sheet component (downloaded only with this screen). It owns its data once shown: a new
 * book (an import, a restored draft) is shown by mounting it again with another key.
 */
export default function SheetGrid({ book, editable, lang, onChange }: SheetGridProps) {
  // What the book holds as loaded: the component also reports selections and scrolling, which change nothing.
  const last = useRef<string | null>(null);
  last.current ??= JSON.stringify(fortuneToXWorkbook(book.sheets, book.extras));
  const workbook = useRef<WorkbookInstance>(null);
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
      data={book.sheets}
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
