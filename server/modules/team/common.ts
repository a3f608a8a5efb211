import type { AuthedCtx } from '../../context.js';
import type { Team } from '../../db/content-tables.js';
import { bumpItemStamps, type Trx } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';

/**
 * Who may do what in a team (reference §4.2/§6.7). Team managers (`team_manage` > 0) are the owner and
 * the team administrators (team_member_group_id 2): they edit, transfer and delete the team and manage
 * its members and projects. Ordinary members may read the lists and leave.
 */

export const MAX_TEAM_NAME_CHARS = 100;
/** Teams one person may own. */
export const MAX_TEAMS_PER_USER = 200;
/** Members and projects of one team; the lists are loaded whole. */
export const MAX_TEAM_MEMBERS = 500;
export const MAX_TEAM_ITEMS = 500;

export const TEAM_ADMIN = 2;
export const TEAM_MEMBER = 1;

export interface TeamRole {
  team: Team;
  isOwner: boolean;
  /** The caller's team_member row group, null when not a member. */
  group: number | null;
  canManage: boolean;
}

export async function teamRole(ctx: AuthedCtx, teamId: number): Promise<TeamRole> {
  const team = await ctx.db.selectFrom('team').selectAll().where('id', '=', teamId).executeTakeFirst();
  if (!team) throw new ApiError(10101, 'team.notFound');
  const isOwner = team.uid === ctx.user.uid;
  const row = await ctx.db
    .selectFrom('team_member')
    .select('team_member_group_id')
    .where('team_id', '=', teamId)
    .where('member_uid', '=', ctx.user.uid)
    .orderBy('team_member_group_id', 'desc')
    .executeTakeFirst();
  const group = row ? row.team_member_group_id : null;
  return { team, isOwner, group, canManage: isOwner || group === TEAM_ADMIN };
}

/** Every write: the owner or a team administrator. */
export async function requireTeamManage(ctx: AuthedCtx, teamId: number): Promise<TeamRole> {
  const role = await teamRole(ctx, teamId);
  if (!role.canManage) throw new ApiError(10103);
  return role;
}

/** Reads: anyone in the team. */
export async function requireTeamMember(ctx: AuthedCtx, teamId: number): Promise<TeamRole> {
  const role = await teamRole(ctx, teamId);
  if (!role.canManage && role.group === null) throw new ApiError(10103);
  return role;
}

/**
 * Bumps the version stamp of every project attached to the team, in the writer's transaction: a change to
 * the team's people changes who reaches those projects, and the stamp keys cached `item/info` answers.
 */
export async function bumpTeamItemStamps(trx: Trx, teamId: number): Promise<void> {
  const rows = await trx.selectFrom('team_item').select('item_id').where('team_id', '=', teamId).orderBy('item_id').execute();
  await bumpItemStamps(trx, rows.map((r) => r.item_id));
}

export function count(row: { n: number | string | bigint | null } | undefined): number {
  return Number(row?.n ?? 0);
}
