import { preparedQuery } from '../../db/prepared.js';
import type { Ctx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { catalogReadable, readableCatalogIds, requireEdit, requireVisit, type ItemAccess } from '../item/access.js';

/**
 * How a page endpoint reaches a page. The verdicts are item/access.ts's, asked about the page's own
 * project (never about a project the request merely names), then narrowed to the page: drafts are
 * their author's alone, and members limited to some catalogs reach only pages inside them (pages at
 * the root are outside every catalog).
 */
export interface PageReach {
  page: Page;
  access: ItemAccess;
  /** Catalogs the caller may read in the page's project; null = all. */
  readable: Set<number> | null;
}

export type PageNeed = 'visit' | 'edit';

export interface ReachOptions {
  /** The project the request says the page is in (0 = not said). */
  itemId?: number;
  /** The call writes no page (subscriptions, share links): read-only project types let it through. */
  keepsPages?: boolean;
}

/** A page that is not in the recycle bin. */
export async function findLivePage(db: Ctx['db'], pageId: number): Promise<Page | undefined> {
  const [page] = await livePage(db, pageId);
  return page;
}

const livePage = preparedQuery<[pageId: number]>()((db, arg) => db.selectFrom('page').selectAll().where('page_id', '=', arg(0)).where('is_del', '=', 0));

/** Drafts are seen by their author only; guests see none. */
export function draftVisible(ctx: Ctx, page: Pick<Page, 'is_draft' | 'author_uid'>): boolean {
  return page.is_draft === 0 || (ctx.user !== null && page.author_uid === ctx.user.uid);
}

export function requireCatalogReadable(readable: Set<number> | null, catId: number): void {
  if (!catalogReadable(readable, catId)) throw new ApiError(10103, 'page.outsideCatalogLimit');
}

/**
 * The page, and what the caller may do with it: `visit` to read, `edit` to change. Errors: 10101 for a
 * page that does not exist (or is another person's draft, so drafts cannot be probed), 10101 when it is
 * not in the project the request names, the access function's 10102/10303/10307/10312, and 10103 for a
 * page outside the caller's catalogs.
 */
export async function reachPage(ctx: Ctx, pageId: number, need: PageNeed, options: ReachOptions = {}): Promise<PageReach> {
  return reachLoadedPage(ctx, await findLivePage(ctx.db, pageId), need, options);
}

/** `reachPage` for a live page the caller read itself (undefined: none), with columns of its own beside it. */
export async function reachLoadedPage(ctx: Ctx, page: Page | undefined, need: PageNeed, options: ReachOptions = {}): Promise<PageReach> {
  if (!page) throw new ApiError(10101, 'page.notFound');
  if (options.itemId && options.itemId !== page.item_id) throw new ApiError(10101, 'page.notInItem');
  const access = need === 'edit' ? await requireEdit(ctx, page.item_id, { keepsPages: options.keepsPages ?? false }) : await requireVisit(ctx, page.item_id);
  if (!draftVisible(ctx, page)) throw new ApiError(10101, 'page.notFound');
  const readable = await readableCatalogIds(ctx, access);
  requireCatalogReadable(readable, page.cat_id);
  return { page, access, readable };
}
