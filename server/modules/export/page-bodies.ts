import type { Ctx } from '../../context.js';
import { readableContent } from '../page/content.js';
import { BATCH_CHARS, BATCH_PAGES } from './limits.js';
import type { PageHeader } from './outline.js';

export interface PageWithBody {
  header: PageHeader;
  /** The markdown as stored (raw; legacy compressed bodies inflated). */
  body: string;
}

/**
 * The bodies of `pages`, in their order, a batch at a time: at most BATCH_PAGES pages and about
 * BATCH_CHARS characters per query. A page deleted since the outline was read is skipped.
 */
export async function* pageBodies(ctx: Ctx, itemId: number, pages: Iterable<PageHeader>): AsyncGenerator<PageWithBody> {
  let batch: PageHeader[] = [];
  let chars = 0;
  for (const page of pages) {
    if (batch.length > 0 && (batch.length >= BATCH_PAGES || chars + page.size > BATCH_CHARS)) {
      yield* await readBatch(ctx, itemId, batch);
      batch = [];
      chars = 0;
    }
    batch.push(page);
    chars += page.size;
  }
  if (batch.length > 0) yield* await readBatch(ctx, itemId, batch);
}

async function readBatch(ctx: Ctx, itemId: number, batch: PageHeader[]): Promise<PageWithBody[]> {
  // Looked up by primary key alone and checked here: with the other conditions in SQL, SQLite
  // walks the project's index for every batch instead.
  const rows = await ctx.db
    .selectFrom('page')
    .select(['page_id', 'item_id', 'is_del', 'is_draft', 'page_content'])
    .where(
      'page_id',
      'in',
      batch.map((p) => p.page_id),
    )
    .execute();
  const bodies = new Map(rows.filter((r) => r.item_id === itemId && r.is_del === 0 && r.is_draft === 0).map((r) => [r.page_id, r.page_content]));
  const out: PageWithBody[] = [];
  for (const header of batch) {
    const stored = bodies.get(header.page_id);
    if (stored !== undefined) out.push({ header, body: readableContent(stored) });
  }
  return out;
}
