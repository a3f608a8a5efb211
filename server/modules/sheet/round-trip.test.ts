import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { QUARTERLY_SALES } from '../../../common/spreadsheet/fixture.js';
import { readWorkbook } from '../../../common/spreadsheet/read.js';
import type { XStyle, XWorkbook } from '../../../common/spreadsheet/xsheet.js';
import { workbookToXlsx } from './sheet-to-xlsx.js';
import { checkXlsx } from './xlsx-guard.js';
import { salesWorkbook } from './xlsx-samples.js';
import { xlsxToWorkbook } from './xlsx-to-sheet.js';

async function throughXlsx(workbook: XWorkbook): Promise<XWorkbook> {
  const xlsx = await workbookToXlsx(workbook);
  return (await xlsxToWorkbook(xlsx, await checkXlsx(xlsx))).workbook;
}

describe('ShowDoc JSON → .xlsx → JSON', () => {
  it('keeps the fixture sheet: text, formulas, styles, merges, widths, frozen row', async () => {
    const original = readWorkbook(QUARTERLY_SALES);
    const back = await throughXlsx(original);
    // x-spreadsheet marks a merge on its top-left cell as well; ShowDoc's fixture left that out.
    const expected = readWorkbook(QUARTERLY_SALES);
    const b5 = (expected[0]?.rows?.['4'] as { cells: Record<string, { merge?: [number, number] }> }).cells['1'];
    if (b5) b5.merge = [0, 4];
    expect(back).toEqual(expected);
  });

  it('keeps every x-spreadsheet number format, font, colour, alignment and border', async () => {
    const formats = ['text', 'number', 'percent', 'rmb', 'usd', 'eur', 'date', 'time', 'datetime', 'duration'];
    const styles: XStyle[] = [
      ...formats.map((format) => ({ format })),
      { font: { bold: true, italic: true, name: '宋体', size: 14 }, underline: true, strike: true, color: '#ff0000', bgcolor: '#00ff00' },
      { align: 'right', valign: 'bottom', textwrap: true },
      { border: { top: ['thin', '#000000'], right: ['medium', '#ff0000'], bottom: ['thick', '#00ff00'], left: ['dashed', '#0000ff'] } },
      { border: { top: ['dotted', '#000000'], bottom: ['double', '#000000'] } },
    ];
    const cells = Object.fromEntries(styles.map((_, i) => [String(i), { text: `v${i}`, style: i }]));
    const sheet = { name: '格式', freeze: 'C3', styles, merges: [], rows: { 0: { cells, height: 50 }, len: 100 }, cols: { 2: { width: 210, hide: true }, len: 26 }, validations: [], autofilter: {} };
    const [back] = await throughXlsx([sheet]);
    expect(back?.styles).toEqual(styles);
    expect(back?.freeze).toBe('C3');
    expect(back?.rows?.['0']).toMatchObject({ height: 50 });
    expect(back?.cols?.['2']).toEqual({ width: 210, hide: true });
  });

  it('keeps numbers that are text as text, and exports the ones that read back the same as numbers', async () => {
    const texts = ['007', '1e5', '1.50', '-3', '0.25', '12345678901234567890', '=A1*2', '=', ' 5'];
    const cells = Object.fromEntries(texts.map((text, i) => [String(i), { text }]));
    const [back] = await throughXlsx([{ name: 'S', rows: { 0: { cells } } }]);
    expect(Object.values((back?.rows?.['0'] as { cells: Record<string, { text?: string }> }).cells).map((c) => c.text)).toEqual(texts);
  });

  it('writes safe, unique sheet names Excel accepts', async () => {
    const xlsx = await workbookToXlsx([{ name: 'a/b?c*[d]:e\\' }, { name: 'a/b?c*[d]:e\\' }, { name: 'x'.repeat(40) }, { name: '' }]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    expect(book.worksheets.map((ws) => ws.name)).toEqual(['a_b_c__d__e_', 'a_b_c__d__e__2', 'x'.repeat(31), 'Sheet']);
  });
});

describe('.xlsx → JSON → .xlsx', () => {
  it('keeps Chinese text, formulas and merges, and a second pass changes nothing', async () => {
    const source = await salesWorkbook();
    const first = (await xlsxToWorkbook(source, await checkXlsx(source))).workbook;
    const xlsx = await workbookToXlsx(first);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    const ws = book.getWorksheet('销售 2025')!;
    expect(ws.getCell('A1').value).toBe('区域');
    expect(ws.getCell('A1').font).toMatchObject({ bold: true, italic: true, color: { argb: 'FFFF0000' } });
    expect(ws.getCell('B4').formula).toBe('SUM(B2:B3)');
    expect(ws.getCell('C3').formula).toBe('B3/$B$4');
    expect(ws.getCell('C2').numFmt).toBe('0.00%');
    expect(ws.model.merges).toEqual(['A5:C5']);
    expect(ws.getCell('A5').value).toBe('备注：单位万元');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
    expect(book.getWorksheet('负责人')!.getCell('A1').value).toBe('张伟');
    expect((await xlsxToWorkbook(xlsx, await checkXlsx(xlsx))).workbook).toEqual(first);
  });
});
