import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';

/**
 * Throttling of password checks, kept in the database so it is atomic and holds across processes.
 * Each attempt is counted *before* the password is checked, so parallel guesses cannot slip past the
 * threshold. Locks grow with every further failure but are capped, and the strictest one is per
 * account *and* address, so an attacker elsewhere cannot keep a real user out for long.
 */
interface Rule {
  key: string;
  /** Failures allowed before the lock starts. */
  threshold: number;
  /** Longest lock, in seconds. */
  maxLock: number;
}

const FORGET_AFTER = 3600;

export function passwordRules(scope: string, subject: string, ip: string): Rule[] {
  return [
    { key: `${scope}:subject-ip:${subject}|${ip}`, threshold: 5, maxLock: 900 },
    { key: `${scope}:ip:${ip}`, threshold: 30, maxLock: 3600 },
    { key: `${scope}:subject:${subject}`, threshold: 50, maxLock: 300 },
  ];
}

export async function reserveAttempt(ctx: Ctx, rules: Rule[]): Promise<void> {
  const now = ctx.clock.now();
  for (const rule of rules) {
    await ctx.db
      .updateTable('login_throttle')
      .set({ failures: 0, locked_until: 0 })
      .where('throttle_key', '=', rule.key)
      .where('locked_until', '<=', now)
      .where('last_failure', '<', now - FORGET_AFTER)
      .execute();
    await ctx.db
      .insertInto('login_throttle')
      .values({ throttle_key: rule.key, failures: 0, locked_until: 0, last_failure: now })
      .onConflict((oc) => oc.column('throttle_key').doNothing())
      .execute();
    const counted = await ctx.db
      .updateTable('login_throttle')
      .set((eb) => ({ failures: eb('failures', '+', 1), last_failure: now }))
      .where('throttle_key', '=', rule.key)
      .where('locked_until', '<=', now)
      .returning(['failures', 'locked_until'])
      .executeTakeFirst();
    if (!counted) throw new ApiError(10204);
    if (counted.failures > rule.threshold) {
      const lock = Math.min(60 * 2 ** Math.min(counted.failures - rule.threshold - 1, 20), rule.maxLock);
      // Only one of several parallel attempts sets the next lock; the others are refused.
      const claimed = await ctx.db
        .updateTable('login_throttle')
        .set({ locked_until: now + lock })
        .where('throttle_key', '=', rule.key)
        .where('locked_until', '<=', now)
        .executeTakeFirst();
      // The attempt that crosses the threshold is refused even with the right password. Once a lock has
      // run out, one attempt is checked while the next, longer lock already stands: a wrong guess waits
      // longer, the right password clears the account's counters (clearAttempts).
      const firstLock = counted.locked_until === 0;
      if (firstLock || claimed.numUpdatedRows === 0n) throw new ApiError(10204);
    }
  }
}

/** Whether any rule is locking the caller out now; checked before any shortcut that skips counting. */
export async function isLocked(ctx: Ctx, rules: Rule[]): Promise<boolean> {
  const locked = await ctx.db
    .selectFrom('login_throttle')
    .select('throttle_key')
    .where(
      'throttle_key',
      'in',
      rules.map((r) => r.key),
    )
    .where('locked_until', '>', ctx.clock.now())
    .executeTakeFirst();
  return locked !== undefined;
}

/**
 * After a right password: the account's counters start again, and the address gets back the attempt
 * it reserved (its earlier failures still count, so a valid account cannot launder them).
 */
export async function clearAttempts(ctx: Ctx, rules: Rule[]): Promise<void> {
  const addressKeys = rules.filter((r) => r.key.includes(':ip:')).map((r) => r.key);
  const accountKeys = rules.filter((r) => !r.key.includes(':ip:')).map((r) => r.key);
  if (accountKeys.length) await ctx.db.deleteFrom('login_throttle').where('throttle_key', 'in', accountKeys).execute();
  if (addressKeys.length) {
    await ctx.db
      .updateTable('login_throttle')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('throttle_key', 'in', addressKeys)
      .where('failures', '>', 0)
      .execute();
  }
}

/**
 * Rows whose lock has ended and whose failures are old enough to be forgotten count for nothing
 * (reserveAttempt would reset them); dropping them keeps the table as small as the live attacks.
 */
export async function forgetOldAttempts(db: Ctx['db'], now: number): Promise<number> {
  const removed = await db.deleteFrom('login_throttle').where('locked_until', '<=', now).where('last_failure', '<', now - FORGET_AFTER).executeTakeFirst();
  return Number(removed.numDeletedRows);
}
