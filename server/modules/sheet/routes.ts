import type { RouteDef } from '../../http/route.js';

/** Spreadsheet projects (item_type 4): .xlsx in and out. */
export const sheetRoutes: RouteDef[] = [];
