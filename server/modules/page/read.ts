import type { Ctx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { preparedQuery } from '../../db/prepared.js';
import { reachLoadedPage } from './page-access.js';
import { presentPageInfo, type PathStep } from './presenter.js';
import { keyOfLink } from './share.js';

/**
 * A live page (as findLivePage reads it) with its attachment count and share link beside it: one statement
 * instead of three on the hottest read (issue 21). Nothing of it leaves before the access check.
 */
const pageWithExtras = preparedQuery<[pageId: number]>()((db, arg) =>
  db
    .selectFrom('page')
    .leftJoin('single_page', 'single_page.page_id', 'page.page_id')
    .selectAll('page')
    .select((eb) => [
      'single_page.id as share_id',
      'single_page.unique_key as share_key',
      'single_page.expire_time as share_expire_time',
      eb
        .selectFrom('file_page')
        .select((f) => f.fn.countAll<number>().as('n'))
        .whereRef('file_page.page_id', '=', 'page.page_id')
        .as('attachment_count'),
    ])
    .where('page.page_id', '=', arg(0))
    .where('page.is_del', '=', 0),
);

/** `page/info`: one page the caller may read, with its share key and, if asked, its catalog path. */
export async function pageInfo(ctx: Ctx, pageId: number, withPath: boolean) {
  const [found] = await pageWithExtras(ctx.db, pageId);
  // The presenter names the page's columns one by one, so the extra ones go no further.
  const { page } = await reachLoadedPage(ctx, found, 'visit');
  const [uniqueKey, fullPath] = await Promise.all([
    keyOfLink(ctx, { id: found?.share_id ?? null, unique_key: found?.share_key ?? null, expire_time: found?.share_expire_time ?? null }),
    withPath && page.cat_id > 0 ? pathTo(ctx, page) : Promise.resolve(undefined),
  ]);
  return presentPageInfo(page, { attachmentCount: Number(found?.attachment_count ?? 0), uniqueKey, ...(fullPath ? { fullPath } : {}) }, ctx.config.timeZone);
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
