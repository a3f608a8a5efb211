import ExcelJS from 'exceljs';
import { PNG } from '../../test/upload-helpers.js';

/** Workbooks the sheet tests import, made with exceljs as Excel would save them. Tests only. */

/** Two sheets: Chinese text, formulas (one shared), a merge, styles, widths, heights, a frozen row. */
export async function salesWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('销售 2025', { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  ws.getCell('A1').value = '区域';
  ws.getCell('B1').value = '金额';
  ws.getCell('C1').value = '占比';
  ws.getCell('A2').value = '华东';
  ws.getCell('B2').value = 1200.5;
  ws.getCell('A3').value = '华南';
  ws.getCell('B3').value = 980;
  ws.getCell('B4').value = { formula: 'SUM(B2:B3)', result: 2180.5 } as ExcelJS.CellFormulaValue;
  ws.getCell('C2').value = { formula: 'B2/$B$4', result: 0.55 } as ExcelJS.CellFormulaValue;
  ws.getCell('C3').value = { sharedFormula: 'C2', result: 0.45 } as ExcelJS.CellSharedFormulaValue;
  ws.getCell('A5').value = '备注：单位万元';
  ws.mergeCells('A5:C5');
  ws.getCell('D1').value = new Date(Date.UTC(2025, 0, 31));
  ws.getCell('D2').value = true;
  for (const ref of ['A1', 'B1', 'C1']) {
    ws.getCell(ref).style = {
      font: { bold: true, italic: true, color: { argb: 'FFFF0000' } },
      fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF4F5F8' } },
      alignment: { horizontal: 'center', vertical: 'middle', wrapText: true },
      border: { top: { style: 'thin', color: { argb: 'FF000000' } }, bottom: { style: 'medium', color: { argb: 'FF0000FF' } } },
    };
  }
  ws.getCell('C2').numFmt = '0.00%';
  ws.getCell('B2').numFmt = '#,##0.00';
  ws.getCell('D1').numFmt = 'yyyy-mm-dd';
  ws.getColumn(1).width = 20;
  ws.getRow(1).height = 30;
  const owners = book.addWorksheet('负责人');
  owners.getCell('A1').value = '张伟';
  owners.getCell('B1').value = '021-5555-0101';
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One sheet with everything x-spreadsheet has no place for. */
export async function lossyWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('杂项');
  ws.getCell('A1').value = 1;
  ws.getCell('A2').value = 2;
  ws.getCell('A1').note = '批注';
  ws.getCell('B1').value = { text: '官网', hyperlink: 'https://example.com' };
  ws.getCell('B2').dataValidation = { type: 'list', allowBlank: true, formulae: ['"a,b"'] };
  ws.addConditionalFormatting({
    ref: 'A1:A2',
    rules: [{ type: 'expression', priority: 1, formulae: ['A1>1'], style: { fill: { type: 'pattern', pattern: 'solid', bgColor: { argb: 'FFFF0000' } } } }],
  });
  ws.addImage(book.addImage({ buffer: PNG as unknown as ExcelJS.Buffer, extension: 'png' }), 'D1:E3');
  ws.getCell('C1').value = { error: '#DIV/0!' } as ExcelJS.CellErrorValue;
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** `sheets` sheets, the first with `cells` numbers in rows of ten. */
export async function sizedWorkbook(options: { sheets?: number; cells?: number }): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (let s = 0; s < (options.sheets ?? 1); s++) {
    const ws = book.addWorksheet(`S${s + 1}`);
    if (s === 0) for (let n = 0; n < (options.cells ?? 1); n++) ws.getCell(Math.floor(n / 10) + 1, (n % 10) + 1).value = n;
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
