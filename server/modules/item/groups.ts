import type { AuthedCtx } from '../../context.js';

/** Item groups store their members as ShowDoc does: a comma list of item ids on the group row. */
export function parseItemIds(list: string): number[] {
  return list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export async function addItemToGroup(ctx: AuthedCtx, groupId: number, itemId: number): Promise<void> {
  const group = await ctx.db.selectFrom('item_group').select(['id', 'item_ids']).where('id', '=', groupId).where('uid', '=', ctx.user.uid).executeTakeFirst();
  if (!group) return;
  const ids = parseItemIds(group.item_ids);
  if (ids.includes(itemId)) return;
  await ctx.db
    .updateTable('item_group')
    .set({ item_ids: [...ids, itemId].join(','), updated_at: ctx.clock.now() })
    .where('id', '=', group.id)
    .execute();
}

export async function groupIdsContaining(ctx: AuthedCtx, itemId: number): Promise<number[]> {
  const groups = await ctx.db.selectFrom('item_group').select(['id', 'item_ids']).where('uid', '=', ctx.user.uid).execute();
  return groups.filter((g) => parseItemIds(g.item_ids).includes(itemId)).map((g) => g.id);
}
