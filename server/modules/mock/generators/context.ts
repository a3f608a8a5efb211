import type { Literal } from '../arguments.js';
import type { Dice } from '../dice.js';
import { MAX_GENERATED_LENGTH } from '../limits.js';
import type { MockValue } from '../values.js';

/** What a generator may use: randomness and the time, both injected; and the per-render `@increment` counter. */
export interface GeneratorContext {
  readonly dice: Dice;
  readonly now: Date;
  nextIncrement(step: number): number;
}

/**
 * A placeholder's implementation. It receives literal arguments only and returns a value; it must not throw on
 * odd arguments (a wrong type falls back to the default, as Mock.js's coercions mostly do).
 */
export type Generator = (args: readonly Literal[], context: GeneratorContext) => MockValue;

/** A number argument: numbers, or strings that read as numbers (bare words such as `5` in `@string(lower, 5)`). */
export function numberArg(args: readonly Literal[], index: number): number | undefined {
  const value = args[index];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return undefined;
}

export function stringArg(args: readonly Literal[], index: number): string | undefined {
  const value = args[index];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** True for a string argument that is not a number: tells `@cword("甲乙丙", 3)` from `@cword(3)`. */
export function isTextArg(args: readonly Literal[], index: number): boolean {
  return typeof args[index] === 'string' && numberArg(args, index) === undefined;
}

/**
 * Mock.js's `(min, max)` convention: no arguments → the default range; one → exactly that many; two → a random
 * count between them. Counts are clamped, so `@string(99999999)` costs what `@string(10000)` costs.
 */
export function countFrom(
  context: GeneratorContext,
  min: number | undefined,
  max: number | undefined,
  defaults: readonly [number, number],
  cap = MAX_GENERATED_LENGTH,
): number {
  if (min === undefined) return context.dice.int(defaults[0], defaults[1]);
  if (max === undefined) return clampCount(min, cap);
  return context.dice.int(clampCount(min, cap), clampCount(max, cap));
}

function clampCount(n: number, cap: number): number {
  return Math.max(0, Math.min(cap, Math.trunc(n)));
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
