import { MAX_REPEAT } from '../limits.js';
import { numberArg, type Generator } from './context.js';

const SAFE = Number.MAX_SAFE_INTEGER;
const DIGITS = [...'0123456789'];

/** `@boolean(min, max, current)`: `current` with probability min / (min + max), as in Mock.js. */
const boolean: Generator = (args, { dice }) => {
  const current = args[2];
  if (typeof current !== 'boolean') return dice.bool();
  const min = numberArg(args, 0) ?? 1;
  const max = numberArg(args, 1) ?? 1;
  if (!(min + max > 0)) return current;
  return dice.float() < min / (min + max) ? current : !current;
};

const natural: Generator = (args, { dice }) =>
  dice.int(Math.max(0, numberArg(args, 0) ?? 0), Math.max(0, numberArg(args, 1) ?? SAFE));

const integer: Generator = (args, { dice }) => dice.int(numberArg(args, 0) ?? -SAFE, numberArg(args, 1) ?? SAFE);

/**
 * `@float(min, max, dmin, dmax)`: an integer part in [min, max] and dmin–dmax decimals, the last one never 0 so
 * the count shows (Mock.js's rule; the value may therefore pass max by less than 1, as it does there).
 */
const float: Generator = (args, { dice }) => {
  const whole = dice.int(numberArg(args, 0) ?? -SAFE, numberArg(args, 1) ?? SAFE);
  const clampDecimals = (n: number) => Math.max(0, Math.min(17, Math.trunc(n)));
  const places = dice.int(clampDecimals(numberArg(args, 2) ?? 0), clampDecimals(numberArg(args, 3) ?? 17));
  const digits = places > 0 ? dice.chars(DIGITS, places - 1) + dice.int(1, 9) : '';
  const value = Number(digits ? `${whole}.${digits}` : `${whole}`);
  return Number.isFinite(value) ? value : whole;
};

/** `@increment(step)`: 1, 2, 3… within one render (Mock.js keeps one counter for the whole process). */
const increment: Generator = (args, context) => context.nextIncrement(numberArg(args, 0) || 1);

/** `@range(stop)` or `@range(start, stop, step)`, at most MAX_REPEAT numbers. */
const range: Generator = (args) => {
  let start = numberArg(args, 0) ?? 0;
  let stop = numberArg(args, 1);
  if (stop === undefined) [start, stop] = [0, start];
  const step = numberArg(args, 2) || 1;
  const result: number[] = [];
  for (let n = start; (step > 0 ? n < stop : n > stop) && result.length < MAX_REPEAT; n += step) result.push(n);
  return result;
};

export const numberGenerators: Record<string, Generator> = {
  boolean,
  bool: boolean,
  natural,
  integer,
  int: integer,
  float,
  increment,
  range,
};
