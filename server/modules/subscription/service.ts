import type { PageSubscriber } from '../../../common/answers/subscription.js';
import type { AuthedCtx, Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import type { Page } from '../../db/content-tables.js';
import { userMayReadPage } from '../page/notify.js';
import { reachPage } from '../page/page-access.js';

/**
 * Page subscriptions (reference §6.13): who hears about a page's changes when it is saved with
 * "notify". Editors of the page manage the list; only people who can read the page may be on it, so a
 * notice never tells someone about a page they cannot open.
 */

/** One request adds or removes at most this many people. */
export const MAX_UIDS = 200;

async function mayRead(ctx: Ctx, uid: number, page: Page): Promise<boolean> {
  const user = await ctx.db.selectFrom('user').select(['uid', 'username', 'name', 'groupid']).where('uid', '=', uid).executeTakeFirst();
  if (!user) return false;
  return userMayReadPage(ctx, user, page);
}

export async function pageSubscribers(ctx: AuthedCtx, pageId: number): Promise<PageSubscriber[]> {
  const { page } = await reachPage(ctx, pageId, 'edit', { keepsPages: true });
  const rows = await ctx.db
    .selectFrom('subscription')
    .innerJoin('user', 'user.uid', 'subscription.uid')
    .select(['subscription.id', 'subscription.uid', 'subscription.object_id', 'subscription.object_type', 'subscription.action_type', 'subscription.sub_time', 'user.username', 'user.name'])
    .where('subscription.object_type', '=', 'page')
    .where('subscription.object_id', '=', page.page_id)
    .orderBy('subscription.id')
    .execute();
  return rows.map((row) => ({ ...row, sub_time: formatTime(row.sub_time, ctx.config.timeZone) }));
}

export async function subscribe(ctx: AuthedCtx, pageId: number, uids: number[]): Promise<[]> {
  const { page } = await reachPage(ctx, pageId, 'edit', { keepsPages: true });
  const wanted = [...new Set(uids)];
  for (const uid of wanted) {
    if (!(await mayRead(ctx, uid, page))) throw new ApiError(10101, 'subscription.cannotRead', { uid: String(uid) });
  }
  const existing = new Set(
    (
      await ctx.db
        .selectFrom('subscription')
        .select('uid')
        .where('object_type', '=', 'page')
        .where('action_type', '=', 'update')
        .where('object_id', '=', page.page_id)
        .execute()
    ).map((row) => row.uid),
  );
  const fresh = wanted.filter((uid) => !existing.has(uid));
  if (fresh.length > 0) {
    const now = ctx.clock.now();
    await ctx.db
      .insertInto('subscription')
      .values(fresh.map((uid) => ({ uid, object_id: page.page_id, object_type: 'page', action_type: 'update', sub_time: now })))
      .execute();
  }
  return [];
}

export async function unsubscribe(ctx: AuthedCtx, pageId: number, uids: number[]): Promise<[]> {
  const { page } = await reachPage(ctx, pageId, 'edit', { keepsPages: true });
  if (uids.length === 0) return [];
  await ctx.db.deleteFrom('subscription').where('object_type', '=', 'page').where('object_id', '=', page.page_id).where('uid', 'in', uids).execute();
  return [];
}
