import { z } from 'zod';
import { zId, zIdList, zInt, zText } from '../../http/fields.js';
import { MAX_TEAM_ITEMS } from './common.js';
import { MAX_CAT_IDS } from './item-member-service.js';

/** A name field: capped at the edge (the service caps the trimmed name), no NUL characters. */
const zName = zText(4000).refine((s) => !s.includes('\u0000'), 'NUL characters are not allowed');

/** `cat_ids` as a comma list or an array of ids; absent stays absent, so only fields sent are changed. */
const zCatIds = z
  .union([z.array(zId).max(MAX_CAT_IDS), zText(MAX_CAT_IDS * 11)])
  .transform((value, ctx) => {
    if (Array.isArray(value)) return value;
    const parts = value
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length > MAX_CAT_IDS || parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1)) {
      ctx.addIssue({ code: 'custom', message: 'a comma-separated list of ids' });
      return z.NEVER;
    }
    return parts.map(Number);
  })
  .optional();

/** One row named by its id: a team, a team member, a team's project link. */
export const RowId = z.object({ id: zId });
export type RowIdInput = z.infer<typeof RowId>;

export const SaveTeam = z.object({ id: zInt(0).default(0), team_name: zName.default('') });
export type SaveTeamInput = z.infer<typeof SaveTeam>;

export const TransferTeam = z.object({ team_id: zId, username: zText(200).default(''), password: zText(1000).default('') });
export type TransferTeamInput = z.infer<typeof TransferTeam>;

export const SaveTeamMember = z.object({ id: zInt(0).default(0), team_id: zInt(0).default(0), member_username: zText(200).default(''), team_member_group_id: zInt(1, 2).default(1) });
export type SaveTeamMemberInput = z.infer<typeof SaveTeamMember>;

export const TeamRef = z.object({ team_id: zId });
export type TeamRefInput = z.infer<typeof TeamRef>;

export const AttachItems = z.object({ team_id: zId, item_id: zIdList(MAX_TEAM_ITEMS) });
export type AttachItemsInput = z.infer<typeof AttachItems>;

export const ItemRef = z.object({ item_id: zId });
export type ItemRefInput = z.infer<typeof ItemRef>;

export const SaveTeamItemMember = z.object({ id: zId, member_group_id: zInt(0, 2).optional(), cat_id: zInt(0).optional(), cat_ids: zCatIds });
export type SaveTeamItemMemberInput = z.infer<typeof SaveTeamItemMember>;

export const TeamItemMembers = z.object({ item_id: zId, team_id: zId });
export type TeamItemMembersInput = z.infer<typeof TeamItemMembers>;
