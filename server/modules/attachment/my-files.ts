import { sql } from 'kysely';
import type { MyAttachmentList } from '../../../common/answers/attachment.js';
import type { AuthedCtx } from '../../context.js';
import { escapeLike } from '../../db/like.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { megabytes, presentFile } from './file-row.js';
import { siteOrigin } from '../admin/setting-values.js';
import { removeFile } from './store.js';

export interface MyFilesQuery {
  page: number;
  count: number;
  /** -1 all, 1 images, 2 other files. */
  attachment_type: number;
  display_name: string;
}


/** The month the download counter adds to, in the site's time zone (`YYYY-MM`). */
export function flowMonth(unixSeconds: number, timeZone: string): string {
  return formatTime(unixSeconds, timeZone).slice(0, 7);
}

/** `attachment/getMyList`: the caller's uploads with used space and this month's download traffic. */
export async function myFiles(ctx: AuthedCtx, query: MyFilesQuery): Promise<MyAttachmentList> {
  let filtered = ctx.db.selectFrom('upload_file').where('uid', '=', ctx.user.uid);
  if (query.attachment_type === 1) filtered = filtered.where('file_type', 'like', 'image/%');
  if (query.attachment_type === 2) filtered = filtered.where('file_type', 'not like', 'image/%');
  if (query.display_name !== '') filtered = filtered.where(sql<boolean>`display_name like ${'%' + escapeLike(query.display_name) + '%'} escape '\\'`);
  const [rows, total, used, flow] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('addtime', 'desc')
      .orderBy('file_id', 'desc')
      .limit(query.count)
      .offset((query.page - 1) * query.count)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('upload_file').select((eb) => eb.fn.sum<number>('file_size').as('bytes')).where('uid', '=', ctx.user.uid).executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('file_flow')
      .select('used')
      .where('uid', '=', ctx.user.uid)
      .where('date_month', '=', flowMonth(ctx.clock.now(), ctx.config.timeZone))
      .executeTakeFirst(),
  ]);
  const usedBytes = Number(used.bytes ?? 0);
  const origin = await siteOrigin(ctx);
  return {
    list: rows.map((row) => presentFile(row, origin, ctx.config.timeZone)),
    total: Number(total.n),
    used: usedBytes,
    used_m: megabytes(usedBytes),
    used_flow_m: megabytes(Number(flow?.used ?? 0)),
  };
}

/** `attachment/deleteMyAttachment`: only the uploader deletes a file (bindings and bytes go with it). */
export async function deleteMyFile(ctx: AuthedCtx, fileId: number): Promise<[]> {
  const file = await ctx.db.selectFrom('upload_file').select(['file_id', 'uid', 'storage_key']).where('file_id', '=', fileId).executeTakeFirst();
  if (!file || file.uid !== ctx.user.uid) throw new ApiError(10101, 'upload.notFound');
  await removeFile(ctx, file);
  return [];
}
