import { unescapeEntities } from '../../../common/html-entities.js';
import type { AuthedCtx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { readableCatalogIds, requireEdit } from '../item/access.js';
import { draftVisible, requireCatalogReadable } from './page-access.js';
import { withItemsLocked } from '../../db/locks.js';

/** Pages one call may reorder (a catalog rarely holds more than a few hundred). */
export const MAX_SORTED_PAGES = 5000;
const MAX_S_NUMBER = 2_147_483_647;

/**
 * The new order as ShowDoc's browser app sends it: a JSON object `{"<page_id>": <s_number>}`, possibly
 * entity-escaped by an old client. Anything else is refused as a whole.
 */
export function parseOrder(raw: string): Map<number, number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(unescapeEntities(raw));
  } catch {
    throw new ApiError(10101, 'page.sortInvalid');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ApiError(10101, 'page.sortInvalid');
  const entries = Object.entries(parsed);
  if (entries.length > MAX_SORTED_PAGES) throw new ApiError(10101, 'page.sortInvalid');
  const order = new Map<number, number>();
  for (const [key, value] of entries) {
    const pageId = /^\d{1,15}$/.test(key) ? Number(key) : NaN;
    const sNumber = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(pageId) || pageId < 1 || !Number.isInteger(sNumber) || Math.abs(sNumber) > MAX_S_NUMBER) {
      throw new ApiError(10101, 'page.sortInvalid');
    }
    order.set(pageId, sNumber);
  }
  return order;
}

/**
 * `page/sort`: new positions for pages of one project, all or nothing. Every page must be a live page
 * of that project that the caller may read (catalog limits included); otherwise nothing moves.
 */
export async function sortPages(ctx: AuthedCtx, itemId: number, rawOrder: string) {
  const access = await requireEdit(ctx, itemId);
  const order = parseOrder(rawOrder);
  if (order.size === 0) return [];
  const readable = await readableCatalogIds(ctx, access);
  await withItemsLocked(ctx, [itemId], async (trx) => {
    const ids = [...order.keys()];
    const pages = [];
    for (let i = 0; i < ids.length; i += 500) {
      pages.push(
        ...(await trx
          .selectFrom('page')
          .select(['page_id', 'item_id', 'cat_id', 'is_draft', 'author_uid'])
          .where('page_id', 'in', ids.slice(i, i + 500))
          .where('is_del', '=', 0)
          .execute()),
      );
    }
    const found = new Map(pages.map((p) => [p.page_id, p]));
    for (const id of ids) {
      const page = found.get(id);
      if (!page || !draftVisible(ctx, page)) throw new ApiError(10101, 'page.notFound');
      if (page.item_id !== itemId) throw new ApiError(10101, 'page.notInItem');
      requireCatalogReadable(readable, page.cat_id);
    }
    for (const [pageId, sNumber] of order) await trx.updateTable('page').set({ s_number: sNumber }).where('page_id', '=', pageId).execute();
  });
  return [];
}
