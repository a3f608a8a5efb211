import { CatalogRow } from '../../../common/answers/catalog.js';
import * as answer from '../../../common/answers/open.js';
import { MAX_BODY_LIMIT } from '../../http/dispatch.js';
import { defineRoute } from '../../http/route.js';
import { UPLOAD_BODY_LIMIT } from '../attachment/limits.js';
import { deleteAttachment, uploadAttachment } from './attachments.js';
import { catalogTree, createCatalog, deleteCatalog, updateCatalog } from './catalogs.js';
import { fromComments } from './from-comments.js';
import { deletePage, getPage, updatePage } from './pages.js';
import * as schema from './schema.js';
import { updateDbItem } from './update-db-item.js';

/**
 * The open API (reference §6.15): scripts and CI jobs authenticated by a project's api_key + api_token
 * (item/access.ts `requireApiKey`), not by a login, at ShowDoc's URLs. `open/fromComments` and
 * `open/updateDbItem` answer plain text.
 */
const open = { auth: 'none' as const };
const big = { ...open, bodyLimit: MAX_BODY_LIMIT };

export const openRoutes = [
  // One action under its three historical names.
  ...['item/updateByApi', 'open/updateItem', 'open/updatePage'].map((path) => defineRoute({ path, input: schema.UpdatePage, ...big, output: answer.OpenPage, handler: updatePage })),
  defineRoute({ path: 'open/getPage', input: schema.GetPage, ...open, get: 'read', output: answer.OpenPage, handler: getPage }),
  defineRoute({ path: 'open/deletePage', input: schema.DeletePage, ...open, output: answer.OpenPageDeleted, handler: deletePage }),
  defineRoute({ path: 'open/getCatalogTree', input: schema.Credentials, ...open, get: 'read', output: answer.OpenCatalogTree, handler: catalogTree }),
  defineRoute({ path: 'open/createCatalog', input: schema.CreateCatalog, ...open, output: CatalogRow, handler: createCatalog }),
  defineRoute({ path: 'open/updateCatalog', input: schema.UpdateCatalog, ...open, output: CatalogRow, handler: updateCatalog }),
  defineRoute({ path: 'open/deleteCatalog', input: schema.DeleteCatalog, ...open, output: answer.OpenCatalogDeleted, handler: deleteCatalog }),
  defineRoute({
    path: 'open/uploadAttachment',
    input: schema.UploadAttachment,
    ...open,
    bodyLimit: UPLOAD_BODY_LIMIT,
    output: answer.OpenAttachment,
    handler: uploadAttachment,
  }),
  defineRoute({ path: 'open/deleteAttachment', input: schema.DeleteAttachment, ...open, output: answer.OpenAttachmentDeleted, handler: deleteAttachment }),
  ...['open/fromComments', 'fromComments/generate'].map((path) => defineRoute({ path, input: schema.AnyParams, ...big, handler: fromComments })),
  defineRoute({ path: 'open/updateDbItem', input: schema.AnyParams, ...big, handler: updateDbItem }),
];
