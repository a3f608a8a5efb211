import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { consumeCaptcha } from '../captcha/service.js';
import { findLiveItem } from './access.js';
import { checkVisitPassword, passwordFingerprint } from './visit-password.js';

export interface PwdInput {
  item_id: string;
  page_id: number;
  password: string;
  captcha: string;
  captcha_id: string;
}

/** The password screen: captcha, throttle, then a visit grant for this browser session. */
export async function enterVisitPassword(ctx: Ctx, input: PwdInput) {
  await consumeCaptcha(ctx, input.captcha_id, input.captcha);
  let ref: number | string = input.item_id;
  if (input.page_id > 0) {
    const page = await ctx.db.selectFrom('page').select('item_id').where('page_id', '=', input.page_id).where('is_del', '=', 0).executeTakeFirst();
    if (page) ref = page.item_id;
  }
  const item = await findLiveItem(ctx, ref);
  if (!item) throw new ApiError(10101, 'item.notFound');
  if (!(await checkVisitPassword(ctx, item, input.password))) throw new ApiError(10010);
  if (item.password) ctx.visit.grant(item.item_id, passwordFingerprint(item));
  return { item_id: item.item_id };
}
