import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUARTERLY_SALES } from '../../../common/spreadsheet/fixture.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { addCatalog, addMember, createItem, type TestItem } from '../../test/item-factories.js';

let t: TestApp;
let owner: TestUser, reader: TestUser, limited: TestUser, stranger: TestUser;
let sheet: TestItem, privateSheet: TestItem, regular: TestItem;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sheetPage(itemId: number): Promise<number> {
  const page = await t.database.db.selectFrom('page').select('page_id').where('item_id', '=', itemId).executeTakeFirstOrThrow();
  return page.page_id;
}

async function saveSheet(user: TestUser, item: TestItem, content: string) {
  const page_id = await sheetPage(item.item_id);
  return t.call('page/save', { item_id: item.item_id, page_id, page_title: item.item_name, page_content: content }, { token: user.token });
}

function exportXlsx(user: TestUser | undefined, itemId: number | string, method: 'GET' | 'POST' = 'GET') {
  const query = new URLSearchParams({ item_id: String(itemId), ...(user ? { user_token: user.token } : {}) });
  return t.app.inject({ method, url: `/api/sheet/exportXlsx?${query.toString()}` });
}

async function readXlsx(body: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

beforeAll(async () => {
  t = await startTestApp();
  [owner, reader, limited, stranger] = [await registerUser(t), await registerUser(t), await registerUser(t), await registerUser(t)];
  sheet = await createItem(t, owner, { item_type: 4, item_name: '季度销售表 Quarterly "Sales"' });
  privateSheet = await createItem(t, owner, { item_type: 4, password: 'secret' });
  regular = await createItem(t, owner);
  await addMember(t, sheet.item_id, reader, 0);
  const someCatalog = await addCatalog(t, sheet.item_id, 'elsewhere');
  await addMember(t, sheet.item_id, limited, 0, [someCatalog.cat_id]);
  expect((await saveSheet(owner, sheet, QUARTERLY_SALES)).error_code).toBe(0);
  expect((await saveSheet(owner, privateSheet, QUARTERLY_SALES)).error_code).toBe(0);
});
afterAll(() => t.close());

describe('sheet/exportXlsx', () => {
  it('downloads the saved sheet as <project name>.xlsx with its text, formulas, styles, merges, widths and frozen row', async () => {
    const res = await exportXlsx(owner, sheet.item_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[^"]*\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("''")[1] ?? '')).toBe('季度销售表 Quarterly _Sales.xlsx');
    const book = await readXlsx(res.rawPayload);
    expect(book.worksheets.map((ws) => ws.name)).toEqual(['2024 销售', '负责人 Owners']);
    const ws = book.getWorksheet('2024 销售')!;
    expect(ws.getCell('A1').value).toBe('区域 Region');
    expect(ws.getCell('A1').font.bold).toBe(true);
    expect(ws.getCell('A1').alignment.horizontal).toBe('center');
    expect(ws.getCell('A1').fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF4F5F8' } });
    expect(ws.getCell('B2').value).toBe(1200.5);
    expect(ws.getCell('F2').formula).toBe('SUM(B2:E2)');
    expect(ws.getCell('B5').value).toBe('单位：万元（人民币）');
    expect(ws.model.merges).toEqual(['B5:F5']);
    expect(ws.getColumn(1).width).toBeCloseTo(120 / 7);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 0, ySplit: 1 });
    expect(book.getWorksheet('负责人 Owners')!.getCell('C2').value).toBe('021-5555-0101');
  });

  it('works by POST too, and for readers and visitors of a public project', async () => {
    expect((await exportXlsx(owner, sheet.item_id, 'POST')).statusCode).toBe(200);
    expect((await exportXlsx(reader, sheet.item_id)).headers['content-type']).toBe(XLSX);
    expect((await exportXlsx(stranger, sheet.item_id)).headers['content-type']).toBe(XLSX);
    expect((await exportXlsx(undefined, sheet.item_id)).headers['content-type']).toBe(XLSX);
  });

  it('refuses a private project to callers without the password, and members outside the sheet catalog', async () => {
    expect((await exportXlsx(undefined, privateSheet.item_id)).json()).toMatchObject({ error_code: 10307 });
    expect((await exportXlsx(stranger, privateSheet.item_id)).json()).toMatchObject({ error_code: 10307 });
    expect((await exportXlsx(owner, privateSheet.item_id)).headers['content-type']).toBe(XLSX);
    expect((await exportXlsx(limited, sheet.item_id)).json()).toMatchObject({ error_code: 10103 });
  });

  it('refuses projects that are not spreadsheets, and bad ids', async () => {
    expect((await exportXlsx(owner, regular.item_id)).json()).toMatchObject({ error_code: 10101, error_message: 'This is not a spreadsheet project' });
    expect((await exportXlsx(owner, 'x')).json()).toMatchObject({ error_code: 10100 });
    expect((await exportXlsx(owner, 0)).json()).toMatchObject({ error_code: 10100 });
    expect((await exportXlsx(owner, '1e99')).json()).toMatchObject({ error_code: 10100 });
    expect((await exportXlsx(owner, 987654321)).json().error_code).not.toBe(0);
  });

  it('gives an empty workbook for a sheet never saved', async () => {
    const fresh = await createItem(t, owner, { item_type: 4 });
    const book = await readXlsx((await exportXlsx(owner, fresh.item_id)).rawPayload);
    expect(book.worksheets).toHaveLength(1);
    expect(book.worksheets[0]?.rowCount).toBe(0);
  });
});
