import type { SheetImported } from '../../../common/answers/sheet.js';
import { readWorkbook } from '../../../common/spreadsheet/read.js';
import type { AuthedCtx, Ctx, UploadedFile } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';
import { contentDisposition } from '../attachment/visit.js';
import { sanitizeName } from '../export/file-names.js';
import { claimImportSlot } from '../import/one-at-a-time.js';
import { requireEdit, requireVisit, type ItemAccess } from '../item/access.js';
import { MAX_CONTENT_CHARS, readableContent } from '../page/content.js';
import { reachPage } from '../page/page-access.js';
import { MAX_XLSX_BYTES } from './limits.js';
import { workbookToXlsx } from './sheet-to-xlsx.js';
import { checkXlsx } from './xlsx-guard.js';
import { xlsxToWorkbook } from './xlsx-to-sheet.js';

/**
 * Spreadsheet projects (item_type 4) hold one page whose content is x-spreadsheet JSON. ShowDoc read
 * and wrote .xlsx in the browser; Folio does it here, so that limits hold whatever the client is.
 */

const MB = 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOWNLOAD_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' };
export const SPREADSHEET = 4;

function requireSpreadsheet(access: ItemAccess): void {
  if (access.item.item_type !== SPREADSHEET) throw new ApiError(10101, 'sheet.notSpreadsheet');
}

function uploaded(ctx: AuthedCtx): UploadedFile {
  const file = ctx.files.find((f) => f.field === 'file') ?? ctx.files[0];
  if (!file) throw new ApiError(10101, 'import.noFile');
  if (file.data.length > MAX_XLSX_BYTES) throw new ApiError(10101, 'import.tooLarge', { max: String(MAX_XLSX_BYTES / MB) });
  if (file.data.length === 0) throw new ApiError(10101, 'import.empty');
  return file;
}

/** `sheet/importXlsx`: the file as the project's sheet JSON, not saved: the screen saves it as an edit. */
export async function importXlsx(ctx: AuthedCtx, itemId: number): Promise<SheetImported> {
  // Permission before the file is looked at: a caller who may not edit here costs nothing.
  requireSpreadsheet(await requireEdit(ctx, itemId));
  const file = uploaded(ctx);
  const release = claimImportSlot(ctx.user.uid);
  try {
    const parts = await checkXlsx(file.data);
    const read = await xlsxToWorkbook(file.data, parts);
    const content = JSON.stringify(read.workbook);
    if (content.length > MAX_CONTENT_CHARS) throw new ApiError(10101, 'sheet.contentTooLarge', { max: String(MAX_CONTENT_CHARS) });
    return { content, sheets: read.workbook.length, cells: read.cells, dropped: read.drops.lines(ctx.lang) };
  } finally {
    release();
  }
}

/** The project's sheet page: ShowDoc's menu shows the first one, so that is the sheet. */
async function sheetPageId(ctx: Ctx, itemId: number): Promise<number | undefined> {
  const page = await ctx.db
    .selectFrom('page')
    .select('page_id')
    .where('item_id', '=', itemId)
    .where('is_del', '=', 0)
    .where('is_draft', '=', 0)
    .orderBy('s_number')
    .orderBy('page_id')
    .executeTakeFirst();
  return page?.page_id;
}

/** `sheet/exportXlsx`: the saved sheet as `<project name>.xlsx`, for anyone who may read the project. */
export async function exportXlsx(ctx: Ctx, itemId: number): Promise<RawResponse> {
  const access = await requireVisit(ctx, itemId);
  requireSpreadsheet(access);
  const pageId = await sheetPageId(ctx, itemId);
  // The page's own checks too (catalog limits), as every page read makes them.
  const content = pageId ? readableContent((await reachPage(ctx, pageId, 'visit', { itemId })).page.page_content) : '';
  const xlsx = await workbookToXlsx(readWorkbook(content));
  return new RawResponse(XLSX_TYPE, xlsx, { ...DOWNLOAD_HEADERS, 'content-disposition': contentDisposition('attachment', `${sanitizeName(access.item.item_name)}.xlsx`) });
}
