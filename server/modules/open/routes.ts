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
 * (item/access.ts `requireApiKey`), not by a login, at ShowDoc's URLs.
 */
const open = { auth: 'none' as const };
const big = { ...open, bodyLimit: MAX_BODY_LIMIT };

export const openRoutes = [
  // One action under its three historical names.
  ...['item/updateByApi', 'open/updateItem', 'open/updatePage'].map((path) => defineRoute({ path, input: schema.UpdatePage, ...big, handler: updatePage })),
  defineRoute({ path: 'open/getPage', input: schema.GetPage, ...open, handler: getPage }),
  defineRoute({ path: 'open/deletePage', input: schema.DeletePage, ...open, handler: deletePage }),
  defineRoute({ path: 'open/getCatalogTree', input: schema.Credentials, ...open, handler: catalogTree }),
  defineRoute({ path: 'open/createCatalog', input: schema.CreateCatalog, ...open, handler: createCatalog }),
  defineRoute({ path: 'open/updateCatalog', input: schema.UpdateCatalog, ...open, handler: updateCatalog }),
  defineRoute({ path: 'open/deleteCatalog', input: schema.DeleteCatalog, ...open, handler: deleteCatalog }),
  defineRoute({ path: 'open/uploadAttachment', input: schema.UploadAttachment, ...open, bodyLimit: UPLOAD_BODY_LIMIT, handler: uploadAttachment }),
  defineRoute({ path: 'open/deleteAttachment', input: schema.DeleteAttachment, ...open, handler: deleteAttachment }),
  ...['open/fromComments', 'fromComments/generate'].map((path) => defineRoute({ path, input: schema.AnyParams, ...big, handler: fromComments })),
  defineRoute({ path: 'open/updateDbItem', input: schema.AnyParams, ...big, handler: updateDbItem }),
];
