import { z } from 'zod';
import { rowInt, text } from '../wire.js';

/** What the item group actions answer (showdoc-behaviour.md §6.8; transcript 63). */

const groupColumns = {
  id: rowInt(),
  group_name: text(),
  /** ShowDoc's comma list of project ids ("3,5,8"), in the order they were stored. */
  item_ids: text(),
  s_number: rowInt(),
  /** `YYYY-MM-DD HH:mm:ss`. */
  created_at: text(),
  updated_at: text(),
};

/** One of my groups, as `itemGroup/getList` lists them. */
export const ItemGroupRow = z.object({ ...groupColumns, uid: rowInt() });
export type ItemGroupRow = z.infer<typeof ItemGroupRow>;
export const ItemGroupList = z.array(ItemGroupRow);

/** `itemGroup/save`: the saved group, without its owner's uid. */
export const SavedItemGroup = z.object(groupColumns);
export type SavedItemGroup = z.infer<typeof SavedItemGroup>;
