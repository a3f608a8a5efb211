import type { AuthedCtx, Ctx } from '../../context.js';
import type { Item, Page } from '../../db/content-tables.js';
import { accessTo, catalogReadable, readableCatalogIds } from '../item/access.js';
import { draftVisible } from './page-access.js';
import type { Trx } from '../catalog/store.js';

/**
 * Page subscriptions: ShowDoc subscribes the creator of a page to it, and a save with `is_notify=1`
 * sends every subscriber a `remind` message carrying `notify_content`. Unlike ShowDoc, a subscriber
 * who can no longer read the page (left the project, limited to other catalogs) is not told.
 */

export async function subscribe(trx: Trx, uid: number, pageId: number, now: number): Promise<void> {
  await trx.insertInto('subscription').values({ uid, object_id: pageId, object_type: 'page', action_type: 'update', sub_time: now }).execute();
}

/** As the subscriber, not as the saver: no visit grant or password of this request applies. */
function asSubscriber(ctx: Ctx, user: { uid: number; username: string; name: string; groupid: number }): Ctx {
  return { ...ctx, user: { ...user, tokenId: 0 }, visit: { grants: new Map(), grant: () => undefined, passwordParam: null } };
}

async function mayRead(ctx: Ctx, item: Item, page: Page): Promise<boolean> {
  const access = await accessTo(ctx, item);
  if (!access.canVisit || !draftVisible(ctx, page)) return false;
  return catalogReadable(await readableCatalogIds(ctx, access), page.cat_id);
}

/** Whether `user` (not the caller) may read the page: who may follow it and hear of its changes. */
export function userMayReadPage(ctx: Ctx, user: { uid: number; username: string; name: string; groupid: number }, item: Item, page: Page): Promise<boolean> {
  return mayRead(asSubscriber(ctx, user), item, page);
}

/** Sends the saver's note about the page to its subscribers who may still read it. */
export async function notifySubscribers(ctx: AuthedCtx, page: Page, text: string): Promise<void> {
  const item = await ctx.db.selectFrom('item').selectAll().where('item_id', '=', page.item_id).executeTakeFirst();
  if (!item) return;
  const subscribers = await ctx.db
    .selectFrom('subscription')
    .innerJoin('user', 'user.uid', 'subscription.uid')
    .select(['user.uid', 'user.username', 'user.name', 'user.groupid'])
    .distinct()
    .where('subscription.object_type', '=', 'page')
    .where('subscription.action_type', '=', 'update')
    .where('subscription.object_id', '=', page.page_id)
    .execute();
  const recipients: number[] = [];
  for (const subscriber of subscribers) {
    if (await userMayReadPage(ctx, subscriber, item, page)) recipients.push(subscriber.uid);
  }
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
