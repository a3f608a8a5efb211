import type { TeamEntry, TeamRow } from '../../../common/answers/team.js';
import type { AuthedCtx } from '../../context.js';
import type { Team } from '../../db/content-tables.js';
import { findUserByName } from '../user/lookup.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { confirmLoginPassword } from '../user/confirm-password.js';
import { MAX_TEAM_NAME_CHARS, MAX_TEAMS_PER_USER, TEAM_ADMIN, bumpTeamItemStamps, count, requireTeamManage, teamRole } from './common.js';

/** Teams (reference §6.7, `team/*`). */

/** The team row, times in unix seconds (`team/save`). */
export function presentTeamRow(team: Team): TeamRow {
  return { id: team.id, team_name: team.team_name, uid: team.uid, username: team.username, addtime: team.addtime, last_update_time: team.last_update_time };
}

/** As ShowDoc lists teams: `addtime` formatted, `last_update_time` left in unix seconds. */
export function presentTeam(ctx: AuthedCtx, team: Team): Omit<TeamEntry, 'memberCount' | 'itemCount' | 'team_manage'> {
  return { ...presentTeamRow(team), addtime: formatTime(team.addtime, ctx.config.timeZone) };
}

function cleanName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new ApiError(10100, 'team.nameRequired');
  if (Array.from(name).length > MAX_TEAM_NAME_CHARS) throw new ApiError(10100, 'team.nameTooLong', { max: String(MAX_TEAM_NAME_CHARS) });
  return name;
}

/** `team/save`: id 0 creates a team owned by me; otherwise renames it (team managers only). */
export async function saveTeam(ctx: AuthedCtx, id: number, rawName: string): Promise<TeamRow> {
  const name = cleanName(rawName);
  const now = ctx.clock.now();
  if (id > 0) {
    await requireTeamManage(ctx, id);
    await ctx.db.updateTable('team').set({ team_name: name, last_update_time: now }).where('id', '=', id).execute();
  } else {
    const owned = await ctx.db.selectFrom('team').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', ctx.user.uid).executeTakeFirst();
    if (count(owned) >= MAX_TEAMS_PER_USER) throw new ApiError(10101, 'team.tooMany', { max: String(MAX_TEAMS_PER_USER) });
    const row = await ctx.db
      .insertInto('team')
      .values({ team_name: name, uid: ctx.user.uid, username: ctx.user.username, addtime: now, last_update_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  const team = await ctx.db.selectFrom('team').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return presentTeamRow(team);
}

/** `team/getList`: teams I own or belong to, newest first, with their counts and whether I manage them. */
export async function myTeams(ctx: AuthedCtx): Promise<TeamEntry[]> {
  const uid = ctx.user.uid;
  const rows = await ctx.db
    .selectFrom('team')
    .selectAll('team')
    .select((eb) => [
      eb.selectFrom('team_member').select(eb.fn.countAll<number>().as('n')).whereRef('team_member.team_id', '=', 'team.id').as('member_count'),
      eb
        .selectFrom('team_item')
        .innerJoin('item', 'item.item_id', 'team_item.item_id')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('team_item.team_id', '=', 'team.id')
        .where('item.is_del', '=', 0)
        .as('item_count'),
      eb
        .selectFrom('team_member')
        .select((sub) => sub.fn.max('team_member.team_member_group_id').as('g'))
        .whereRef('team_member.team_id', '=', 'team.id')
        .where('team_member.member_uid', '=', uid)
        .as('my_group'),
    ])
    .where((eb) => eb.or([eb('team.uid', '=', uid), eb('team.id', 'in', eb.selectFrom('team_member').select('team_id').where('member_uid', '=', uid))]))
    .orderBy('team.addtime', 'desc')
    .orderBy('team.id', 'desc')
    .execute();
  return rows.map((row) => ({
    ...presentTeam(ctx, row),
    memberCount: Number(row.member_count ?? 0),
    itemCount: Number(row.item_count ?? 0),
    team_manage: row.uid === uid || Number(row.my_group ?? 0) === TEAM_ADMIN ? 1 : 0,
  }));
}

/** `team/delete`: the team and all its member, project and permission rows, at once. */
export async function deleteTeam(ctx: AuthedCtx, id: number): Promise<{ success: true }> {
  await requireTeamManage(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await bumpTeamItemStamps(trx, id);
    await trx.deleteFrom('team_item_member').where('team_id', '=', id).execute();
    await trx.deleteFrom('team_item').where('team_id', '=', id).execute();
    await trx.deleteFrom('team_member').where('team_id', '=', id).execute();
    await trx.deleteFrom('team').where('id', '=', id).execute();
  });
  return { success: true };
}

/**
 * `team/attorn`: hands the team to another user. Unlike ShowDoc, which also hands over every project
 * attached to the team (including projects the caller does not own), Folio moves ONLY the team: the
 * projects keep their owners and stay attached, so the members keep their access through the team.
 */
export async function transferTeam(ctx: AuthedCtx, teamId: number, receiverName: string, password: string): Promise<[]> {
  const { team } = await requireTeamManage(ctx, teamId);
  await confirmLoginPassword(ctx, password);
  const receiver = await findUserByName(ctx.db, receiverName);
  if (!receiver) throw new ApiError(10209);
  if (receiver.uid === team.uid) throw new ApiError(10101, 'team.receiverIsOwner');
  // A receiver who was a member keeps the membership row: their project rights hang on it.
  await ctx.db.updateTable('team').set({ uid: receiver.uid, username: receiver.username, last_update_time: ctx.clock.now() }).where('id', '=', teamId).execute();
  return [];
}

/** `team/exitTeam`: I leave the team, with my project rights through it. The owner transfers or deletes instead. */
export async function exitTeam(ctx: AuthedCtx, teamId: number): Promise<[]> {
  const role = await teamRole(ctx, teamId);
  if (role.isOwner) throw new ApiError(10101, 'team.ownerCannotLeave');
  if (role.group === null) throw new ApiError(10101, 'team.notMember');
  await ctx.db.transaction().execute(async (trx) => {
    await bumpTeamItemStamps(trx, teamId);
    await trx.deleteFrom('team_item_member').where('team_id', '=', teamId).where('member_uid', '=', ctx.user.uid).execute();
    await trx.deleteFrom('team_member').where('team_id', '=', teamId).where('member_uid', '=', ctx.user.uid).execute();
  });
  return [];
}
