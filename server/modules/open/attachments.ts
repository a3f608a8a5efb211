import type { z } from 'zod';
import type { OpenAttachment, OpenAttachmentDeleted } from '../../../common/answers/open.js';
import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { removeFile, storeUpload } from '../attachment/store.js';
import { requireApiKey } from '../item/access.js';
import { asApiActor, asItemOwner } from './actor.js';
import type { DeleteAttachment, UploadAttachment } from './schema.js';

/**
 * Attachments through the open API: the page uploads' checks and storage (attachment/store.ts), filed
 * under the project's owner as ShowDoc does. Only files of the key's project can be removed.
 */

/** `open/uploadAttachment`: multipart `file`, optionally bound to `page_id` (a page of the key's project). */
export async function uploadAttachment(ctx: Ctx, input: z.output<typeof UploadAttachment>): Promise<OpenAttachment> {
  const access = await requireApiKey(ctx, input.api_key, input.api_token, 'write');
  const file = ctx.files.find((f) => f.field === 'file') ?? ctx.files[0];
  const owner = await asItemOwner(ctx, access);
  const stored = await storeUpload(owner, file, { itemId: access.item.item_id, pageId: input.page_id }, { imagesOnly: false });
  return { url: stored.url, file_id: stored.file_id, sign: stored.sign };
}

/** The sign of a visitFile URL (`…&sign=<hex>`), or '' when it has none. */
export function signInUrl(url: string): string {
  return /[?&]sign=([0-9a-zA-Z]{1,200})/.exec(url)?.[1] ?? '';
}

/**
 * `open/deleteAttachment` by `file_id`, `sign` or `file_url`. A file of this project goes altogether;
 * one that pages of other projects also show (attachment/bindingPage) is only taken off this project's
 * pages, so this key cannot break another project.
 */
export async function deleteAttachment(ctx: Ctx, input: z.output<typeof DeleteAttachment>): Promise<OpenAttachmentDeleted> {
  const access = await requireApiKey(ctx, input.api_key, input.api_token, 'write');
  const itemId = access.item.item_id;
  const sign = input.sign || signInUrl(input.file_url);
  if (input.file_id === 0 && sign === '') throw new ApiError(10101, 'open.fileNeeded');
  let query = ctx.db.selectFrom('upload_file').select(['file_id', 'item_id', 'storage_key']);
  query = input.file_id > 0 ? query.where('file_id', '=', input.file_id) : query.where('sign', '=', sign);
  const file = await query.executeTakeFirst();
  const bindings = file ? await ctx.db.selectFrom('file_page').select(['id', 'item_id']).where('file_id', '=', file.file_id).execute() : [];
  if (!file || (file.item_id !== itemId && !bindings.some((b) => b.item_id === itemId))) throw new ApiError(10101, 'open.fileNotFound');

  const elsewhere = bindings.some((b) => b.item_id !== itemId);
  if (file.item_id === itemId && !elsewhere) await removeFile(asApiActor(ctx), file);
  else await ctx.db.deleteFrom('file_page').where('file_id', '=', file.file_id).where('item_id', '=', itemId).execute();
  return { file_id: file.file_id };
}
