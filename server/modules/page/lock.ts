import type { AuthedCtx, Ctx } from '../../context.js';
import type { PageLock } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { requireEdit } from '../item/access.js';
import { reachPage } from './page-access.js';

/**
 * Edit locks (seed 001 §4): the editor takes one when it opens a saved page, renews it while it is open and
 * gives it back with `lock_to=1000` (any past time). Unlike ShowDoc, a live lock of another person stops
 * their page/save, so a lock always expires: it lasts at most MAX_LOCK_SECONDS from now. Folio's editor
 * asks for a short lease (`lock_seconds`, EDITOR_LEASE_SECONDS) and renews it often, so a browser that
 * closes without leaving the editor frees the page within minutes; before that, another editor may take
 * the page over (`page/takeOverLock`). `addtime` is when the holder took the page, kept across renewals,
 * so others are told since when it is held.
 */

/** ShowDoc's default: half an hour from now. ShowDoc's own clients renew every 20 minutes. */
export const DEFAULT_LOCK_SECONDS = 1800;
/** A client cannot hold a page longer than this without renewing (ShowDoc took any lock_to). */
export const MAX_LOCK_SECONDS = 3600;
/** The lease Folio's editor asks for (seed 001's 180 s spreadsheet lease); it renews every minute. */
export const EDITOR_LEASE_SECONDS = 180;

export interface LockRequest {
  /** ShowDoc's absolute end (unix seconds); a past time gives the lock back. */
  lockTo?: number | undefined;
  /** Folio: a lease from the server's clock, so a browser's wrong clock cannot shorten or stretch it. */
  lockSeconds?: number | undefined;
}

/** Until when a take or renewal holds the page, capped at MAX_LOCK_SECONDS from now. */
function lockEnd(now: number, request: LockRequest): number {
  const { lockTo, lockSeconds } = request;
  const wanted = lockSeconds !== undefined && lockSeconds > 0 ? now + lockSeconds : lockTo && lockTo > 0 ? lockTo : now + DEFAULT_LOCK_SECONDS;
  return Math.min(wanted, now + MAX_LOCK_SECONDS);
}

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
 * the editor at once cannot both come away holding the page. A renewal keeps `addtime` (since when).
 */
export async function setLock(ctx: AuthedCtx, pageId: number, itemId: number, request: LockRequest) {
  const { page } = await reachPage(ctx, pageId, 'edit', { itemId });
  const now = ctx.clock.now();
  const until = lockEnd(now, request);
  await ctx.db.deleteFrom('page_lock').where('lock_to', '<=', now).execute();
  const taken = await ctx.db
    .insertInto('page_lock')
    .values({ page_id: page.page_id, lock_uid: ctx.user.uid, lock_username: ctx.user.username, lock_to: until, addtime: now })
    .onConflict((oc) =>
      oc
        .column('page_id')
        .doUpdateSet((eb) => ({
          lock_uid: ctx.user.uid,
          lock_username: ctx.user.username,
          lock_to: until,
          // The update only happens to the caller's own lock or to a lapsed one: a live row is a renewal.
          addtime: eb.case().when('page_lock.lock_to', '>', now).then(eb.ref('page_lock.addtime')).else(now).end(),
        }))
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

/**
 * `page/takeOverLock` (Folio): an editor of the page takes its lock whoever holds it, for the editor's
 * lease. The one who held it finds out at their next renewal; their unsaved text stays in their browser,
 * and their save is refused (the lock, or the page's version once the new holder saved), never applied
 * over the new holder's work.
 */
export async function takeOverLock(ctx: AuthedCtx, pageId: number, itemId: number, request: LockRequest) {
  const { page } = await reachPage(ctx, pageId, 'edit', { itemId });
  const now = ctx.clock.now();
  const until = lockEnd(now, { lockSeconds: request.lockSeconds ?? EDITOR_LEASE_SECONDS });
  const row = { lock_uid: ctx.user.uid, lock_username: ctx.user.username, lock_to: until, addtime: now };
  const taken = await ctx.db
    .insertInto('page_lock')
    .values({ page_id: page.page_id, ...row })
    .onConflict((oc) => oc.column('page_id').doUpdateSet(row))
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: taken.id };
}

const FREE = { lock: 0, exceed: 0, lock_uid: '', lock_username: '', is_cur_user: 0, lock_since: 0, lock_until: 0 } as const;

/**
 * `page/isLock`: whether someone holds the page now, and whether it is the caller (transcript 67); Folio adds
 * since when and until when (unix seconds, 0 when free) so the editor can say so.
 */
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
  return {
    lock: 1,
    exceed: 0,
    lock_uid: lock.lock_uid,
    lock_username: lock.lock_username,
    is_cur_user: lock.lock_uid === ctx.user?.uid ? 1 : 0,
    lock_since: lock.addtime,
    lock_until: lock.lock_to,
  };
}
