import type { ItemInfo } from '../../../common/answers/item.js';
import type { Ctx } from '../../context.js';
import { readOptions } from '../common/options.js';
import type { ItemAccess } from './access.js';
import { defaultCatalogIds, findMenuPage, firstPage, loadMenu } from './menu.js';
import { presentInfo } from './presenter.js';

export interface InfoInput {
  /** `page_id`: the page the reader is on (echoed as current_page_id). */
  pageId: number;
  /** `default_page_id`: the page to open. */
  defaultPageId: number;
  /** Left-menu search; '' = the whole menu. */
  keyword: string;
}

/** What item/info shows that is not the project's: per caller or per site, read on every request. */
export interface InfoSurroundings {
  unreadCount: number;
  showWatermark: boolean;
}

export async function readSurroundings(ctx: Ctx): Promise<InfoSurroundings> {
  const [siteOptions, unreadCount] = await Promise.all([readOptions(ctx.db, ['show_watermark']), countUnreadReminders(ctx)]);
  return { unreadCount, showWatermark: siteOptions.show_watermark === '1' };
}

/**
 * `item/info` for a caller whose visit was allowed: the project header, what the caller may do, and the
 * catalog tree they may see. The page to open is the one asked for when the caller can see it, else the
 * first page of the menu (ShowDoc's browser app picks the same one when the server answers 0).
 */
export async function buildItemInfo(ctx: Ctx, access: ItemAccess, input: InfoInput, around: InfoSurroundings): Promise<ItemInfo> {
  const { menu, catalogs } = await loadMenu(ctx, access, input.keyword);
  const asked = [input.defaultPageId, input.pageId].filter((id) => id > 0).map((id) => findMenuPage(menu, id));
  const defaultPage = asked.find((page) => page !== undefined) ?? firstPage(menu);
  return presentInfo(access, {
    isLogin: ctx.user !== null,
    menu,
    defaultPageId: defaultPage?.page_id ?? 0,
    defaultCatIds: defaultCatalogIds(catalogs, defaultPage?.cat_id ?? 0),
    currentPageId: input.pageId,
    unreadCount: around.unreadCount,
    showWatermark: around.showWatermark,
  });
}

/** Unread reminders (page changes of subscribed pages), for the bell in the project header. */
async function countUnreadReminders(ctx: Ctx): Promise<number> {
  if (!ctx.user) return 0;
  const row = await ctx.db
    .selectFrom('message')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_uid', '=', ctx.user.uid)
    .where('status', '=', 0)
    .where('message_type', '=', 'remind')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
