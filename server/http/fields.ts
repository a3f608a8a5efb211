import { z } from 'zod';

/**
 * Field schemas for the HTTP edge. Form bodies carry strings, JSON bodies carry numbers; both are
 * accepted, but an array or object where a number belongs is refused, never coerced.
 */
const digits = z.string().trim().regex(/^-?\d{1,15}$/).transform(Number);

export const zInt = (min = -2147483648, max = 2147483647) => z.union([z.number().int(), digits]).pipe(z.number().int().min(min).max(max));

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
