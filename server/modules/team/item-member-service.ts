import type { TeamItemMemberRow } from '../../../common/answers/team.js';
import type { AuthedCtx } from '../../context.js';
import { bumpItemStamps } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';
import { requireManage } from '../item/access.js';
import { requireTeamManage } from './common.js';

/** Rights of each team member in each project of the team (reference §6.7, `teamItemMember/*`). */

/** Top-level catalogs one row may be limited to. */
export const MAX_CAT_IDS = 200;

function catIdsOf(row: { cat_id: number; cat_ids: string }): number[] {
  const listed = row.cat_ids
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return listed.length ? listed : row.cat_id > 0 ? [row.cat_id] : [];
}

/** `teamItemMember/getList`: the rows of one project in one team, for the team's managers. */
export async function teamItemMembers(ctx: AuthedCtx, itemId: number, teamId: number): Promise<TeamItemMemberRow[]> {
  await requireTeamManage(ctx, teamId);
  const rows = await ctx.db
    .selectFrom('team_item_member as tim')
    .innerJoin('team_item as ti', (j) => j.onRef('ti.team_id', '=', 'tim.team_id').onRef('ti.item_id', '=', 'tim.item_id'))
    .leftJoin('user', 'user.uid', 'tim.member_uid')
    .leftJoin('catalog', (j) => j.onRef('catalog.cat_id', '=', 'tim.cat_id').onRef('catalog.item_id', '=', 'tim.item_id'))
    .selectAll('tim')
    .select(['user.name', 'catalog.cat_name'])
    .where('tim.team_id', '=', teamId)
    .where('tim.item_id', '=', itemId)
    .orderBy('tim.addtime', 'asc')
    .orderBy('tim.id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    team_id: row.team_id,
    item_id: row.item_id,
    member_uid: row.member_uid,
    member_username: row.member_username,
    member_group_id: row.member_group_id,
    cat_id: row.cat_id,
    cat_ids: catIdsOf(row),
    cat_name: row.cat_name ?? '',
    name: row.name ?? '',
    addtime: formatTime(row.addtime, ctx.config.timeZone),
    last_update_time: row.last_update_time,
  }));
}

export interface TeamItemMemberChange {
  member_group_id?: number;
  cat_id?: number;
  cat_ids?: number[];
}

/**
 * `teamItemMember/save`: changes only the fields present. Catalogs must be top-level catalogs of the
 * row's project. Making someone a project manager (2) also needs the caller to manage that project, so a
 * team administrator cannot hand out more than they hold.
 */
export async function saveTeamItemMember(ctx: AuthedCtx, id: number, change: TeamItemMemberChange): Promise<{ success: true }> {
  const row = await ctx.db.selectFrom('team_item_member').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(10101, 'team.itemMemberNotFound');
  await requireTeamManage(ctx, row.team_id);
  if (change.member_group_id === 2 && row.member_group_id !== 2) await requireManage(ctx, row.item_id);
  const wanted = [...new Set([...(change.cat_ids ?? []), ...(change.cat_id ? [change.cat_id] : [])])];
  if (wanted.length > 0) {
    const found = await ctx.db
      .selectFrom('catalog')
      .select('cat_id')
      .where('item_id', '=', row.item_id)
      .where('parent_cat_id', '=', 0)
      .where('cat_id', 'in', wanted)
      .execute();
    if (found.length !== wanted.length) throw new ApiError(10101, 'team.catalogInvalid');
  }
  const set: { member_group_id?: number; cat_id?: number; cat_ids?: string; last_update_time: number } = { last_update_time: ctx.clock.now() };
  if (change.member_group_id !== undefined) set.member_group_id = change.member_group_id;
  if (change.cat_ids !== undefined) {
    set.cat_ids = change.cat_ids.join(',');
    // The list replaces the old single catalog unless that is given too; else clearing the list would leave the old limit.
    if (change.cat_id === undefined) set.cat_id = 0;
  }
  if (change.cat_id !== undefined) set.cat_id = change.cat_id;
  await ctx.db.transaction().execute(async (trx) => {
    await bumpItemStamps(trx, [row.item_id]);
    await trx.updateTable('team_item_member').set(set).where('id', '=', id).execute();
  });
  return { success: true };
}
