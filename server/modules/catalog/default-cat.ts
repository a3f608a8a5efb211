import type { AuthedCtx } from '../../context.js';
import { catalogReadable, readableCatalogIds, requireEdit } from '../item/access.js';
import { reachPage } from '../page/page-access.js';

export interface DefaultCatInput {
  item_id: number;
  page_id: number;
  page_history_id: number;
  copy_page_id: number;
}

/**
 * `catalog/getDefaultCat`: the catalog the editor starts in — the page's own, the recovered version's,
 * the copied page's, or else the catalog of the caller's most recently saved page in the project (people
 * tend to write several pages in a row in one place). Only a catalog of this project that the caller
 * may read is ever offered; otherwise the root (0).
 */
export async function defaultCatalog(ctx: AuthedCtx, input: DefaultCatInput): Promise<{ default_cat_id: number }> {
  const access = await requireEdit(ctx, input.item_id, { keepsPages: true });
  const readable = await readableCatalogIds(ctx, access);
  const candidate = await candidateCatalog(ctx, input);
  if (candidate === 0 || !catalogReadable(readable, candidate)) return { default_cat_id: 0 };
  const exists = await ctx.db.selectFrom('catalog').select('cat_id').where('cat_id', '=', candidate).where('item_id', '=', input.item_id).executeTakeFirst();
  return { default_cat_id: exists ? candidate : 0 };
}

async function candidateCatalog(ctx: AuthedCtx, input: DefaultCatInput): Promise<number> {
  if (input.page_id > 0) {
    const { page } = await reachPage(ctx, input.page_id, 'edit', { itemId: input.item_id, keepsPages: true });
    if (input.page_history_id > 0) {
      const version = await ctx.db
        .selectFrom('page_history')
        .select('cat_id')
        .where('page_history_id', '=', input.page_history_id)
        .where('page_id', '=', page.page_id)
        .executeTakeFirst();
      if (version) return version.cat_id;
    }
    return page.cat_id;
  }
  if (input.copy_page_id > 0) {
    // A page copied from another project lands at the root: its catalog belongs to that project.
    const { page } = await reachPage(ctx, input.copy_page_id, 'visit');
    return page.item_id === input.item_id ? page.cat_id : 0;
  }
  const mine = await ctx.db
    .selectFrom('page')
    .select('cat_id')
    .where('item_id', '=', input.item_id)
    .where('author_uid', '=', ctx.user.uid)
    .where('is_del', '=', 0)
    .orderBy('addtime', 'desc')
    .orderBy('page_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return mine?.cat_id ?? 0;
}
