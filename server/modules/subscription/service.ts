import type { PageSubscriber } from '../../../common/answers/subscription.js';
import type { AuthedCtx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { grantsOnItem, readersOfPage, type ItemAccess } from '../item/access.js';
import { reachPage } from '../page/page-access.js';

/**
 * Page subscriptions (reference §6.13): who hears about a page's changes when it is saved with
 * "notify". ShowDoc lets editors only; Folio lets anyone who can read the page follow it and stop
 * following it, and keeps managing other people to the page's editors, who may add only the project's
 * own people (owner, members, team members). Only people who can read the page may be on the list, so
 * a notice never tells someone about a page they cannot open. A reader who is no editor sees only
 * their own row: the list names the project's people, which a visitor of a public project need not learn.
 */

/** One request adds or removes at most this many people. */
export const MAX_UIDS = 200;

/** The page as the caller may read it, and whether they may manage other people's subscriptions. */
function reachFollowedPage(ctx: AuthedCtx, pageId: number): Promise<{ page: Page; access: ItemAccess }> {
  return reachPage(ctx, pageId, 'visit', { keepsPages: true });
}

/** Anyone else than the caller in `uids` needs an editor of the page (and a live, unarchived project). */
function requireManagesOthers(ctx: AuthedCtx, access: ItemAccess, uids: readonly number[]): void {
  if (uids.every((uid) => uid === ctx.user.uid)) return;
  if (!access.canEdit) throw new ApiError(10103, 'subscription.othersNeedEditor');
  if (access.item.is_archived) throw new ApiError(10101, 'item.archived');
}

export async function pageSubscribers(ctx: AuthedCtx, pageId: number): Promise<PageSubscriber[]> {
  const { page, access } = await reachFollowedPage(ctx, pageId);
  let query = ctx.db
    .selectFrom('subscription')
    .innerJoin('user', 'user.uid', 'subscription.uid')
    .select(['subscription.id', 'subscription.uid', 'subscription.object_id', 'subscription.object_type', 'subscription.action_type', 'subscription.sub_time', 'user.username', 'user.name'])
    .where('subscription.object_type', '=', 'page')
    .where('subscription.object_id', '=', page.page_id);
  if (!access.canEdit) query = query.where('subscription.uid', '=', ctx.user.uid);
  const rows = await query.orderBy('subscription.id').execute();
  return rows.map((row) => ({ ...row, sub_time: formatTime(row.sub_time, ctx.config.timeZone) }));
}

export async function subscribe(ctx: AuthedCtx, pageId: number, uids: number[]): Promise<[]> {
  const { page, access } = await reachFollowedPage(ctx, pageId);
  const wanted = [...new Set(uids)];
  requireManagesOthers(ctx, access, wanted);
  const others = wanted.filter((uid) => uid !== ctx.user.uid);
  if (others.length > 0) {
    // An editor adds followers from the project's own people, never any account of the site.
    const projectPeople = new Set([access.item.uid, ...(await grantsOnItem(ctx, access.item.item_id)).map((g) => g.uid)]);
    const outsider = others.find((uid) => !projectPeople.has(uid));
    if (outsider !== undefined) throw new ApiError(10101, 'subscription.notInProject', { uid: String(outsider) });
  }
  const people = wanted.length ? await ctx.db.selectFrom('user').select(['uid', 'groupid']).where('uid', 'in', wanted).execute() : [];
  const readers = await readersOfPage(ctx, page, people);
  const cannotRead = wanted.find((uid) => !readers.has(uid));
  if (cannotRead !== undefined) throw new ApiError(10101, 'subscription.cannotRead', { uid: String(cannotRead) });

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
  const { page, access } = await reachFollowedPage(ctx, pageId);
  if (uids.length === 0) return [];
  requireManagesOthers(ctx, access, uids);
  await ctx.db.deleteFrom('subscription').where('object_type', '=', 'page').where('object_id', '=', page.page_id).where('uid', 'in', uids).execute();
  return [];
}
