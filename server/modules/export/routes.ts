import { ExportAllowed } from '../../../common/answers/export.js';
import { defineRoute } from '../../http/route.js';
import * as schema from './schema.js';
import { checkExport, exportMarkdown, exportWord } from './service.js';

/**
 * ShowDoc's browser app downloads exports with a plain GET link, so these honour the login cookie on
 * GET (they change nothing but the logs). Refusals answer as the envelope.
 */
export const exportRoutes = [
  defineRoute({
    path: 'export/word',
    input: schema.ExportWord,
    auth: 'required',
    get: 'link',
    handler: (ctx, input) => exportWord(ctx, input.item_id, { catId: input.cat_id, pageId: input.page_id }),
  }),
  defineRoute({ path: 'export/markdown', input: schema.ExportMarkdown, auth: 'required', get: 'link', handler: (ctx, input) => exportMarkdown(ctx, input.item_id) }),
  defineRoute({
    path: 'export/checkMarkdownLimit',
    input: schema.CheckMarkdownLimit,
    auth: 'required',
    get: 'read',
    output: ExportAllowed,
    handler: (ctx, input) =>
      checkExport(ctx, { format: input.export_format, itemId: input.item_id, selection: { catId: input.cat_id, pageId: input.page_id } }),
  }),
];
