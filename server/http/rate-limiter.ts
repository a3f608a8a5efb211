/**
 * A fixed-window counter per key, in memory: enough for one process guarding cheap endpoints such as
 * captcha creation. Password checks use the database throttle instead, so they hold across processes.
 */
export class RateLimiter {
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
