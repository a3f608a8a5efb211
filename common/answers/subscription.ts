import { z } from 'zod';
import { empty, rowInt, text } from '../wire.js';

/** What the subscription actions answer (showdoc-behaviour.md §6.13). */

/** One follower of a page: the `subscription` row (`sub_time` formatted) with the person's names. */
export const PageSubscriber = z.object({
  id: rowInt(),
  uid: rowInt(),
  object_id: rowInt(),
  object_type: text(),
  action_type: text(),
  sub_time: text(),
  username: text(),
  name: text(),
});
export type PageSubscriber = z.infer<typeof PageSubscriber>;
export const PageSubscribers = z.array(PageSubscriber);

/** `subscription/savePage`, `subscription/deletePage`. */
export const SubscriptionDone = empty();
