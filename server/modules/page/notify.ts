import type { AuthedCtx, Ctx } from '../../context.js';
import type { Page } from '../../db/content-tables.js';
import { readersOfPage, type PageHeader, type Person } from '../item/access.js';
import type { Trx } from '../../db/locks.js';

/**
 * Page subscriptions: ShowDoc subscribes the creator of a page to it, and a save with `is_notify=1`
 * sends every subscriber a `remind` message carrying `notify_content`. Unlike ShowDoc, a subscriber
 * who can no longer read the page (left the project, limited to other catalogs) is not told.
 */

export async function subscribe(trx: Trx, uid: number, pageId: number, now: number): Promise<void> {
  await trx.insertInto('subscription').values({ uid, object_id: pageId, object_type: 'page', action_type: 'update', sub_time: now }).execute();
}

/** Whether `person` (not the caller) may read the page: who may follow it and hear of its changes. */
export async function userMayReadPage(ctx: Ctx, person: Person, page: PageHeader): Promise<boolean> {
  return (await readersOfPage(ctx, page, [person])).has(person.uid);
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
  const recipients = subscribers.map((s) => s.uid).filter((uid) => readers.has(uid));
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
