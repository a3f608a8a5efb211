import type { Ctx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { countAttachments } from './attachments.js';
import { reachPage } from './page-access.js';
import { presentPageInfo, type PathStep } from './presenter.js';
import { liveShareKey } from './share.js';

/** `page/info`: one page the caller may read, with its share key and, if asked, its catalog path. */
export async function pageInfo(ctx: Ctx, pageId: number, withPath: boolean) {
  const { page } = await reachPage(ctx, pageId, 'visit');
  const [attachmentCount, uniqueKey, fullPath] = await Promise.all([
    countAttachments(ctx, page.page_id),
    liveShareKey(ctx, page.page_id),
    withPath && page.cat_id > 0 ? pathTo(ctx, page) : Promise.resolve(undefined),
  ]);
  return presentPageInfo(page, { attachmentCount, uniqueKey, ...(fullPath ? { fullPath } : {}) }, ctx.config.timeZone);
}

/** The catalogs from the top of the project down to the page, then the page (transcript 24). */
async function pathTo(ctx: Ctx, page: Page): Promise<PathStep[]> {
  const catalogs = await ctx.db.selectFrom('catalog').select(['cat_id', 'cat_name', 'parent_cat_id']).where('item_id', '=', page.item_id).execute();
  const byId = new Map(catalogs.map((c) => [c.cat_id, c]));
  const chain: PathStep[] = [];
  const seen = new Set<number>();
  // A parent chain written by hand may loop or dangle; the walk stops at either.
  for (let c = byId.get(page.cat_id); c && !seen.has(c.cat_id); c = byId.get(c.parent_cat_id)) {
    seen.add(c.cat_id);
    chain.unshift({ cat_id: c.cat_id, cat_name: c.cat_name });
  }
  chain.push({ page_id: page.page_id, page_title: page.page_title });
  return chain;
}
