import { SheetImported } from '../../../common/answers/sheet.js';
import type { RouteDef } from '../../http/route.js';
import { defineRoute } from '../../http/route.js';
import { MAX_XLSX_BYTES, XLSX_BODY_LIMIT } from './limits.js';
import { ExportXlsx, ImportXlsx } from './schema.js';
import { exportXlsx, importXlsx } from './service.js';

/** Spreadsheet projects (item_type 4): .xlsx in and out. */
export const sheetRoutes: RouteDef[] = [
  defineRoute({
    path: 'sheet/importXlsx',
    input: ImportXlsx,
    auth: 'required',
    bodyLimit: XLSX_BODY_LIMIT,
    fileLimit: MAX_XLSX_BYTES,
    output: SheetImported,
    handler: (ctx, input) => importXlsx(ctx, input.item_id),
  }),
  // A download link: GET with the login cookie is allowed, it changes nothing. Visitors may call it and
  // each call builds a workbook, so it is counted per address.
  defineRoute({
    path: 'sheet/exportXlsx',
    input: ExportXlsx,
    auth: 'optional',
    get: 'link',
    rateLimit: { per: 'ip', max: 60, windowMs: 60_000 },
    handler: (ctx, input) => exportXlsx(ctx, input.item_id),
  }),
];
