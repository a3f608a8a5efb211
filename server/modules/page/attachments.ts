import { preparedQuery } from '../../db/prepared.js';
import type { Ctx } from '../../context.js';

/** How many files are bound to the page (ShowDoc's `attachment_count`: `file_page` rows). */
const attachmentCount = preparedQuery<[pageId: number]>()((db, arg) =>
  db
    .selectFrom('file_page')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('page_id', '=', arg(0)),
);

export async function countAttachments(ctx: Ctx, pageId: number): Promise<number> {
  const [row] = await attachmentCount(ctx.db, pageId);
  return Number(row?.n ?? 0);
}
