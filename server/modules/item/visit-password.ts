import crypto from 'node:crypto';
import type { Ctx } from '../../context.js';
import type { Item } from '../../db/content-tables.js';
import { verifyPassword } from '../user/password.js';
import { ApiError } from '../../http/api-error.js';
import { clearAttempts, isLocked, passwordRules, reserveAttempt } from '../user/throttle.js';

/**
 * Visit passwords are stored as Argon2id hashes, like login passwords. ShowDoc clients resend the
 * password (`_item_pwd`) with every request, so a verified one is remembered briefly in memory, keyed
 * by a digest that changes when the password does; the plain password is never kept.
 */
const VERIFIED_TTL_MS = 10 * 60 * 1000;
const verified = new Map<string, number>();

/** Identifies the current password without revealing it; grants carry it so a new password revokes them. */
export function passwordFingerprint(item: Pick<Item, 'item_id' | 'password'>): string {
  return crypto.createHash('sha256').update(`${item.item_id}:${item.password}`).digest('hex').slice(0, 16);
}

function cacheKey(item: Item, password: string): string {
  return crypto.createHash('sha256').update(`${item.item_id}\u0000${item.password}\u0000${password}`).digest('hex');
}

/** Checks a visit password through the same throttle as logins: per project and address, and per address. */
export async function checkVisitPassword(ctx: Ctx, item: Item, password: string): Promise<boolean> {
  if (!item.password) return true;
  const rules = passwordRules('itempwd', String(item.item_id), ctx.ip);
  // A locked-out address learns nothing, not even from the cache of recently verified passwords.
  if (await isLocked(ctx, rules)) throw new ApiError(10204);
  const key = cacheKey(item, password);
  const until = verified.get(key);
  if (until && until > Date.now()) return true;

  await reserveAttempt(ctx, rules);
  const check = await verifyPassword(item.password, '', password);
  if (!check.ok) return false;
  await clearAttempts(ctx, rules);
  if (verified.size > 10_000) verified.clear();
  verified.set(key, Date.now() + VERIFIED_TTL_MS);
  return true;
}
