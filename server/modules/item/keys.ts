import type { ItemKey } from '../../../common/answers/item.js';
import crypto from 'node:crypto';
import type { AuthedCtx } from '../../context.js';
import { decryptSecret, encryptSecret } from '../../secret.js';
import { requireManage } from './access.js';

/**
 * Open-API credentials, one pair per project. The api_key names the project; the api_token is the
 * secret, stored encrypted with the site secret so managers can read it again but a copied database
 * alone gives nothing away.
 */
function newCredential(): string {
  return crypto.randomBytes(16).toString('hex');
}

export async function getKey(ctx: AuthedCtx, itemId: number): Promise<ItemKey> {
  const { item } = await requireManage(ctx, itemId, { allowArchived: true });
  const existing = await ctx.db.selectFrom('item_token').selectAll().where('item_id', '=', item.item_id).executeTakeFirst();
  if (existing) {
    return { id: existing.id, item_id: item.item_id, api_key: existing.api_key, api_token: decryptSecret(ctx.secret, existing.api_token) ?? '', addtime: existing.addtime, last_check_time: existing.last_check_time };
  }
  const apiKey = newCredential();
  const apiToken = newCredential();
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('item_token')
    .values({ item_id: item.item_id, api_key: apiKey, api_token: encryptSecret(ctx.secret, apiToken), addtime: now })
    .onConflict((oc) => oc.column('item_id').doNothing())
    .execute();
  // Two first calls at once: both answer with the pair that won.
  return getKey(ctx, itemId);
}

/** A new api_token; the api_key stays, as in ShowDoc, so scripts only change one value. */
export async function resetKey(ctx: AuthedCtx, itemId: number): Promise<ItemKey> {
  const { item } = await requireManage(ctx, itemId);
  await getKey(ctx, item.item_id);
  await ctx.db.updateTable('item_token').set({ api_token: encryptSecret(ctx.secret, newCredential()) }).where('item_id', '=', item.item_id).execute();
  return getKey(ctx, item.item_id);
}
