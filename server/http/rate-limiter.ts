/**
 * Counts calls against a declared budget (server/http/route.ts). Every implementation answers the same
 * question: count one hit for `key`, and say whether the key is still within `limit` hits in the current
 * fixed window of `windowMs`.
 */
export interface CallLimiter {
  hit(key: string, limit: number, windowMs: number): boolean | Promise<boolean>;
  /** Forgets windows that have passed (the scheduled cleanup); absent where they expire by themselves. */
  forgetOld?(nowMs: number): Promise<unknown>;
  close?(): Promise<void>;
}


/**
 * A fixed-window counter per key, in memory: right for one process alone with its database (SQLite, whose
 * file no second machine opens) and for unit tests. Several servers share the database or Redis limiter
 * instead (rate-limiter-db.ts, rate-limiter-redis.ts).
 */
export class RateLimiter implements CallLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** Counts one hit; false when the key has used up `limit` hits in the current window. */
  hit(key: string, limit: number, windowMs: number): boolean {
    const now = this.nowMs();
    const w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (this.windows.size > 100_000) this.sweep(now, windowMs);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= limit;
  }

  private sweep(now: number, windowMs: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(k);
  }
}
