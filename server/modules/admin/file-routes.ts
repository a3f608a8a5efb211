import { AdminDone, AdminFileList, DeletedFiles } from '../../../common/answers/admin.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { requireAdmin } from './access.js';
import { adminDeleteFile, adminDeleteFiles } from './file-delete.js';
import { adminFileList } from './file-list.js';
import { AdminFileBatch, AdminFileListQuery, AdminFileRef } from './file-schema.js';

/**
 * The console's attachment management. The paths start with `attachment/` as in ShowDoc, next to the
 * owners' actions in server/modules/attachment/routes.ts (none of these names is used there); every
 * handler passes requireAdmin first.
 */
export const adminFileRoutes: RouteDef[] = [
  defineRoute({ path: 'attachment/getAllList', input: AdminFileListQuery, auth: 'required', get: 'read', output: AdminFileList, handler: (ctx, input) => adminFileList(requireAdmin(ctx), input, false) }),
  defineRoute({ path: 'attachment/getUnusedList', input: AdminFileListQuery, auth: 'required', get: 'read', output: AdminFileList, handler: (ctx, input) => adminFileList(requireAdmin(ctx), input, true) }),
  defineRoute({ path: 'attachment/deleteAttachment', input: AdminFileRef, auth: 'required', output: AdminDone, handler: (ctx, input) => adminDeleteFile(requireAdmin(ctx), input.file_id) }),
  defineRoute({
    path: 'attachment/batchDeleteAttachments',
    input: AdminFileBatch,
    auth: 'required',
    output: DeletedFiles,
    handler: (ctx, input) => adminDeleteFiles(requireAdmin(ctx), input.file_ids),
  }),
];
