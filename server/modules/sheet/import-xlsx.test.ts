import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetImported } from '../../../common/answers/sheet.js';
import { readWorkbook } from '../../../common/spreadsheet/read.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { rawZip, zeroBomb } from '../../test/import-helpers.js';
import { addMember, createItem, type TestItem } from '../../test/item-factories.js';
import { lossyWorkbook, salesWorkbook, sizedWorkbook } from './xlsx-samples.js';

let t: TestApp;
let owner: TestUser, editor: TestUser, reader: TestUser, stranger: TestUser;
let sheet: TestItem, regular: TestItem, privateSheet: TestItem;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A multipart upload as the sheet screen sends it; `lang` is the browser's Accept-Language. */
async function importXlsx(user: TestUser | undefined, itemId: number | string, data: Buffer | null, lang = 'en') {
  const boundary = '----sheet-test-boundary';
  const fields: Record<string, string> = { item_id: String(itemId), ...(user ? { user_token: user.token } : {}) };
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (data) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sales.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`), data, Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sheet/importXlsx',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': lang },
    payload: Buffer.concat(chunks),
  });
  return { status: response.statusCode, body: response.json() as { error_code: number; error_message?: string; data?: unknown } };
}

beforeAll(async () => {
  t = await startTestApp();
  [owner, editor, reader, stranger] = [await registerUser(t), await registerUser(t), await registerUser(t), await registerUser(t)];
  sheet = await createItem(t, owner, { item_type: 4, item_name: '季度表' });
  regular = await createItem(t, owner);
  privateSheet = await createItem(t, owner, { item_type: 4, password: 'secret' });
  await addMember(t, sheet.item_id, editor, 1);
  await addMember(t, sheet.item_id, reader, 0);
});
afterAll(() => t.close());

describe('sheet/importXlsx', () => {
  it('reads values, formulas, styles, merges, widths, heights, frozen panes and several sheets', async () => {
    const res = await importXlsx(editor, sheet.item_id, await salesWorkbook());
    expect(res.body.error_code).toBe(0);
    const data = res.body.data as SheetImported;
    expect(data).toMatchObject({ sheets: 2, cells: 15, dropped: [] });
    const [sales, owners] = readWorkbook(data.content);
    expect(sales?.name).toBe('销售 2025');
    expect(sales?.freeze).toBe('B2');
    const cell = (r: number, c: number) => (sales?.rows?.[String(r)] as { cells: Record<string, { text?: string; style?: number; merge?: number[] }> } | undefined)?.cells[String(c)];
    expect(cell(0, 0)?.text).toBe('区域');
    expect(cell(1, 1)?.text).toBe('1200.5');
    expect(cell(3, 1)?.text).toBe('=SUM(B2:B3)');
    expect(cell(1, 2)?.text).toBe('=B2/$B$4');
    // A shared formula comes back moved to its own cell, as Excel shows it.
    expect(cell(2, 2)?.text).toBe('=B3/$B$4');
    expect(cell(0, 3)?.text).toBe('2025-01-31');
    expect(cell(1, 3)?.text).toBe('TRUE');
    expect(cell(4, 0)).toMatchObject({ text: '备注：单位万元', merge: [0, 2] });
    expect(sales?.merges).toEqual(['A5:C5']);
    expect(sales?.styles?.[cell(0, 0)?.style ?? -1]).toEqual({
      font: { bold: true, italic: true },
      color: '#ff0000',
      bgcolor: '#f4f5f8',
      align: 'center',
      valign: 'middle',
      textwrap: true,
      border: { top: ['thin', '#000000'], bottom: ['medium', '#0000ff'] },
    });
    expect(sales?.styles?.[cell(1, 2)?.style ?? -1]).toEqual({ format: 'percent' });
    expect(sales?.styles?.[cell(1, 1)?.style ?? -1]).toEqual({ format: 'number' });
    expect(sales?.styles?.[cell(0, 3)?.style ?? -1]).toEqual({ format: 'date' });
    expect(sales?.cols?.['0']).toEqual({ width: 140 });
    expect((sales?.rows?.['0'] as { height?: number }).height).toBe(40);
    expect(owners?.name).toBe('负责人');
    expect(owners?.rows?.['0']).toEqual({ cells: { 0: { text: '张伟' }, 1: { text: '021-5555-0101' } } });
  });

  it('does not save anything: the screen saves the answer as an edit', async () => {
    await importXlsx(owner, sheet.item_id, await salesWorkbook());
    const pages = await t.database.db.selectFrom('page').select('page_content').where('item_id', '=', sheet.item_id).execute();
    expect(pages).toEqual([{ page_content: '' }]);
  });

  it('lists what it could not keep, in the caller language', async () => {
    const data = (await importXlsx(owner, sheet.item_id, await lossyWorkbook())).body.data as SheetImported;
    expect(data.dropped).toEqual(
      expect.arrayContaining(['杂项: images dropped', '杂项: conditional formatting dropped', '杂项: data validation dropped', '杂项!A1: comment dropped', '杂项!B1: link dropped, text kept', '杂项!C1: error value kept as text']),
    );
    const book = readWorkbook(data.content);
    expect((book[0]?.rows?.['0'] as { cells: Record<string, { text?: string }> }).cells).toMatchObject({ 0: { text: '1' }, 1: { text: '官网' }, 2: { text: '#DIV/0!' } });
    const zh = (await importXlsx(owner, sheet.item_id, await lossyWorkbook(), 'zh-CN,zh;q=0.9')).body.data as SheetImported;
    expect(zh.dropped).toEqual(expect.arrayContaining(['杂项: 图片未导入', '杂项!A1: 批注未导入']));
  });

  it('refuses callers who may not edit the project', async () => {
    const data = await salesWorkbook();
    expect((await importXlsx(undefined, sheet.item_id, data)).body.error_code).toBe(10102);
    expect((await importXlsx(reader, sheet.item_id, data)).body.error_code).toBe(10303);
    expect((await importXlsx(stranger, sheet.item_id, data)).body.error_code).toBe(10303);
    expect((await importXlsx(stranger, privateSheet.item_id, data)).body.error_code).toBe(10307);
  });

  it('refuses a project that is not a spreadsheet, and bad ids', async () => {
    const data = await salesWorkbook();
    const res = await importXlsx(owner, regular.item_id, data);
    expect(res.body).toMatchObject({ error_code: 10101, error_message: 'This is not a spreadsheet project' });
    expect((await importXlsx(owner, 'abc', data)).body.error_code).toBe(10100);
    expect((await importXlsx(owner, -1, data)).body.error_code).toBe(10100);
    expect((await importXlsx(owner, '99999999999999999999', data)).body.error_code).toBe(10100);
    expect((await importXlsx(owner, 999999, data)).body.error_code).not.toBe(0);
  });

  it('refuses missing, empty, foreign and old files with a clear message', async () => {
    expect((await importXlsx(owner, sheet.item_id, null)).body).toMatchObject({ error_code: 10101, error_message: 'Choose a file to import' });
    expect((await importXlsx(owner, sheet.item_id, Buffer.alloc(0))).body).toMatchObject({ error_code: 10101, error_message: 'The file is empty' });
    expect((await importXlsx(owner, sheet.item_id, Buffer.from('区域,金额\n华东,1\n'))).body.error_message).toBe('The file is not an Excel workbook (.xlsx)');
    const docxLike = rawZip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]);
    expect((await importXlsx(owner, sheet.item_id, docxLike)).body.error_message).toBe('The file is not an Excel workbook (.xlsx)');
    const broken = rawZip([{ name: 'xl/workbook.xml', data: Buffer.from('<not xml') }]);
    expect((await importXlsx(owner, sheet.item_id, broken)).body.error_message).toBe('The file is not an Excel workbook (.xlsx)');
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect((await importXlsx(owner, sheet.item_id, xls)).body.error_message).toMatch(/^Old \.xls files/);
  });

  it('refuses files over 10 MB', async () => {
    const big = Buffer.concat([await salesWorkbook(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await importXlsx(owner, sheet.item_id, big);
    expect(res.status).toBe(413);
    expect(res.body.error_code).toBe(10100);
    // Just under the cap passes the edge and is read.
    const fits = Buffer.concat([await salesWorkbook(), Buffer.alloc(1024)]);
    expect((await importXlsx(owner, sheet.item_id, fits)).body.error_code).not.toBe(10100);
  });

  it('refuses zip bombs and hostile archives through the import zip guard', async () => {
    // Declares 1 KB, inflates to 200 MB.
    const bomb = rawZip([
      { name: 'xl/workbook.xml', data: zlib.deflateRawSync('<workbook/>'), deflated: true, size: 11 },
      { name: 'xl/worksheets/sheet1.xml', data: zeroBomb(200), deflated: true, size: 1024 },
    ]);
    expect((await importXlsx(owner, sheet.item_id, bomb)).body.error_code).toBe(10101);
    // Honest about its size, and too big unpacked.
    const honest = rawZip([
      { name: 'xl/workbook.xml', data: zlib.deflateRawSync('<workbook/>'), deflated: true, size: 11 },
      ...[1, 2, 3, 4].map((n) => ({ name: `xl/worksheets/sheet${n}.xml`, data: zeroBomb(16), deflated: true, size: 16 * 1024 * 1024 })),
    ]);
    expect((await importXlsx(owner, sheet.item_id, honest)).body.error_message).toBe('The zip unpacks to more than 60 MB');
    const slip = rawZip([{ name: '../../evil.xml', data: Buffer.from('x') }, { name: 'xl/workbook.xml', data: Buffer.from('<w/>') }]);
    expect((await importXlsx(owner, sheet.item_id, slip)).body.error_message).toMatch(/unsafe path/);
  });

  it('caps sheets and cells', async () => {
    expect((await importXlsx(owner, sheet.item_id, await sizedWorkbook({ sheets: 51 }))).body.error_message).toBe('The workbook has more than 50 sheets');
    const tooMany = await importXlsx(owner, sheet.item_id, await sizedWorkbook({ cells: 50_001 }));
    expect(tooMany.body.error_message).toBe('The workbook has more than 50000 cells');
    // A million empty cell elements compress to almost nothing: counted before exceljs parses them.
    const many = Buffer.from(`<worksheet><sheetData><row r="1">${'<c r="A1"/>'.repeat(1_000_001)}</row></sheetData></worksheet>`);
    const dense = rawZip([
      { name: 'xl/workbook.xml', data: zlib.deflateRawSync('<workbook/>'), deflated: true, size: 11 },
      { name: 'xl/worksheets/sheet1.xml', data: zlib.deflateRawSync(many), deflated: true, size: many.length },
    ]);
    expect((await importXlsx(owner, sheet.item_id, dense)).body.error_message).toBe('The workbook has more than 1000000 cells');
  }, 60_000);
});
