import { z } from 'zod';
import { zInt, zText } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import { MAX_UIDS, pageSubscribers, subscribe, unsubscribe } from './service.js';

/** ShowDoc sends `uids` as a comma list. */
const uidList = zText(4000)
  .default('')
  .transform((text, ctx) => {
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length > MAX_UIDS || parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1)) {
      ctx.addIssue({ code: 'custom', message: 'uids' });
      return z.NEVER;
    }
    return parts.map(Number);
  });

// page_id 0 or missing is ShowDoc's 10100 ("invalid input"), which the schema answers.
const Page = z.object({ page_id: zInt(1) });
const PageUids = z.object({ page_id: zInt(1), uids: uidList });

export const subscriptionRoutes = [
  defineRoute({ path: 'subscription/getPageList', input: Page, auth: 'required', handler: (ctx, input) => pageSubscribers(requireUser(ctx), input.page_id) }),
  defineRoute({ path: 'subscription/savePage', input: PageUids, auth: 'required', handler: (ctx, input) => subscribe(requireUser(ctx), input.page_id, input.uids) }),
  defineRoute({ path: 'subscription/deletePage', input: PageUids, auth: 'required', handler: (ctx, input) => unsubscribe(requireUser(ctx), input.page_id, input.uids) }),
];
