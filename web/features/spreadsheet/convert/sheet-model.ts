import type { Sheet } from '@fortune-sheet/core';

/** What x-spreadsheet keeps that Fortune-sheet has no place for, carried beside the sheet by its id. */
export interface SheetExtras {
  rowsLen?: number;
  colsLen?: number;
  /** Sheet-level keys passed through untouched (validations, autofilter, anything newer). */
  passthrough: Record<string, unknown>;
}

export interface FortuneBook {
  sheets: Sheet[];
  extras: Record<string, SheetExtras>;
}

/** ShowDoc's sheet: 800 rows of height 25 (seed 001 §9); x-spreadsheet's columns are 100 px wide. */
export const MIN_ROWS = 800;
export const MIN_COLS = 26;
export const ROW_HEIGHT = 25;
export const COL_WIDTH = 100;
/** x-spreadsheet's `len` when a sheet does not say. */
export const X_DEFAULT_ROWS_LEN = 100;
export const X_DEFAULT_COLS_LEN = 26;
