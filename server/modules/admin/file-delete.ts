import type { DeletedFiles } from '../../../common/answers/admin.js';
import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { removeFile } from '../attachment/store.js';
import { MAX_BATCH_FILES } from './file-schema.js';

/** `attachment/deleteAttachment`: any file, whoever uploaded it; its page bindings go with the row, then its bytes. */
export async function adminDeleteFile(ctx: AuthedCtx, fileId: number): Promise<[]> {
  const file = await ctx.db.selectFrom('upload_file').select(['file_id', 'storage_key']).where('file_id', '=', fileId).executeTakeFirst();
  if (!file) throw new ApiError(10101, 'admin.fileNotFound');
  await removeFile(ctx, file);
  return [];
}

/**
 * `attachment/batchDeleteAttachments`: the rows in one transaction, the bytes after the commit. Ids that
 * name no file are skipped; `deleted` says how many went.
 */
export async function adminDeleteFiles(ctx: AuthedCtx, fileIds: number[]): Promise<DeletedFiles> {
  const ids = [...new Set(fileIds)];
  if (ids.length > MAX_BATCH_FILES) throw new ApiError(10101, 'admin.tooManyFiles', { max: String(MAX_BATCH_FILES) });
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const files = await trx.selectFrom('upload_file').select(['file_id', 'storage_key']).where('file_id', 'in', ids).execute();
    if (files.length > 0) await trx.deleteFrom('upload_file').where('file_id', 'in', files.map((file) => file.file_id)).execute();
    return files;
  });
  for (const file of removed) if (file.storage_key) await ctx.storage.remove(file.storage_key).catch(() => undefined);
  return { deleted: removed.length };
}
