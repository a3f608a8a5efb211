import type { TeamItem, TeamOfItem } from '../../../common/answers/team.js';
import type { AuthedCtx } from '../../context.js';
import { bumpItemStamps } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { recordChange } from '../changeLog/record.js';
import { requireManage } from '../item/access.js';
import { MAX_TEAM_ITEMS, requireTeamManage, requireTeamMember } from './common.js';
import { presentTeam } from './team-service.js';

/** Projects attached to teams (reference §6.7, `teamItem/*`). */

/** Rights every team member gets in a newly attached project: editor, as in ShowDoc. */
const ATTACHED_ITEM_ROLE = 1;

/**
 * `teamItem/save`: attaches projects (a comma list) to a team. The caller manages the team and each
 * project; projects already attached are skipped. Every current member gets an editor row.
 */
export async function attachItems(ctx: AuthedCtx, teamId: number, itemIds: number[]): Promise<{ id: number }> {
  const { team } = await requireTeamManage(ctx, teamId);
  const unique = [...new Set(itemIds)];
  if (unique.length === 0) throw new ApiError(10100, 'input.invalid', { field: 'item_id' });
  const items = [];
  for (const itemId of unique) {
    try {
      items.push((await requireManage(ctx, itemId)).item);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 10303 || error.code === 10307)) throw new ApiError(10303, 'team.itemNoPermission', { item: String(itemId) });
      throw error;
    }
  }
  const attached = await ctx.db.selectFrom('team_item').select(['id', 'item_id']).where('team_id', '=', teamId).execute();
  const fresh = items.filter((i) => !attached.some((a) => a.item_id === i.item_id));
  if (attached.length + fresh.length > MAX_TEAM_ITEMS) throw new ApiError(10101, 'team.tooManyItems', { max: String(MAX_TEAM_ITEMS) });
  const now = ctx.clock.now();
  let lastId = attached.find((a) => a.item_id === unique[unique.length - 1])?.id ?? 0;
  await ctx.db.transaction().execute(async (trx) => {
    // The team's members reach these projects from now on: cached item/info answers are stale.
    await bumpItemStamps(trx, fresh.map((i) => i.item_id));
    const members = await trx.selectFrom('team_member').select(['member_uid', 'member_username']).where('team_id', '=', teamId).execute();
    for (const item of fresh) {
      const row = await trx.insertInto('team_item').values({ team_id: teamId, item_id: item.item_id, addtime: now, last_update_time: now }).returning('id').executeTakeFirstOrThrow();
      lastId = row.id;
      await trx.deleteFrom('team_item_member').where('team_id', '=', teamId).where('item_id', '=', item.item_id).execute();
      if (members.length > 0) {
        await trx
          .insertInto('team_item_member')
          .values(
            members.map((m) => ({
              team_id: teamId,
              item_id: item.item_id,
              member_group_id: ATTACHED_ITEM_ROLE,
              member_uid: m.member_uid,
              member_username: m.member_username,
              addtime: now,
              last_update_time: now,
            })),
          )
          .execute();
      }
      await recordChange(ctx, { itemId: item.item_id, action: 'binding', object: 'team', objectId: teamId, objectName: team.team_name }, trx);
    }
  });
  return { id: lastId };
}

/** `teamItem/getList`: the teams a project is attached to, for its managers. */
export async function teamsOfItem(ctx: AuthedCtx, itemId: number): Promise<TeamOfItem[]> {
  await requireManage(ctx, itemId, { allowArchived: true });
  const rows = await ctx.db
    .selectFrom('team_item')
    .innerJoin('team', 'team.id', 'team_item.team_id')
    .selectAll('team')
    .select(['team_item.id as team_item_id', 'team_item.team_id'])
    .where('team_item.item_id', '=', itemId)
    .orderBy('team_item.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...presentTeam(ctx, row), team_id: row.team_id, id: row.team_item_id }));
}

/** `teamItem/getListByTeam`: the live projects of a team, for anyone in it. Never the visit password. */
export async function itemsOfTeam(ctx: AuthedCtx, teamId: number): Promise<TeamItem[]> {
  await requireTeamMember(ctx, teamId);
  const rows = await ctx.db
    .selectFrom('team_item')
    .innerJoin('item', 'item.item_id', 'team_item.item_id')
    .select([
      'team_item.id',
      'team_item.team_id',
      'item.item_id',
      'item.item_name',
      'item.item_description',
      'item.uid',
      'item.username',
      'item.addtime',
      'item.last_update_time',
      'item.item_domain',
      'item.item_type',
      'item.is_archived',
      'item.is_del',
      'item.allow_comment',
      'item.allow_feedback',
      'item.password',
    ])
    .where('team_item.team_id', '=', teamId)
    .where('item.is_del', '=', 0)
    .orderBy('team_item.addtime', 'desc')
    .orderBy('team_item.id', 'desc')
    .execute();
  return rows.map(({ password, ...row }) => ({
    ...row,
    // Whether the project is private, never its password (ShowDoc sent it to every team member).
    password: '',
    is_private: password === '' ? 0 : 1,
    addtime: formatTime(row.addtime, ctx.config.timeZone),
  }));
}

/** `teamItem/delete`: detaches a project and drops the members' rights in it through this team, at once. */
export async function detachItem(ctx: AuthedCtx, id: number): Promise<{ success: true }> {
  const link = await ctx.db.selectFrom('team_item').selectAll().where('id', '=', id).executeTakeFirst();
  if (!link) throw new ApiError(10101, 'team.itemNotFound');
  const { team } = await requireTeamManage(ctx, link.team_id);
  await ctx.db.transaction().execute(async (trx) => {
    await bumpItemStamps(trx, [link.item_id]);
    await trx.deleteFrom('team_item_member').where('team_id', '=', link.team_id).where('item_id', '=', link.item_id).execute();
    await trx.deleteFrom('team_item').where('id', '=', link.id).execute();
    await recordChange(ctx, { itemId: link.item_id, action: 'unbound', object: 'team', objectId: team.id, objectName: team.team_name }, trx);
  });
  return { success: true };
}

