import type { PageFile } from '../../../common/answers/attachment.js';
import type { AuthedCtx, Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { reachPage } from '../page/page-access.js';
import { isSiteAdmin } from '../user/groups.js';
import { fileUrl } from './file-url.js';
import { siteOrigin } from '../admin/setting-values.js';
import { removeFile } from './store.js';

/** `page/uploadList`: the files bound to a page the caller may read (guests of public projects too). */
export async function pageFiles(ctx: Ctx, pageId: number): Promise<PageFile[]> {
  if (pageId <= 0) throw new ApiError(10103, 'upload.saveFirst');
  await reachPage(ctx, pageId, 'visit');
  const rows = await ctx.db
    .selectFrom('file_page')
    .innerJoin('upload_file', 'upload_file.file_id', 'file_page.file_id')
    .select(['upload_file.file_id', 'upload_file.display_name', 'upload_file.sign', 'upload_file.file_type', 'upload_file.file_size', 'upload_file.addtime'])
    .where('file_page.page_id', '=', pageId)
    .orderBy('file_page.addtime', 'desc')
    .orderBy('upload_file.file_id', 'desc')
    .execute();
  const origin = await siteOrigin(ctx);
  return rows.map((row) => ({
    file_id: row.file_id,
    display_name: row.display_name,
    url: fileUrl(origin, row.sign),
    addtime: formatTime(row.addtime, ctx.config.timeZone),
    file_type: row.file_type,
    file_size: Number(row.file_size),
  }));
}

/**
 * `page/deleteUploadFile`: a file used by this page only goes altogether (its uploader's call); one
 * bound to other pages too is only taken off this page (an editor's call).
 */
export async function deletePageFile(ctx: AuthedCtx, fileId: number, pageId: number): Promise<[]> {
  const { page } = await reachPage(ctx, pageId, 'edit');
  const file = await ctx.db.selectFrom('upload_file').select(['file_id', 'uid', 'storage_key']).where('file_id', '=', fileId).executeTakeFirst();
  const binding = file && (await ctx.db.selectFrom('file_page').select('id').where('file_id', '=', fileId).where('page_id', '=', page.page_id).executeTakeFirst());
  if (!file || !binding) throw new ApiError(10101, 'upload.notFound');
  const bindings = await ctx.db.selectFrom('file_page').select((eb) => eb.fn.countAll<number>().as('n')).where('file_id', '=', fileId).executeTakeFirstOrThrow();
  if (Number(bindings.n) <= 1) {
    if (file.uid !== ctx.user.uid && !isSiteAdmin(ctx.user)) throw new ApiError(10101, 'upload.notFound');
    await removeFile(ctx, file);
  } else {
    await ctx.db.deleteFrom('file_page').where('id', '=', binding.id).execute();
  }
  return [];
}

/** `attachment/bindingPage`: one of my files shown on a page I may edit too. */
export async function bindToPage(ctx: AuthedCtx, fileId: number, pageId: number): Promise<[]> {
  const { page } = await reachPage(ctx, pageId, 'edit');
  const file = await ctx.db.selectFrom('upload_file').select(['file_id', 'uid']).where('file_id', '=', fileId).executeTakeFirst();
  if (!file || file.uid !== ctx.user.uid) throw new ApiError(10101, 'upload.notFound');
  await ctx.db
    .insertInto('file_page')
    .values({ file_id: fileId, page_id: page.page_id, item_id: page.item_id, addtime: ctx.clock.now() })
    .onConflict((oc) => oc.columns(['file_id', 'page_id']).doNothing())
    .execute();
  return [];
}
