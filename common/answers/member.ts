import { z } from 'zod';
import { idList, int, rowInt, text } from '../wire.js';

/** What the member actions answer (showdoc-behaviour.md §6.6; transcripts 33–35). */

/** `member/getList`: one individual member of the project, with the catalogs they are limited to. */
export const MemberRow = z.object({
  item_member_id: rowInt(),
  item_id: rowInt(),
  uid: rowInt(),
  username: text(),
  name: text(),
  /** 0 read-only, 1 editor, 2 manager: `"1"` on ShowDoc's URLs, whose web app compares with `'1'`. */
  member_group_id: rowInt(),
  cat_id: rowInt(),
  /** The top-level catalogs the member is limited to; none = every catalog. ShowDoc's `"3,5"` column. */
  cat_ids: idList(),
  cat_name: text(),
  member_group: text(),
  /** `YYYY-MM-DD HH:mm:ss`. */
  addtime: text(),
});
export type MemberRow = z.infer<typeof MemberRow>;
export const MemberList = z.array(MemberRow);

/** `member/getAllList`: everyone with access, once each. ShowDoc computes `item_id` and `uid` in PHP. */
export const ItemPerson = z.object({
  item_id: int(),
  uid: int(),
  username: text(),
  /** The display name, or the username when there is none. */
  username_name: text(),
  member_group_id: rowInt(),
});
export type ItemPerson = z.infer<typeof ItemPerson>;
export const ItemPeople = z.array(ItemPerson);

/** `member/getMyAllList`: people I already work with, most recently added first. */
export const Collaborator = z.object({
  uid: int(),
  username: text(),
  /** Unix seconds. */
  addtime: int(),
});
export type Collaborator = z.infer<typeof Collaborator>;
export const Collaborators = z.array(Collaborator);
