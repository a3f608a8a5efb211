import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';

/**
 * Addresses the server or the app answers themselves, so a project at `/{domain}` could never be reached
 * there: the load balancer's health and readiness checks, the API, ShowDoc's URL forms, built files.
 */
const RESERVED = new Set(['health', 'ready', 'api', 'server', 'assets', 'prices', 'index']);

/**
 * A personal domain is letters and digits, not only digits (those are item ids), unique among live items
 * whatever its case: `Pay` next to `pay` would be two look-alike addresses of different owners.
 */
export async function checkItemDomain(ctx: Ctx, domain: string, exceptItemId?: number): Promise<void> {
  if (domain === '') return;
  if (!/^[A-Za-z0-9]{1,50}$/.test(domain) || /^\d+$/.test(domain) || RESERVED.has(domain.toLowerCase())) throw new ApiError(10305);
  let q = ctx.db.selectFrom('item').select('item_id').where((eb) => eb(eb.fn('lower', ['item_domain']), '=', domain.toLowerCase())).where('is_del', '=', 0);
  if (exceptItemId !== undefined) q = q.where('item_id', '!=', exceptItemId);
  if (await q.executeTakeFirst()) throw new ApiError(10304);
}
