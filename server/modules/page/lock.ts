import type { AuthedCtx, Ctx } from '../../context.js';
import type { PageLock } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { requireEdit } from '../item/access.js';
import { reachPage } from './page-access.js';

/**
 * Edit locks (seed 001 §4): the editor takes one when it opens a saved page, renews it every 20
 * minutes and gives it back with `lock_to=1000` (any past time). Unlike ShowDoc, a live lock of another
 * person stops their page/save, so a lock always expires: it lasts at most MAX_LOCK_SECONDS from now.
 */

/** ShowDoc's default: half an hour from now. */
export const DEFAULT_LOCK_SECONDS = 1800;
/** A client cannot hold a page longer than this without renewing (ShowDoc took any lock_to). */
export const MAX_LOCK_SECONDS = 3600;

export function isLive(lock: Pick<PageLock, 'lock_to'>, now: number): boolean {
  return lock.lock_to > now;
}

/** The live lock of someone other than the caller, if any. */
export async function lockOfOthers(db: Ctx['db'], ctx: Ctx, pageId: number): Promise<PageLock | undefined> {
  const lock = await db.selectFrom('page_lock').selectAll().where('page_id', '=', pageId).executeTakeFirst();
  return lock && isLive(lock, ctx.clock.now()) && lock.lock_uid !== ctx.user?.uid ? lock : undefined;
}

/** The error that names who holds the page and until when. */
export function lockedError(ctx: Ctx, lock: PageLock): ApiError {
  return new ApiError(10101, 'page.lockedBy', { username: lock.lock_username, until: formatTime(lock.lock_to, ctx.config.timeZone) });
}

/**
 * `page/setLock`: takes, renews or (with a past `lock_to`) gives back the caller's lock. A live lock
 * of someone else is refused with their name. Taking is one conditional upsert, so two people opening
 * the editor at once cannot both come away holding the page.
 */
export async function setLock(ctx: AuthedCtx, pageId: number, itemId: number, lockTo: number | undefined) {
  const { page } = await reachPage(ctx, pageId, 'edit', { itemId });
  const now = ctx.clock.now();
  const until = Math.min(lockTo && lockTo > 0 ? lockTo : now + DEFAULT_LOCK_SECONDS, now + MAX_LOCK_SECONDS);
  await ctx.db.deleteFrom('page_lock').where('lock_to', '<=', now).execute();
  const taken = await ctx.db
    .insertInto('page_lock')
    .values({ page_id: page.page_id, lock_uid: ctx.user.uid, lock_username: ctx.user.username, lock_to: until, addtime: now })
    .onConflict((oc) =>
      oc
        .column('page_id')
        .doUpdateSet({ lock_uid: ctx.user.uid, lock_username: ctx.user.username, lock_to: until, addtime: now })
        .where((eb) => eb.or([eb('page_lock.lock_uid', '=', ctx.user.uid), eb('page_lock.lock_to', '<=', now)])),
    )
    .returning('id')
    .executeTakeFirst();
  if (!taken) {
    const holder = await lockOfOthers(ctx.db, ctx, page.page_id);
    if (holder) throw lockedError(ctx, holder);
    throw new ApiError(10101);
  }
  return { id: taken.id };
}

const FREE = { lock: 0, exceed: 0, lock_uid: '', lock_username: '', is_cur_user: 0 } as const;

/** `page/isLock`: whether someone holds the page now, and whether it is the caller (transcript 67). */
export async function isLock(ctx: Ctx, pageId: number, itemId: number) {
  if (pageId === 0) {
    // A new page: nobody can hold it; `exceed` would carry a page quota, and Folio has none.
    if (itemId === 0) throw new ApiError(10100, 'input.invalid', { field: 'item_id' });
    await requireEdit(ctx, itemId);
    return FREE;
  }
  const { page } = await reachPage(ctx, pageId, 'visit', { itemId });
  const lock = await ctx.db.selectFrom('page_lock').selectAll().where('page_id', '=', page.page_id).executeTakeFirst();
  if (!lock || !isLive(lock, ctx.clock.now())) return FREE;
  return { lock: 1, exceed: 0, lock_uid: lock.lock_uid, lock_username: lock.lock_username, is_cur_user: lock.lock_uid === ctx.user?.uid ? 1 : 0 };
}
