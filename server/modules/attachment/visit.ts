import type { Ctx } from '../../context.js';
import { RawResponse } from '../../http/envelope.js';
import { flowMonth } from './my-files.js';

/** Nothing a stored file holds may run on this origin, whatever it is (security.md C3, C5). */
const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'private, max-age=300',
};

const RASTER = /^image\/(png|jpeg|gif|webp|bmp|x-icon)$/;

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266/5987): no quote or line break can escape. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const notFound = () => new RawResponse('text/plain; charset=utf-8', 'Not found', { 'x-content-type-options': 'nosniff' }, 404);

/**
 * `attachment/visitFile?sign=…`: the sign is the capability, as in ShowDoc (pages embed these links and
 * are shared publicly). The type served is the one sniffed at upload; only raster images show inline.
 * Each download counts for the file and for its uploader's monthly traffic.
 */
export async function visitFile(ctx: Ctx, sign: string): Promise<RawResponse> {
  if (!/^[0-9a-f]{16,64}$/i.test(sign)) return notFound();
  const file = await ctx.db.selectFrom('upload_file').selectAll().where('sign', '=', sign).executeTakeFirst();
  if (!file || !file.storage_key) return notFound();
  // Streamed from the store (local file or bucket): a download never holds the whole file in memory.
  const blob = await ctx.storage.open(file.storage_key);
  if (!blob) return notFound();
  try {
    await countDownload(ctx, file, blob.size);
  } catch (error) {
    blob.stream.destroy();
    throw error;
  }
  const inline = RASTER.test(file.file_type);
  return new RawResponse(file.file_type || 'application/octet-stream', blob.stream, {
    ...FILE_HEADERS,
    'content-length': String(blob.size),
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', file.display_name),
  });
}

/** Each download counts for the file and, while the account exists, for its uploader's monthly traffic. */
async function countDownload(ctx: Ctx, file: { file_id: number; uid: number }, bytes: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .updateTable('upload_file')
    .set((eb) => ({ visit_times: eb('visit_times', '+', 1), last_visit_time: now }))
    .where('file_id', '=', file.file_id)
    .execute();
  const uploader = await ctx.db.selectFrom('user').select('uid').where('uid', '=', file.uid).executeTakeFirst();
  if (uploader) {
    await ctx.db
      .insertInto('file_flow')
      .values({ uid: file.uid, used: bytes, date_month: flowMonth(now, ctx.config.timeZone) })
      .onConflict((oc) => oc.columns(['uid', 'date_month']).doUpdateSet((eb) => ({ used: eb('file_flow.used', '+', bytes) })))
      .execute();
  }
}
