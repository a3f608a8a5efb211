import { z } from 'zod';
import { zId, zInt, zText } from '../../http/fields.js';

/** One project by id. */
export const ItemId = z.object({ item_id: zId });
export type ItemIdInput = z.infer<typeof ItemId>;

/** An item is named by its id or its personal domain. */
const itemRef = zText(50).pipe(z.string().min(1));
const password = zText(1024).default('');
const name = zText(100);
const description = zText(2000);
const domain = zText(100).default('');

export const AddItem = z.object({
  item_name: name.default(''),
  item_description: description.default(''),
  item_domain: domain,
  password,
  item_type: zInt(0, 6).default(1),
  item_group_id: zInt(0).default(0),
  copy_item_id: zInt(0).default(0),
});
export type AddItemInput = z.infer<typeof AddItem>;

export const UpdateItem = z.object({
  item_id: zId,
  item_name: name.optional(),
  item_description: description.optional(),
  item_domain: zText(100).optional(),
  password: zText(1024).optional(),
});
export type UpdateItemInput = z.infer<typeof UpdateItem>;

export const MyItems = z.object({ item_group_id: zInt(-1).default(0), original: zInt(0, 1).default(0) });
export type MyItemsInput = z.infer<typeof MyItems>;

export const ItemInfo = z
  .object({
    item_id: itemRef.optional(),
    item_domain: itemRef.optional(),
    page_id: zInt(0).default(0),
    default_page_id: zInt(0).default(0),
    keyword: zText(200).default('').pipe(z.string().trim()),
  })
  .refine((v) => v.item_id ?? v.item_domain, { path: ['item_id'] });
export type ItemInfoInput = z.infer<typeof ItemInfo>;

export const SearchItems = z.object({ keyword: zText(200).pipe(z.string().trim().min(1)), item_id: zInt(0).default(0) });
export type SearchItemsInput = z.infer<typeof SearchItems>;

export const SortItems = z.object({ data: zText(200_000), item_group_id: zInt(-1).default(0) });
export type SortItemsInput = z.infer<typeof SortItems>;

/** Archiving and deleting ask for the owner's password again. */
export const ConfirmedItem = z.object({ item_id: zId, password });
export type ConfirmedItemInput = z.infer<typeof ConfirmedItem>;

export const TransferItem = z.object({ item_id: zId, username: zText(200).pipe(z.string().trim().min(1)), password });
export type TransferItemInput = z.infer<typeof TransferItem>;

export const VisitPassword = z.object({
  item_id: itemRef.default('0'),
  page_id: zInt(0).default(0),
  password,
  captcha: zText(16).default(''),
  captcha_id: zText(64).default(''),
});
export type VisitPasswordInput = z.infer<typeof VisitPassword>;
