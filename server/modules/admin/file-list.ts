import { sql, type ExpressionBuilder } from 'kysely';
import type { AdminFileList, AdminFileRow } from '../../../common/answers/admin.js';
import type { AuthedCtx } from '../../context.js';
import type { DB } from '../../db/tables.js';
import { escapeLike } from '../../db/like.js';
import { pagesContaining } from '../../db/page-search.js';
import { megabytes, presentFile } from '../attachment/file-row.js';
import { siteOrigin } from './setting-values.js';
import type { AdminFileListInput } from './file-schema.js';

type FileScope = ExpressionBuilder<DB & { u: DB['user'] }, 'upload_file' | 'u'>;

/**
 * A file is in use while a page is bound to it (file_page) or a page's text holds its address (its
 * `sign`). Every page row counts, the recycle bin and soft-deleted projects included: those pages can come
 * back, and their images with them. The text check reads the trigram index (pagesContaining), one probe
 * per file, so listing the unused files never reads every page body.
 */
function inUse(ctx: AuthedCtx, eb: FileScope) {
  return eb.or([
    eb.exists(eb.selectFrom('file_page').select('file_page.id').whereRef('file_page.file_id', '=', 'upload_file.file_id')),
    sql<boolean>`exists (select 1 from ${pagesContaining(ctx.dialect, sql.ref('upload_file.sign'))} as mention)`,
  ]);
}

function listQuery(ctx: AuthedCtx, query: AdminFileListInput, unusedOnly: boolean) {
  let filtered = ctx.db.selectFrom('upload_file').leftJoin('user as u', 'u.uid', 'upload_file.uid');
  if (query.attachment_type === 1) filtered = filtered.where('upload_file.file_type', 'like', 'image/%');
  if (query.attachment_type === 2) filtered = filtered.where('upload_file.file_type', 'not like', 'image/%');
  const name = query.display_name.trim().toLowerCase();
  if (name !== '') filtered = filtered.where(sql<boolean>`lower(upload_file.display_name) like ${`%${escapeLike(name)}%`} escape '\\'`);
  const uploader = query.username.trim().toLowerCase();
  if (uploader !== '') filtered = filtered.where(sql<boolean>`lower(u.username) like ${`%${escapeLike(uploader)}%`} escape '\\'`);
  if (unusedOnly) filtered = filtered.where((eb) => eb.not(inUse(ctx, eb)));
  return filtered;
}

/** Pages each listed file is bound to or written into (distinct pages), for the rows of one list page only. */
async function pageCounts(ctx: AuthedCtx, files: { file_id: number; sign: string }[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const file of files) {
    const row = await ctx.db
      .selectFrom('page')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or([
          eb('page.page_id', 'in', eb.selectFrom('file_page').select('file_page.page_id').where('file_page.file_id', '=', file.file_id)),
          sql<boolean>`page.page_id in ${pagesContaining(ctx.dialect, sql.val(file.sign))}`,
        ]),
      )
      .executeTakeFirstOrThrow();
    counts.set(file.file_id, Number(row.n));
  }
  return counts;
}

/** `attachment/getAllList` (every file) and `attachment/getUnusedList` (files no page uses), newest first. */
export async function adminFileList(ctx: AuthedCtx, query: AdminFileListInput, unusedOnly: boolean): Promise<AdminFileList> {
  const filtered = listQuery(ctx, query, unusedOnly);
  const [rows, total, used] = await Promise.all([
    filtered
      .selectAll('upload_file')
      .select('u.username as uploader')
      .orderBy('upload_file.addtime', 'desc')
      .orderBy('upload_file.file_id', 'desc')
      .limit(query.count)
      .offset((query.page - 1) * query.count)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    // The space all files take, whatever the filter: what the console's header shows.
    ctx.db.selectFrom('upload_file').select((eb) => eb.fn.sum<number>('file_size').as('bytes')).executeTakeFirstOrThrow(),
  ]);
  const counts = unusedOnly ? new Map<number, number>() : await pageCounts(ctx, rows);
  const origin = await siteOrigin(ctx);
  const list: AdminFileRow[] = rows.map((row) => ({
    ...presentFile(row, origin, ctx.config.timeZone),
    username: row.uploader ?? '',
    attachment_type: row.file_type.startsWith('image/') ? 1 : 2,
    page_count: counts.get(row.file_id) ?? 0,
  }));
  return { list, total: Number(total.n), used_m: megabytes(Number(used.bytes ?? 0)) };
}
