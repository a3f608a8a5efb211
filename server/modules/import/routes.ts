import { ImportDone } from '../../../common/answers/import.js';
import { defineRoute } from '../../http/route.js';
import { IMPORT_BODY_LIMIT, MAX_UPLOAD_BYTES } from './limits.js';
import { ImportFile } from './schema.js';
import { importAuto } from './service.js';

const importRoute = (path: string) =>
  defineRoute({ path, input: ImportFile, auth: 'required', bodyLimit: IMPORT_BODY_LIMIT, fileLimit: MAX_UPLOAD_BYTES, output: ImportDone, handler: (ctx, input) => importAuto(ctx, input.item_id) });

/** One import for every name ShowDoc clients use: the kind of file decides, not the URL. */
export const importRoutes = ['import/auto', 'import/importMarkdownInfo', 'importSwagger/import', 'importPostman/import'].map(importRoute);
