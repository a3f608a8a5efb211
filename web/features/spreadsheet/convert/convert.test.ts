import type { Sheet } from '@fortune-sheet/core';
import { describe, expect, it } from 'vitest';
import type { XSheet, XWorkbook } from '../../../../common/spreadsheet/xsheet';
import { fortuneToXWorkbook } from './fortune-to-xsheet';
import { MIN_ROWS } from './sheet-model';
import { parseXWorkbook, xWorkbookToFortune } from './xsheet-to-fortune';

// ShowDoc's page 153008526 (季度销售表) byte for byte, from the fixture database's manifest.
import fixture from './fixtures/quarterly-sales.json?raw';

function roundTrip(workbook: XWorkbook): XWorkbook {
  const book = xWorkbookToFortune(workbook);
  return fortuneToXWorkbook(book.sheets, book.extras);
}

/** x-spreadsheet marks a merge on its top-left cell as well as in `merges`; ShowDoc's fixture left that out. */
function withMergeMarks(workbook: XWorkbook): XWorkbook {
  const copy = structuredClone(workbook);
  for (const sheet of copy) {
    for (const ref of sheet.merges ?? []) {
      const [from, to] = ref.split(':') as [string, string];
      const col = (name: string) => name.replace(/\d+/, '').charCodeAt(0) - 65;
      const row = (name: string) => Number(name.replace(/[A-Z]+/, '')) - 1;
      const cells = ((sheet.rows![row(from)] as { cells: Record<string, object> }).cells ??= {});
      cells[col(from)] = { ...cells[col(from)], merge: [row(to) - row(from), col(to) - col(from)] };
    }
  }
  return copy;
}

/** A sheet built the way x-spreadsheet's getData() writes one. */
function xsheet(partial: Partial<XSheet>): XSheet {
  return { name: 'sheet1', freeze: 'A1', styles: [], merges: [], rows: { len: 100 }, cols: { len: 26 }, validations: [], autofilter: {}, ...partial };
}

