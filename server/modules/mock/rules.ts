/**
 * The `|rule` part of a template key, as Mock.js reads it: `"name|min-max"`, `"name|count"`, `"name|+step"`,
 * `"name|min-max.dmin-dmax"`, `"name|count.dcount"`, `"name|.dmin-dmax"`.
 */
export interface KeyRule {
  /** The `min` of `min-max`, or the single `count`. */
  readonly min?: number;
  /** The `max` of `min-max`; absent for a single count. */
  readonly max?: number;
  /** The step of `+step`: successive repetitions take the next value (numbers) or item (arrays). */
  readonly step?: number;
  /** Decimal places of numbers: `.dmin-dmax` or `.dcount`. */
  readonly dmin?: number;
  readonly dmax?: number;
}

export interface ParsedKey {
  /** The property name written to the output. */
  readonly name: string;
  readonly rule: KeyRule | null;
}

/** The digit counts keep every number a safe integer before clamping; the anchors keep matching linear. */
const RULE = /^(?:\+(\d{1,15})|([+-]?\d{1,16})(?:-([+-]?\d{1,16}))?)?(?:\.(\d{1,3})(?:-(\d{1,3}))?)?$/;

/** Beyond this a double no longer holds the digits, so more places would only add noise. */
export const MAX_DECIMALS = 10;

function toNumber(digits: string | undefined): number | undefined {
  if (digits === undefined) return undefined;
  const value = Number(digits);
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value));
}

/**
 * Splits a key at its last `|` (Mock.js's key pattern is greedy, so `"a|b|1-2"` is the name `a|b`). A key whose
 * rule does not fit the grammar is kept exactly as written, without a rule, instead of being half-applied.
 */
export function parseKey(key: string): ParsedKey {
  const bar = key.lastIndexOf('|');
  if (bar <= 0 || bar === key.length - 1) return { name: key, rule: null };
  const match = RULE.exec(key.slice(bar + 1));
  if (!match) return { name: key, rule: null };
  const [, step, min, max, dmin, dmax] = match;
  const rule: KeyRule = {
    step: toNumber(step),
    min: toNumber(min),
    max: toNumber(max),
    dmin: dmin === undefined ? undefined : Math.min(MAX_DECIMALS, Number(dmin)),
    dmax: dmax === undefined ? undefined : Math.min(MAX_DECIMALS, Number(dmax)),
  };
  return { name: key.slice(0, bar), rule };
}
