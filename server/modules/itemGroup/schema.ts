import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';

/** More projects than anyone files by hand; keeps a group row (and `item/myList`'s filter) small. */
export const MAX_GROUP_ITEMS = 1000;
/** More groups than the group manager dialog can show. */
export const MAX_SORTED_GROUPS = 500;

/** Room for MAX_GROUP_ITEMS ids of ten digits, with separators and some spaces. */
const ITEM_IDS_MAX_CHARS = 20_000;
const GROUPS_MAX_CHARS = 50_000;
/** A cap for the raw text only: the service checks the trimmed name (in characters) with its own message. */
const GROUP_NAME_MAX_CHARS = 4000;

/**
 * `item_ids`: a comma list of item ids as ShowDoc clients send it ("3,5,8"), or the same as a JSON array
 * ("[3,5,8]"). Duplicates collapse, empty entries ("3,,5,") are skipped, anything else that is not a
 * positive integer refuses the whole list.
 */
const itemIdList = zText(ITEM_IDS_MAX_CHARS)
  .transform((text): unknown => {
    const list = decodeHtmlEntities(text).trim();
    if (list.startsWith('[')) return parseJson(list);
    return list.split(',').filter((entry) => entry.trim() !== '');
  })
  .pipe(z.array(zId))
  .transform((ids) => [...new Set(ids)])
  .pipe(z.array(z.number()).max(MAX_GROUP_ITEMS));

/** `groups`: the dialog's new order as JSON text, `[{"id":3,"s_number":1},…]`; ids may come as strings. */
const groupOrder = zText(GROUPS_MAX_CHARS)
  .transform((text): unknown => parseJson(decodeHtmlEntities(text)))
  .pipe(z.array(z.object({ id: zId, s_number: zInt(0, 1_000_000_000) })).max(MAX_SORTED_GROUPS));

export const SaveGroup = z.object({
  /** 0 or absent creates a group. */
  id: zInt(0).default(0),
  /** Absent keeps the current name when updating; blank becomes "default". */
  group_name: zText(GROUP_NAME_MAX_CHARS).optional(),
  /** Absent keeps the current members when updating (a rename must not empty the group). */
  item_ids: itemIdList.optional(),
});
export type SaveGroupInput = z.infer<typeof SaveGroup>;

export const DeleteGroup = z.object({ id: zId });
export type DeleteGroupInput = z.infer<typeof DeleteGroup>;

export const SaveGroupOrder = z.object({ groups: groupOrder });
export type SaveGroupOrderInput = z.infer<typeof SaveGroupOrder>;

/** Unreadable JSON becomes `undefined`, which the array schema after it refuses as invalid input. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const ENTITIES: Record<string, string> = { quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' };

/**
 * ShowDoc's request filter HTML-escapes every parameter, so its clients may send JSON as
 * `[{&quot;id&quot;:3,…}]`. Decoded in one pass, so `&amp;quot;` stays the text `&quot;`.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(quot|apos|lt|gt|amp|#0*34|#0*39);/g, (whole, name: string) => {
    if (name.startsWith('#')) return Number(name.slice(1)) === 34 ? '"' : "'";
    return ENTITIES[name] ?? whole;
  });
}
