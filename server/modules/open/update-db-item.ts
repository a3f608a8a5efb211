import type { Ctx } from '../../context.js';
import type { RawResponse } from '../../http/envelope.js';
import { ApiError } from '../../http/api-error.js';
import { withItemsLocked } from '../../db/locks.js';
import { pathWriter } from '../import/page-writer.js';
import { requireApiKey } from '../item/access.js';
import { API_AUTHOR } from './actor.js';
import { dictionaryPages } from './db-dictionary.js';
import { catalogPathOf, requirePageRoom } from './pages.js';
import { UpdateDbItem } from './schema.js';
import { answerText, parseParams } from './text-answer.js';

/** Tables one call may document. */
export const MAX_DICTIONARY_TABLES = 1000;

/**
 * `open/updateDbItem`: ShowDoc's database script posts information_schema dumps; each table becomes a
 * data-dictionary page titled with its name in `cat_name`, upserted by title, all in one transaction.
 */
export async function updateDbItem(ctx: Ctx, params: unknown): Promise<RawResponse> {
  return answerText(ctx, { success: '成功\n', failure: '失败\n' }, async () => {
    const input = parseParams(UpdateDbItem, params);
    const access = await requireApiKey(ctx, input.api_key, input.api_token, 'write');
    const pages = dictionaryPages({ tableInfo: input.table_info, tableDetail: input.table_detail, tableIndex: input.table_index });
    if (pages.length === 0) throw new ApiError(10101, 'open.nothingToWrite');
    if (pages.length > MAX_DICTIONARY_TABLES) throw new ApiError(10100, 'open.tooManyBlocks', { max: String(MAX_DICTIONARY_TABLES) });
    const itemId = access.item.item_id;
    await withItemsLocked(ctx, [itemId], async (trx) => {
      await requirePageRoom(trx, itemId);
      const writer = pathWriter(ctx, trx, itemId, { author: API_AUTHOR, keepHistory: true });
      const catId = await writer.catalog(catalogPathOf(input.cat_name));
      for (const page of pages) await writer.upsertPage({ catId, title: page.title, content: page.content, sNumber: input.s_number ?? 99 });
    });
  });
}
