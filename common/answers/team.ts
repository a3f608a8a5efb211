import { z } from 'zod';
import { folioOnly, int, rowInt, text } from '../wire.js';

/**
 * What the team actions answer (showdoc-behaviour.md §6.7). As in ShowDoc, lists show `addtime`
 * formatted (`YYYY-MM-DD HH:mm:ss`) and keep `last_update_time` in unix seconds.
 */

const teamColumns = {
  id: rowInt(),
  team_name: text(),
  /** The owner. */
  uid: rowInt(),
  username: text(),
  last_update_time: rowInt(),
};

/** `team/save`: the saved team row, times in unix seconds. */
export const TeamRow = z.object({ ...teamColumns, addtime: rowInt() });
export type TeamRow = z.infer<typeof TeamRow>;

/** `team/getList`: a team I own or belong to, with its counts and whether I manage it (1) or not (0). */
export const TeamEntry = z.object({ ...teamColumns, addtime: text(), memberCount: int(), itemCount: int(), team_manage: int() });
export type TeamEntry = z.infer<typeof TeamEntry>;
export const TeamList = z.array(TeamEntry);

/** `teamItem/getList`: a team the project is attached to; `id` is the attachment's (team_item) id. */
export const TeamOfItem = z.object({ ...teamColumns, addtime: text(), team_id: rowInt() });
export type TeamOfItem = z.infer<typeof TeamOfItem>;
export const TeamsOfItem = z.array(TeamOfItem);

/** `teamItem/getListByTeam`: a live project of the team; `id` is the attachment's (team_item) id. */
export const TeamItem = z.object({
  id: rowInt(),
  team_id: rowInt(),
  item_id: rowInt(),
  item_name: text(),
  item_description: text(),
  uid: rowInt(),
  username: text(),
  addtime: text(),
  last_update_time: rowInt(),
  item_domain: text(),
  item_type: rowInt(),
  is_archived: rowInt(),
  is_del: rowInt(),
  allow_comment: rowInt(),
  allow_feedback: rowInt(),
  /** Always '': visit passwords are stored hashed and never answered (docs/compatibility.md). */
  password: z.literal(''),
  /** Whether the project has a visit password. */
  is_private: folioOnly(int()),
});
export type TeamItem = z.infer<typeof TeamItem>;
export const TeamItems = z.array(TeamItem);

/** `teamMember/getList`: 1 ordinary member, 2 team administrator. */
export const TeamMemberRow = z.object({
  id: rowInt(),
  team_id: rowInt(),
  member_uid: rowInt(),
  member_username: text(),
  team_member_group_id: rowInt(),
  name: text(),
  addtime: text(),
  last_update_time: rowInt(),
});
export type TeamMemberRow = z.infer<typeof TeamMemberRow>;
export const TeamMembers = z.array(TeamMemberRow);

/** `teamItemMember/getList`: a team member's rights in one project of the team. */
export const TeamItemMemberRow = z.object({
  id: rowInt(),
  team_id: rowInt(),
  item_id: rowInt(),
  member_uid: rowInt(),
  member_username: text(),
  /** 0 read-only, 1 editor, 2 manager: `"1"` on ShowDoc's URLs, as ShowDoc's web app expects. */
  member_group_id: rowInt(),
  cat_id: rowInt(),
  /** The top-level catalogs the member is limited to; ShowDoc computes this list, so numbers everywhere. */
  cat_ids: z.array(int()),
  cat_name: text(),
  name: text(),
  addtime: text(),
  last_update_time: rowInt(),
});
export type TeamItemMemberRow = z.infer<typeof TeamItemMemberRow>;
export const TeamItemMembers = z.array(TeamItemMemberRow);
