import type { RandomSource } from './random.js';

/**
 * The draws generators need, built on the injected source. It normalises what it passes and checks what it
 * gets back, so a faulty source (or a test double) can never push a value out of its range.
 */
export class Dice {
  constructor(private readonly source: RandomSource) {}

  /** An integer in [a, b] (either order); non-finite bounds become 0. */
  int(a: number, b: number): number {
    let min = Math.ceil(safe(a));
    let max = Math.floor(safe(b));
    if (min > max) [min, max] = [Math.floor(safe(b)), Math.ceil(safe(a))];
    if (min === max) return min;
    const value = this.source.int(min, max);
    if (!Number.isFinite(value)) return min;
    return Math.min(max, Math.max(min, Math.round(value)));
  }

  float(): number {
    const value = this.source.float();
    return value >= 0 && value < 1 ? value : 0;
  }

  bool(): boolean {
    return this.int(0, 1) === 1;
  }

  /** One item of a list that the caller knows is not empty. */
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** One character of a pool; pools may hold characters outside the BMP, so they come as arrays. */
  char(pool: readonly string[]): string {
    return pool.length ? this.pick(pool) : '';
  }

  /**
   * `length` characters of a pool. A megabyte of mock text is a million characters, so one draw in
   * [0, n^k) yields k of them as its base-n digits (uniform, since the draw is): 6 letters or 3 hanzi per draw.
   */
  chars(pool: readonly string[], length: number): string {
    const n = pool.length;
    if (n === 0 || length <= 0) return '';
    let perDraw = 1;
    let range = n;
    while (perDraw < length && range * n <= DRAW_RANGE) {
      range *= n;
      perDraw++;
    }
    let out = '';
    for (let i = 0; i < length; ) {
      let draw = this.int(0, range - 1);
      for (let k = 0; k < perDraw && i < length; k++, i++) {
        out += pool[draw % n] ?? '';
        draw = (draw / n) | 0;
      }
    }
    return out;
  }

  /** `count` distinct items in random order (a partial Fisher–Yates that touches only what it returns). */
  sample<T>(items: readonly T[], count: number): T[] {
    const swapped = new Map<number, number>();
    const result: T[] = [];
    const n = Math.min(count, items.length);
    for (let i = 0; i < n; i++) {
      const j = this.int(i, items.length - 1);
      const atJ = swapped.get(j) ?? j;
      swapped.set(j, swapped.get(i) ?? i);
      result.push(items[atJ] as T);
    }
    return result;
  }
}

/** Draws stay below 2^30 so V8 keeps them small integers: `%` on larger doubles is a slow library call. */
const DRAW_RANGE = 2 ** 30;

function safe(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value));
}