describe('ShowDoc sheet ↔ Fortune-sheet', () => {
  it('keeps ShowDoc’s quarterly sales sheet (two sheets, freeze, style, merge, widths, Chinese, formulas)', () => {
    const stored = parseXWorkbook(fixture);
    expect(stored).toHaveLength(2);
    expect(roundTrip(stored)).toEqual(withMergeMarks(stored));
  });

  it('shows the fixture as the component expects: formulas as formulas, numbers as numbers, merge marks, 800 rows', () => {
    const book = xWorkbookToFortune(parseXWorkbook(fixture));
    const first = book.sheets[0]!;
    expect(first.name).toBe('2024 销售');
    expect(first.row).toBe(MIN_ROWS);
    const at = (r: number, c: number) => first.celldata!.find((cell) => cell.r === r && cell.c === c)?.v;
    expect(at(1, 5)).toMatchObject({ f: '=SUM(B2:E2)' });
    expect(first.calcChain).toContainEqual({ r: 1, c: 5, id: first.id });
    expect(at(1, 1)).toMatchObject({ v: 1200.5 });
    expect(at(0, 0)).toMatchObject({ v: '区域 Region', bl: 1, bg: '#f4f5f8', ht: 0 });
    expect(at(4, 1)).toMatchObject({ mc: { r: 4, c: 1, rs: 1, cs: 5 } });
    expect(at(4, 3)).toMatchObject({ mc: { r: 4, c: 1 } });
    expect(first.config?.columnlen).toEqual({ 0: 120, 1: 100, 5: 120 });
    expect(first.frozen).toEqual({ type: 'rangeRow', range: { row_focus: 0, column_focus: -1 } });
  });

  it('keeps every style x-spreadsheet has, borders included', () => {
    const styles: XSheet['styles'] = [
      { font: { bold: true, italic: true, name: 'Courier New', size: 14 }, color: '#ff0000', bgcolor: '#00ff00', align: 'right', valign: 'top' },
      { textwrap: true, strike: true, underline: true, align: 'left', valign: 'bottom' },
      { format: 'percent', align: 'center', valign: 'middle' },
      { border: { top: ['thin', '#000'], right: ['medium', '#111'], bottom: ['thick', '#222'], left: ['dashed', '#333'] } },
      { border: { bottom: ['dotted', '#444'], left: ['double', '#555'] }, format: 'rmb' },
      { format: 'text' },
      { format: 'datetime' },
    ];
    const rows: XSheet['rows'] = { len: 100 };
    styles.forEach((_, index) => {
      rows[index] = { cells: { 0: { text: `cell ${index}`, style: index } } };
    });
    const sheet = xsheet({ styles, rows });
    expect(roundTrip([sheet])).toEqual([sheet]);
  });

  it('keeps merges, heights, widths, hidden rows and columns, freezes and several sheets', () => {
    const first = xsheet({
      name: '第一页',
      freeze: 'C3',
      merges: ['A1:C2', 'E5:E9'],
      rows: { 0: { cells: { 0: { text: '合并', merge: [1, 2] } }, height: 40 }, 4: { cells: { 4: { text: 'tall', merge: [4, 0] } } }, 7: { hide: true }, len: 1000 },
      cols: { 0: { width: 200 }, 3: { hide: true }, len: 30 },
    });
    const second = xsheet({ name: 'Second', freeze: 'B1', rows: { 0: { cells: { 0: { text: '=第一页!A1' } } }, len: 100 } });
    const third = xsheet({ name: 'Third', freeze: 'A4' });
    expect(roundTrip([first, second, third])).toEqual([first, second, third]);
  });

  it('keeps text exactly as typed: leading zeros, trailing zeros, spaces, line breaks, formulas', () => {
    const texts = ['007', '1350.0', ' 12', '1e3', '-0.5', '中文\n第二行', '=A1*2', '=', 'TRUE', ''];
    const rows: XSheet['rows'] = { len: 100 };
    texts.forEach((text, index) => {
      rows[index] = { cells: { 0: { text } } };
    });
    const out = roundTrip([xsheet({ rows })]);
    const back = texts.map((_, index) => (out[0]!.rows![index] as { cells?: Record<string, { text?: string }> } | undefined)?.cells?.[0]?.text);
    // An empty text is an empty cell: x-spreadsheet drops it too.
    expect(back).toEqual([...texts.slice(0, -1), undefined]);
  });

  it('passes through what Fortune-sheet has no place for (validations, autofilter, unknown keys)', () => {
    const sheet = { ...xsheet({ validations: [{ refs: ['A1:A3'], mode: 'cell', type: 'list', required: false, value: 'a,b' }], autofilter: { ref: 'A1:C5', filters: [], sort: null } }), future: { x: 1 } };
    expect(roundTrip([sheet])).toEqual([sheet]);
  });

  it('reads what Fortune-sheet writes after editing: data matrix, range borders, typed numbers, dates, rich text', () => {
    const sheet: Sheet = {
      id: 'new',
      name: 'Edited',
      order: 0,
      data: [
        [{ v: 42, m: '42', ct: { fa: 'General', t: 'n' } }, { v: 45292, m: '2024-01-01', ct: { fa: 'yyyy-MM-dd', t: 'd' } }],
        [{ ct: { t: 'inlineStr', s: [{ v: '第一行\n' }, { v: 'second' }] } }, { f: '=SUM(A1:A1)', v: 42, m: '42' }],
      ],
      config: {
        rowlen: { 0: 30 },
        borderInfo: [{ rangeType: 'range', borderType: 'border-outside', style: '1', color: '#000', range: [{ row: [0, 1], column: [0, 1] }] }],
      },
      frozen: { type: 'both' },
    };
    const [out] = fortuneToXWorkbook([sheet], {});
    expect(out).toMatchObject({ name: 'Edited', freeze: 'B2', rows: { 0: { height: 30 }, len: 100 } });
    const rows = out!.rows as Record<string, { cells: Record<string, { text?: string; style?: number }> }>;
    expect(rows[0]!.cells[0]!.text).toBe('42');
    expect(rows[0]!.cells[1]!.text).toBe('2024-01-01');
    expect(rows[1]!.cells[0]!.text).toBe('第一行\nsecond');
    expect(rows[1]!.cells[1]!.text).toBe('=SUM(A1:A1)');
    const styleOf = (r: number, c: number) => out!.styles![rows[r]!.cells[c]!.style!];
    expect(styleOf(0, 0)?.border).toEqual({ top: ['thin', '#000'], left: ['thin', '#000'] });
    expect(styleOf(1, 1)?.border).toEqual({ right: ['thin', '#000'], bottom: ['thin', '#000'] });
    expect(styleOf(0, 1)).toEqual({ format: 'date', border: { top: ['thin', '#000'], right: ['thin', '#000'] } });
  });

  it('opens a new spreadsheet project (empty content) as one empty sheet and refuses content that is not sheets', () => {
    const book = xWorkbookToFortune(parseXWorkbook(''));
    expect(book.sheets).toHaveLength(1);
    expect(fortuneToXWorkbook(book.sheets, book.extras)).toEqual([xsheet({ name: 'sheet1', validations: [], autofilter: {} })].map(({ validations, autofilter, ...rest }) => ({ ...rest, validations, autofilter })));
    expect(() => parseXWorkbook('{"a":1}')).toThrow();
    expect(() => parseXWorkbook('not json')).toThrow();
  });
});
