import type { Ctx } from '../../context.js';

/** How many files are bound to the page (ShowDoc's `attachment_count`: `file_page` rows). */
export async function countAttachments(ctx: Ctx, pageId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('file_page')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('page_id', '=', pageId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
