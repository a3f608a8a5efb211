import { defineRoute } from '../../http/route.js';
import { SqlTable } from '../../../common/answers/page.js';
import { SqlToTable } from './schema.js';
import { sqlToMarkdownTable } from './sql-table.js';

export const sqlTableRoutes = [
  defineRoute({
    path: 'page/sqlToMarkdownTable',
    input: SqlToTable,
    auth: 'optional',
    get: 'read',
    // Anyone may convert (ShowDoc needs no login), so each address gets a budget.
    rateLimit: { per: 'ip', max: 60, windowMs: 60_000 },
    output: SqlTable,
    handler: (_ctx, input) => sqlToMarkdownTable(input.sql, input.lang),
  }),
];
