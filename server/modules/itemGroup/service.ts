import type { ItemGroupRow, SavedItemGroup } from '../../../common/answers/itemGroup.js';
import type { AuthedCtx } from '../../context.js';
import type { ItemGroup } from '../../db/content-tables.js';
import { ApiError } from '../../http/api-error.js';
import { formatTime } from '../../http/time.js';

/**
 * A user's item groups: their own folders over the project list, seen and changed by nobody else.
 * Every query names the caller's uid, so another user's group id simply finds nothing.
 */

/** Spec: a group saved without a name is called "default". */
const DEFAULT_GROUP_NAME = 'default';
const MAX_NAME_CHARS = 100;

export interface SaveGroupInput {
  id: number;
  group_name?: string | undefined;
  item_ids?: number[] | undefined;
}

export interface GroupOrderEntry {
  id: number;
  s_number: number;
}

export async function listGroups(ctx: AuthedCtx): Promise<ItemGroupRow[]> {
  const groups = await ctx.db.selectFrom('item_group').selectAll().where('uid', '=', ctx.user.uid).orderBy('s_number').orderBy('id').execute();
  return groups.map((group) => presentGroup(ctx, group));
}

/** Creates a group (id 0) at the end of the list, or renames / refills one of mine. */
export async function saveGroup(ctx: AuthedCtx, input: SaveGroupInput): Promise<SavedItemGroup> {
  const now = ctx.clock.now();
  const itemIds = input.item_ids?.join(',');
  const saved = await ctx.db.transaction().execute(async (trx) => {
    if (input.id === 0) {
      const last = await trx
        .selectFrom('item_group')
        .select((eb) => eb.fn.max('s_number').as('s_number'))
        .where('uid', '=', ctx.user.uid)
        .executeTakeFirst();
      return trx
        .insertInto('item_group')
        .values({
          uid: ctx.user.uid,
          group_name: groupName(input.group_name ?? ''),
          item_ids: itemIds ?? '',
          s_number: Number(last?.s_number ?? 0) + 1,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const changes = {
      ...(input.group_name !== undefined ? { group_name: groupName(input.group_name) } : {}),
      ...(itemIds !== undefined ? { item_ids: itemIds } : {}),
      updated_at: now,
    };
    const updated = await trx.updateTable('item_group').set(changes).where('id', '=', input.id).where('uid', '=', ctx.user.uid).returningAll().executeTakeFirst();
    // Someone else's group and no group at all answer alike, so ids of other people's groups stay unknown.
    if (!updated) throw new ApiError(10103);
    return updated;
  });
  const { uid: _uid, ...row } = presentGroup(ctx, saved);
  return row;
}

/** Removes one of my groups and the project order I dragged inside it. */
export async function deleteGroup(ctx: AuthedCtx, id: number): Promise<{ success: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('item_group').where('id', '=', id).where('uid', '=', ctx.user.uid).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new ApiError(10103);
    await trx.deleteFrom('item_sort').where('uid', '=', ctx.user.uid).where('item_group_id', '=', id).execute();
  });
  return { success: true };
}

/** The group manager's drag order; entries naming groups that are not mine change nothing. */
export async function saveGroupOrder(ctx: AuthedCtx, order: GroupOrderEntry[]): Promise<[]> {
  await ctx.db.transaction().execute(async (trx) => {
    for (const entry of order) {
      await trx.updateTable('item_group').set({ s_number: entry.s_number }).where('id', '=', entry.id).where('uid', '=', ctx.user.uid).execute();
    }
  });
  return [];
}

function groupName(raw: string): string {
  const name = raw.trim();
  if (name === '') return DEFAULT_GROUP_NAME;
  // Counted in characters as people see them, so a name of emoji is not cut at half the length.
  if ([...name].length > MAX_NAME_CHARS) throw new ApiError(10100, 'itemGroup.nameTooLong', { max: String(MAX_NAME_CHARS) });
  return name;
}

function presentGroup(ctx: AuthedCtx, group: ItemGroup): ItemGroupRow {
  return {
    id: group.id,
    uid: group.uid,
    group_name: group.group_name,
    item_ids: group.item_ids,
    s_number: group.s_number,
    created_at: formatTime(group.created_at, ctx.config.timeZone),
    updated_at: formatTime(group.updated_at, ctx.config.timeZone),
  };
}
