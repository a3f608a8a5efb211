import type { TeamMemberRow } from '../../../common/answers/team.js';
import type { AuthedCtx } from '../../context.js';
import { findUserByName } from '../user/lookup.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { MAX_TEAM_MEMBERS, bumpTeamItemStamps, count, requireTeamManage, requireTeamMember } from './common.js';

/** Team members (reference §6.7, `teamMember/*`). */

/** Rights a new member gets in every project of the team: editor, as in ShowDoc. */
const NEW_MEMBER_ITEM_ROLE = 1;

async function memberRow(ctx: AuthedCtx, id: number) {
  const row = await ctx.db.selectFrom('team_member').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(10101, 'team.memberNotFound');
  return row;
}

/**
 * `teamMember/save`: adds a person by username or e-mail, with a `team_item_member` row (editor) for
 * every project of the team. With an `id`, changes that member's role instead.
 */
export async function saveTeamMember(ctx: AuthedCtx, input: { id: number; team_id: number; member_username: string; team_member_group_id: number }): Promise<{ id: number }> {
  const now = ctx.clock.now();
  if (input.id > 0) {
    const row = await memberRow(ctx, input.id);
    if (input.team_id > 0 && row.team_id !== input.team_id) throw new ApiError(10101, 'team.memberNotFound');
    await requireTeamManage(ctx, row.team_id);
    await ctx.db.transaction().execute(async (trx) => {
      await bumpTeamItemStamps(trx, row.team_id);
      await trx.updateTable('team_member').set({ team_member_group_id: input.team_member_group_id, last_update_time: now }).where('id', '=', row.id).execute();
    });
    return { id: row.id };
  }
  if (input.team_id < 1) throw new ApiError(10100, 'input.invalid', { field: 'team_id' });
  const { team } = await requireTeamManage(ctx, input.team_id);
  const user = await findUserByName(ctx.db, input.member_username);
  if (!user) throw new ApiError(10209);
  if (user.uid === team.uid) throw new ApiError(10101, 'team.alreadyMember');
  const existing = await ctx.db.selectFrom('team_member').select('id').where('team_id', '=', team.id).where('member_uid', '=', user.uid).executeTakeFirst();
  if (existing) throw new ApiError(10101, 'team.alreadyMember');
  const members = await ctx.db.selectFrom('team_member').select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', team.id).executeTakeFirst();
  if (count(members) >= MAX_TEAM_MEMBERS) throw new ApiError(10101, 'team.tooManyMembers', { max: String(MAX_TEAM_MEMBERS) });
  return ctx.db.transaction().execute(async (trx) => {
    await bumpTeamItemStamps(trx, team.id);
    const row = await trx
      .insertInto('team_member')
      .values({ team_id: team.id, member_uid: user.uid, member_username: user.username, team_member_group_id: input.team_member_group_id, addtime: now, last_update_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = await trx.selectFrom('team_item').select('item_id').where('team_id', '=', team.id).execute();
    // Left-overs of an earlier membership would stack up with the new rows.
    await trx.deleteFrom('team_item_member').where('team_id', '=', team.id).where('member_uid', '=', user.uid).execute();
    if (items.length > 0) {
      await trx
        .insertInto('team_item_member')
        .values(
          items.map((i) => ({
            team_id: team.id,
            item_id: i.item_id,
            member_group_id: NEW_MEMBER_ITEM_ROLE,
            member_uid: user.uid,
            member_username: user.username,
            addtime: now,
            last_update_time: now,
          })),
        )
        .execute();
    }
    return { id: row.id };
  });
}

/** `teamMember/getList`: the members, newest first, for anyone in the team. */
export async function teamMembers(ctx: AuthedCtx, teamId: number): Promise<TeamMemberRow[]> {
  await requireTeamMember(ctx, teamId);
  const rows = await ctx.db
    .selectFrom('team_member')
    .leftJoin('user', 'user.uid', 'team_member.member_uid')
    .selectAll('team_member')
    .select('user.name')
    .where('team_member.team_id', '=', teamId)
    .orderBy('team_member.addtime', 'desc')
    .orderBy('team_member.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    team_id: row.team_id,
    member_uid: row.member_uid,
    member_username: row.member_username,
    team_member_group_id: row.team_member_group_id,
    name: row.name ?? '',
    addtime: formatTime(row.addtime, ctx.config.timeZone),
    last_update_time: row.last_update_time,
  }));
}

/** `teamMember/delete`: removes the member and their project rights through this team, at once. */
export async function deleteTeamMember(ctx: AuthedCtx, id: number): Promise<{ success: true }> {
  const row = await memberRow(ctx, id);
  await requireTeamManage(ctx, row.team_id);
  await ctx.db.transaction().execute(async (trx) => {
    await bumpTeamItemStamps(trx, row.team_id);
    await trx.deleteFrom('team_item_member').where('team_id', '=', row.team_id).where('member_uid', '=', row.member_uid).execute();
    await trx.deleteFrom('team_member').where('id', '=', row.id).execute();
  });
  return { success: true };
}
