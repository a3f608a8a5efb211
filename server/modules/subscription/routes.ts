import * as answer from '../../../common/answers/subscription.js';
import { defineRoute } from '../../http/route.js';
import { SubscriptionPage, SubscriptionPageUids } from './schema.js';
import { pageSubscribers, subscribe, unsubscribe } from './service.js';

export const subscriptionRoutes = [
  defineRoute({ path: 'subscription/getPageList', input: SubscriptionPage, auth: 'required', get: 'read', output: answer.PageSubscribers, handler: (ctx, input) => pageSubscribers(ctx, input.page_id) }),
  defineRoute({ path: 'subscription/savePage', input: SubscriptionPageUids, auth: 'required', output: answer.SubscriptionDone, handler: (ctx, input) => subscribe(ctx, input.page_id, input.uids) }),
  defineRoute({ path: 'subscription/deletePage', input: SubscriptionPageUids, auth: 'required', output: answer.SubscriptionDone, handler: (ctx, input) => unsubscribe(ctx, input.page_id, input.uids) }),
];
