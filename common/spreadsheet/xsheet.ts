/**
 * ShowDoc's stored spreadsheet (item_type 4): the page content is the JSON array that its
 * x-spreadsheet component's `getData()` returns, one entry per sheet. Folio stores this format as it
 * is, so a sheet moves between ShowDoc and Folio unchanged; everything else (the browser component's
 * own model, .xlsx, Word tables, readable diffs) converts from and to it.
 */

/** A border edge: [line style, colour], e.g. ['thin', '#000']. */
export type XBorderEdge = [style: 'thin' | 'medium' | 'thick' | 'dashed' | 'dotted' | 'double' | string, color: string];

export interface XStyle {
  bgcolor?: string;
  color?: string;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
  textwrap?: boolean;
  strike?: boolean;
  underline?: boolean;
  /** x-spreadsheet's number formats: normal, text, number, percent, rmb, usd, eur, date, time, datetime, duration. */
  format?: string;
  font?: { name?: string; size?: number; bold?: boolean; italic?: boolean };
  border?: { top?: XBorderEdge; right?: XBorderEdge; bottom?: XBorderEdge; left?: XBorderEdge };
}

export interface XCell {
  /** What the user typed: a value, or a formula starting with '='. */
  text?: string;
  /** Index into the sheet's `styles`. */
  style?: number;
  /** On the top-left cell of a merge: [extra rows, extra columns]. */
  merge?: [rows: number, cols: number];
  editable?: boolean;
}

export interface XRow {
  height?: number;
  /** x-spreadsheet hides a row with `hide: true`. */
  hide?: boolean;
  cells?: Record<string, XCell>;
}

export interface XSheet {
  name: string;
  /** The top-left cell that is not frozen, e.g. 'A2' freezes the first row; 'A1' freezes nothing. */
  freeze?: string;
  styles?: XStyle[];
  /** Merged ranges such as 'B5:F5'. */
  merges?: string[];
  /** Rows by index ('0' is row 1), plus `len`, the number of rows shown. */
  rows?: Record<string, XRow | number> & { len?: number };
  /** Columns by index ('0' is column A), plus `len`, the number of columns shown. */
  cols?: Record<string, { width?: number; hide?: boolean } | number> & { len?: number };
  validations?: unknown[];
  autofilter?: unknown;
}

/** The page content of a spreadsheet project: the sheets in order. */
export type XWorkbook = XSheet[];
