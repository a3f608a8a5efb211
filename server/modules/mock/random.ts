import crypto from 'node:crypto';

/**
 * Where the engine takes its randomness from. Injected so tests can replay a fixed sequence; the server uses
 * `cryptoRandom` because server code never uses the unseeded Math generator (a hook and a lint rule check it).
 */
export interface RandomSource {
  /** An integer in [min, max], both ends included. Callers pass safe integers with min ≤ max. */
  int(min: number, max: number): number;
  /** A number in [0, 1). */
  float(): number;
}

/**
 * A megabyte of mock text can take hundreds of thousands of draws, and one `crypto.randomInt` call per draw
 * (~60 ns here) was a large share of a render. So words from the same CSPRNG are fetched 16 KB at a time with
 * `crypto.randomFillSync` and used one by one; each is used once, nothing is seeded or predictable.
 */
const POOL_WORDS = 4096;
const pool = new Uint32Array(POOL_WORDS);
let poolOffset = POOL_WORDS;

function uint32(): number {
  if (poolOffset >= POOL_WORDS) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++] ?? 0;
}

const TWO_32 = 2 ** 32;

export const cryptoRandom: RandomSource = {
  int(min, max) {
    const span = max - min + 1;
    if (!(span > 1)) return min;
    if (span <= TWO_32) {
      // Rejection sampling: values past the last whole multiple of span would favour the low numbers.
      const limit = TWO_32 - (TWO_32 % span);
      for (;;) {
        const value = uint32();
        if (value < limit) return min + (value % span);
      }
    }
    return Math.min(max, min + Math.floor(cryptoRandom.float() * span));
  },
  float() {
    // 53 random bits: all a double holds.
    return (uint32() * 2 ** 21 + (uint32() >>> 11)) / 2 ** 53;
  },
};
