import type { Ctx } from '../../context.js';
import type { RawResponse } from '../../http/envelope.js';
import { ApiError } from '../../http/api-error.js';
import { withItemsLocked } from '../../db/locks.js';
import { pathWriter } from '../import/page-writer.js';
import { runapiToMarkdown } from '../../../common/runapi/index.js';
import { requireApiKey } from '../item/access.js';
import { API_AUTHOR } from './actor.js';
import { parseComments } from './comments.js';
import { requirePageRoom } from './pages.js';
import { FromComments } from './schema.js';
import { answerText, parseParams } from './text-answer.js';

/** Pages one call may write: a large source file, not a whole repository at once. */
export const MAX_COMMENT_PAGES = 500;

/**
 * `open/fromComments` (= `fromComments/generate`): each `/** showdoc @title … *\/` block becomes an API
 * page in ShowDoc's layout and Chinese headings (the ones existing clients and readers expect), upserted
 * by title in its `@catalog`. All pages of one call are written together or not at all.
 */
export async function fromComments(ctx: Ctx, params: unknown): Promise<RawResponse> {
  return answerText(ctx, { success: '\n 成功 \n\n ', failure: '失败\n' }, async () => {
    const input = parseParams(FromComments, params);
    const access = await requireApiKey(ctx, input.api_key, input.api_token, 'write');
    const pages = parseComments(input.content);
    if (pages.length === 0) throw new ApiError(10101, 'open.nothingToWrite');
    if (pages.length > MAX_COMMENT_PAGES) throw new ApiError(10100, 'open.tooManyBlocks', { max: String(MAX_COMMENT_PAGES) });
    const itemId = access.item.item_id;
    await withItemsLocked(ctx, [itemId], async (trx) => {
      await requirePageRoom(trx, itemId);
      const writer = pathWriter(ctx, trx, itemId, { author: API_AUTHOR, keepHistory: true });
      for (const page of pages) {
        const catId = await writer.catalog(page.catalog);
        await writer.upsertPage({ catId, title: page.title, content: runapiToMarkdown(page.doc, 'zh'), sNumber: page.sNumber ?? 99 });
      }
    });
  });
}
