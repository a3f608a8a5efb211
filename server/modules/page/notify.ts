import type { AuthedCtx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { readersOfPage } from '../item/access.js';
import type { Trx } from '../../db/locks.js';

/**
 * Page subscriptions: ShowDoc subscribes the creator of a page to it, and a save with `is_notify=1`
 * sends every subscriber a `remind` message carrying `notify_content`. Unlike ShowDoc, a subscriber
 * who can no longer read the page (left the project, limited to other catalogs) is not told, nor is the
 * saver about their own change.
 */

export async function subscribe(trx: Trx, uid: number, pageId: number, now: number): Promise<void> {
  await trx.insertInto('subscription').values({ uid, object_id: pageId, object_type: 'page', action_type: 'update', sub_time: now }).execute();
}

/** Sends the saver's note about the page to its subscribers who may still read it. */
export async function notifySubscribers(ctx: AuthedCtx, page: Page, text: string): Promise<void> {
  const subscribers = await ctx.db
    .selectFrom('subscription')
    .innerJoin('user', 'user.uid', 'subscription.uid')
    .select(['user.uid', 'user.groupid'])
    .distinct()
    .where('subscription.object_type', '=', 'page')
    .where('subscription.action_type', '=', 'update')
    .where('subscription.object_id', '=', page.page_id)
    .execute();
  const readers = await readersOfPage(ctx, page, subscribers);
  // The saver wrote the note: telling them about their own change is noise (ShowDoc did, Folio does not).
  const recipients = subscribers.map((s) => s.uid).filter((uid) => readers.has(uid) && uid !== ctx.user.uid);
  if (recipients.length === 0) return;
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const content = await trx
      .insertInto('message_content')
      .values({
        from_uid: ctx.user.uid,
        from_name: ctx.user.name || ctx.user.username,
        message_type: 'remind',
        message_content: text,
        action_type: 'update',
        object_type: 'page',
        object_id: page.page_id,
        addtime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('message')
      .values(recipients.map((to_uid) => ({ from_uid: ctx.user.uid, to_uid, message_type: 'remind', message_content_id: content.id, status: 0, addtime: now })))
      .execute();
  });
}
