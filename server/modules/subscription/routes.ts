import { z } from 'zod';
import * as answer from '../../../common/answers/subscription.js';
import { zIdList, zInt } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import { MAX_UIDS, pageSubscribers, subscribe, unsubscribe } from './service.js';

// page_id 0 or missing is ShowDoc's 10100 ("invalid input"), which the schema answers.
const Page = z.object({ page_id: zInt(1) });
const PageUids = z.object({ page_id: zInt(1), uids: zIdList(MAX_UIDS) });

export const subscriptionRoutes = [
  defineRoute({ path: 'subscription/getPageList', input: Page, auth: 'required', output: answer.PageSubscribers, handler: (ctx, input) => pageSubscribers(requireUser(ctx), input.page_id) }),
  defineRoute({ path: 'subscription/savePage', input: PageUids, auth: 'required', output: answer.SubscriptionDone, handler: (ctx, input) => subscribe(requireUser(ctx), input.page_id, input.uids) }),
  defineRoute({ path: 'subscription/deletePage', input: PageUids, auth: 'required', output: answer.SubscriptionDone, handler: (ctx, input) => unsubscribe(requireUser(ctx), input.page_id, input.uids) }),
];
