import { z } from 'zod';
import { ApiError } from '../../http/api-error.js';
import { zText } from '../../http/fields.js';
import { defineRoute } from '../../http/route.js';
import { SqlTable } from '../../../common/answers/page.js';
import { MAX_SQL_CHARS, sqlToMarkdownTable } from './sql-table.js';

/** Anyone may convert (ShowDoc needs no login), so each address gets a budget. */
const CONVERSIONS_PER_MINUTE = 60;

export const sqlTableRoutes = [
  defineRoute({
    path: 'page/sqlToMarkdownTable',
    input: z.object({ sql: zText(MAX_SQL_CHARS).default('') }),
    auth: 'optional',
    output: SqlTable,
    handler: (ctx, input) => {
      if (!ctx.limiter.hit(`page:sqlToMarkdownTable:${ctx.ip}`, CONVERSIONS_PER_MINUTE, 60_000)) throw new ApiError(10429, undefined, {}, 429);
      return sqlToMarkdownTable(input.sql);
    },
  }),
];
