import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';

/** `adminItem/getList`: blank filters (the console's empty form fields) mean "any". */
export const AdminItemListQuery = z.object({
  page: zInt(1, 100_000).default(1),
  count: zInt(1, 100).default(20),
  item_name: zText(200).default(''),
  /** The owner's username, part of it. */
  username: zText(200).default(''),
  /** 0 (or blank) every type. */
  item_type: zInt(0, 100).default(0),
  /** 0 all, 2 public, 3 private (ShowDoc's values; 1 is read as "all"). */
  privacy_type: zInt(0, 3).default(0),
  /** 0 live projects, 1 deleted ones. */
  is_del: zInt(0, 1).default(0),
});
export type AdminItemListInput = z.output<typeof AdminItemListQuery>;

export const AdminItemRef = z.object({ item_id: zId });
export type AdminItemRefInput = z.output<typeof AdminItemRef>;

/** `adminItem/attorn`: the receiver by username or e-mail. */
export const AdminItemAttorn = z.object({ item_id: zId, username: zText(200).default('') });
export type AdminItemAttornInput = z.output<typeof AdminItemAttorn>;
