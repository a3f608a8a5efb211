import type { ItemInfo } from '../../../common/answers/item.js';
import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { consumeCaptcha } from '../captcha/service.js';
import { readOptions } from '../common/options.js';
import { findLiveItem, requireVisitShown } from './access.js';
import { defaultCatalogIds, findMenuPage, firstPage, loadMenu } from './menu.js';
import { presentInfo } from './presenter.js';
import { checkVisitPassword, passwordFingerprint } from './visit-password.js';

export interface PwdInput {
  item_id: string;
  page_id: number;
  password: string;
  captcha: string;
  captcha_id: string;
}

/** The password screen: captcha, throttle, then a visit grant for this browser session. */
export async function enterVisitPassword(ctx: Ctx, input: PwdInput) {
  await consumeCaptcha(ctx, input.captcha_id, input.captcha);
  let ref: number | string = input.item_id;
  if (input.page_id > 0) {
    const page = await ctx.db.selectFrom('page').select('item_id').where('page_id', '=', input.page_id).where('is_del', '=', 0).executeTakeFirst();
    if (page) ref = page.item_id;
  }
  const item = await findLiveItem(ctx, ref);
  if (!item) throw new ApiError(10101, 'item.notFound');
  if (!(await checkVisitPassword(ctx, item, input.password))) throw new ApiError(10010);
  if (item.password) ctx.visit.grant(item.item_id, passwordFingerprint(item));
  return { item_id: item.item_id };
}

export interface InfoInput {
  /** `page_id`: the page the reader is on (echoed as current_page_id). */
  pageId: number;
  /** `default_page_id`: the page to open. */
  defaultPageId: number;
  /** Left-menu search; '' = the whole menu. */
  keyword: string;
}

/**
 * `item/info`: the project header, what the caller may do, and the catalog tree they may see. The page
 * to open is the one asked for when the caller can see it, else the first page of the menu (ShowDoc's
 * browser app picks the same one when the server answers 0).
 */
export async function itemInfo(ctx: Ctx, ref: string, input: InfoInput): Promise<ItemInfo> {
  const access = await requireVisitShown(ctx, ref);
  const [{ menu, catalogs }, siteOptions, unreadCount] = await Promise.all([
    loadMenu(ctx, access, input.keyword),
    readOptions(ctx.db, ['show_watermark']),
    countUnreadReminders(ctx),
  ]);
  const asked = [input.defaultPageId, input.pageId].filter((id) => id > 0).map((id) => findMenuPage(menu, id));
  const defaultPage = asked.find((page) => page !== undefined) ?? firstPage(menu);
  return presentInfo(access, {
    isLogin: ctx.user !== null,
    menu,
    defaultPageId: defaultPage?.page_id ?? 0,
    defaultCatIds: defaultCatalogIds(catalogs, defaultPage?.cat_id ?? 0),
    currentPageId: input.pageId,
    unreadCount,
    showWatermark: siteOptions.show_watermark === '1',
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
