import { z } from 'zod';

/**
 * Field schemas for the HTTP edge. Form bodies carry strings, JSON bodies carry numbers; both are
 * accepted, but an array or object where a number belongs is refused, never coerced.
 *
 * Blank numbers: ShowDoc reads every number with PHP's `I('x/d')`, so `x=` (or only spaces) is 0. Its
 * editor creates every new page with `page_id=`, and scripts send unset shell variables so. Here a
 * blank number is "not given" for a field declared `.optional()` or `.default(n)`, and 0 for any
 * other, whose range then decides: a blank `zId` is refused like a missing one. Text that is not a
 * whole number (`abc`, `1.5`, `[]`) is refused in every case.
 */

/** A whole number as text; blank is 0, as PHP's `(int)''`. */
const digits = z.string().trim().regex(/^(-?\d{1,15})?$/).transform(Number);

function intInRange(min: number, max: number) {
  return z.union([z.number().int(), digits]).pipe(z.number().int().min(min).max(max));
}
type IntInRange = ReturnType<typeof intInRange>;

/** `x=` where a number belongs: the form's way of giving no value. */
function blankAsAbsent(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/**
 * A number field whose `.optional()` and `.default(n)` also take a blank value as not given, since
 * zod's wrappers step in only for `undefined`: a blank `lock_to` takes the default lock time, a blank
 * `page` the first page, a blank `s_number` leaves the order alone. Call them on the field itself:
 * after any other method (`.transform`, `.describe`, …) they are zod's own, and a blank reads as 0.
 */
export interface ZInt extends Omit<IntInRange, 'optional' | 'default'> {
  optional(): z.ZodPreprocess<z.ZodOptional<IntInRange>>;
  default(value: number): z.ZodPreprocess<z.ZodDefault<IntInRange>>;
}

export function zInt(min = -2147483648, max = 2147483647): ZInt {
  const field = intInRange(min, max);
  const blankAware: Pick<ZInt, 'optional' | 'default'> = {
    optional: () => z.preprocess(blankAsAbsent, z.optional(field)),
    default: (value: number) => z.preprocess(blankAsAbsent, z._default(field, value)),
  };
  // Own properties of this one instance, in front of zod's prototype methods of the same names.
  return Object.assign(field, blankAware) as ZInt;
}

/** A database id: a positive integer. */
export const zId = zInt(1);

/** Text with a length cap; numbers from JSON clients are taken as their text. */
export const zText = (max: number) => z.union([z.string(), z.number().transform(String)]).pipe(z.string().max(max));

/** ShowDoc's loose booleans: 1/0, true/false, on/off, yes/no. */
export const zFlag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? v : ['1', 'true', 'on', 'yes'].includes(String(v).trim().toLowerCase())));

export const noInput = z.object({});

/** ShowDoc's comma lists of ids (`uids=3,5`, `item_id=7,9`); empty means none. At most `max` ids. */
export const zIdList = (max: number) =>
  zText(max * 11)
    .default('')
    .transform((text, ctx) => {
      const parts = text
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
      if (parts.length > max || parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1)) {
        ctx.addIssue({ code: 'custom', message: 'a comma-separated list of ids' });
        return z.NEVER;
      }
      return parts.map(Number);
    });
