import crypto from 'node:crypto';
import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { newBlobKey } from '../../storage/blob-store.js';
import type { UploadedFile } from '../../context.js';
import { requireEdit } from '../item/access.js';
import { reachPage } from '../page/page-access.js';
import { checkUpload } from './upload-rules.js';
import { fileUrl } from './file-url.js';
import { extraUploadExtensions, uploadLimitBytes } from './limits.js';
import { siteOrigin } from '../admin/setting-values.js';

export interface UploadTarget {
  itemId: number;
  pageId: number;
}

/**
 * Who may attach to what: a page's editors (catalog limits included) when a page is named, a project's
 * editors when only the project is, and anyone logged in for their own file hub (both 0). ShowDoc
 * checked nothing for images and did not tie the page to the project (security.md §1.18g).
 */
export async function resolveTarget(ctx: AuthedCtx, target: UploadTarget): Promise<UploadTarget> {
  if (target.pageId > 0) {
    const { page } = await reachPage(ctx, target.pageId, 'edit', { itemId: target.itemId });
    return { itemId: page.item_id, pageId: page.page_id };
  }
  if (target.itemId > 0) {
    await requireEdit(ctx, target.itemId);
    return target;
  }
  return target;
}

export interface StoredFile {
  file_id: number;
  sign: string;
  url: string;
  display_name: string;
  file_type: string;
  file_size: number;
}

/** Checks the bytes, stores them under a random key, and records the file (and its page binding). */
export async function storeUpload(ctx: AuthedCtx, file: UploadedFile | undefined, target: UploadTarget, options: { imagesOnly: boolean }): Promise<StoredFile> {
  if (!file) throw new ApiError(10101, 'upload.noFile');
  // Permission first: a caller who may not attach here costs no sniffing.
  const where = await resolveTarget(ctx, target);
  const limit = await uploadLimitBytes(ctx.db);
  if (file.data.length > limit.bytes) throw new ApiError(10100, 'upload.tooLarge', { max: String(limit.mb) }, 413);
  const checked = await checkUpload(file.filename, file.data, { ...options, extraExtensions: await extraUploadExtensions(ctx.db) });
  const origin = await siteOrigin(ctx);
  const key = newBlobKey();
  const sign = crypto.randomBytes(32).toString('hex');
  const now = ctx.clock.now();
  await ctx.storage.put(key, file.data);
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('upload_file')
        .values({
          sign,
          display_name: checked.displayName,
          file_type: checked.mime,
          file_size: file.data.length,
          uid: ctx.user.uid,
          item_id: where.itemId,
          page_id: where.pageId,
          addtime: now,
          last_update_time: now,
          storage_key: key,
        })
        .returning('file_id')
        .executeTakeFirstOrThrow();
      if (where.pageId > 0) {
        await trx.insertInto('file_page').values({ file_id: inserted.file_id, page_id: where.pageId, item_id: where.itemId, addtime: now }).execute();
      }
      return inserted;
    });
    return { file_id: row.file_id, sign, url: fileUrl(origin, sign), display_name: checked.displayName, file_type: checked.mime, file_size: file.data.length };
  } catch (error) {
    await ctx.storage.remove(key).catch(() => undefined);
    throw error;
  }
}

/** Removes a file, its bindings and its bytes. */
export async function removeFile(ctx: AuthedCtx, file: { file_id: number; storage_key: string }): Promise<void> {
  await ctx.db.deleteFrom('upload_file').where('file_id', '=', file.file_id).execute();
  if (file.storage_key) await ctx.storage.remove(file.storage_key).catch(() => undefined);
}
