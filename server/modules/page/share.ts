import { preparedQuery } from '../../db/prepared.js';
import crypto from 'node:crypto';
import type { AuthedCtx, Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { findLiveItem } from '../item/access.js';
import { countAttachments } from './attachments.js';
import { findLivePage, reachPage } from './page-access.js';
import { presentSharedPage } from './presenter.js';
import { siteSetting } from '../admin/setting-values.js';

/**
 * Single-page share links (`/p/<unique_key>`): a capability for one page. Whoever holds the key reads
 * that page, even in a private project, and nothing else: the key grants no visit right, so the menu,
 * other pages and the page's history stay closed.
 */

/** Longest a link may live when an expiry is asked for (ten years). */
export const MAX_SHARE_DAYS = 3650;

function newShareKey(): string {
  return crypto.randomBytes(16).toString('hex');
}

function expired(expireTime: number, now: number): boolean {
  return expireTime > 0 && expireTime <= now;
}

/** The page's share key, '' when it has none; an expired one is deleted on the way (as ShowDoc does). */
const shareLinkOf = preparedQuery<[pageId: number]>()((db, arg) => db.selectFrom('single_page').select(['id', 'unique_key', 'expire_time']).where('page_id', '=', arg(0)));

export async function liveShareKey(ctx: Ctx, pageId: number): Promise<string> {
  const [row] = await shareLinkOf(ctx.db, pageId);
  return keyOfLink(ctx, row);
}

/** The key of a share link already read (`id` null or no row: none); deletes it when it has expired. */
export async function keyOfLink(ctx: Ctx, row: { id: number | null; unique_key: string | null; expire_time: number | null } | undefined): Promise<string> {
  if (!row || row.id === null || row.unique_key === null) return '';
  if (expired(row.expire_time ?? 0, ctx.clock.now())) {
    await ctx.db.deleteFrom('single_page').where('id', '=', row.id).execute();
    return '';
  }
  return row.unique_key;
}

/**
 * `page/createSinglePage`: with `create`, a new link replacing any earlier one (at most one per page);
 * without, the page's link is withdrawn. Editors of the page's project only.
 */
export async function createSinglePage(ctx: AuthedCtx, pageId: number, create: boolean, expireDays: number) {
  const { page } = await reachPage(ctx, pageId, 'edit', { keepsPages: true });
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('single_page').where('page_id', '=', page.page_id).execute();
    if (!create) return [];
    const row = { unique_key: newShareKey(), page_id: page.page_id, expire_time: expireDays > 0 ? now + expireDays * 86400 : 0 };
    await trx.insertInto('single_page').values(row).execute();
    return row;
  });
}

/**
 * `page/infoByKey`: the shared page, for anyone with the key. A `page_id` sent along must be the key's
 * own page. Refused (10101) for unknown or expired keys, for pages or projects since deleted, and for
 * a page that has become a draft.
 */
export async function pageByShareKey(ctx: Ctx, uniqueKey: string, pageId: number) {
  const { page, link } = await reachSharedPage(ctx, uniqueKey, pageId);
  return presentSharedPage(page, await countAttachments(ctx, page.page_id), link.expire_time, ctx.config.timeZone);
}

/** `page/infoByKey`'s check: the key's live page, its project and the link, or the refusal (see above). */
export async function reachSharedPage(ctx: Ctx, uniqueKey: string, pageId: number) {
  // A site that requires login for reading requires it for share links too: a link is not a login.
  if (!ctx.user && (await siteSetting(ctx.db, 'force_login')) === 1) throw new ApiError(10312);
  const link = uniqueKey ? await ctx.db.selectFrom('single_page').selectAll().where('unique_key', '=', uniqueKey).executeTakeFirst() : undefined;
  if (!link || (pageId > 0 && pageId !== link.page_id)) throw new ApiError(10101, 'page.shareNotFound');
  if (expired(link.expire_time, ctx.clock.now())) {
    await ctx.db.deleteFrom('single_page').where('id', '=', link.id).execute();
    throw new ApiError(10101, 'page.shareExpired');
  }
  const page = await findLivePage(ctx.db, link.page_id);
  // A page that went back to being a draft is its author's alone again; the key does not reach it.
  const item = page && page.is_draft === 0 ? await findLiveItem(ctx, page.item_id) : undefined;
  if (!page || !item) throw new ApiError(10101, 'page.shareNotFound');
  return { page, item, link };
}
