import type { AuthedCtx } from '../../context.js';
import type { Item } from '../../db/content-tables.js';
import { bumpItemStamps } from '../../db/locks.js';
import { preparedQuery } from '../../db/prepared.js';
import { ApiError } from '../../http/api-error.js';
import { reachedItems, requireVisit } from './access.js';
import { parseItemIds } from './groups.js';
import { presentListItem } from './presenter.js';

const STARRED = -1;

// Every project-list request asks these; compiled once instead of built per request (issue 21).
const starsOf = preparedQuery<[uid: number]>()((db, arg) => db.selectFrom('item_star').select('item_id').where('uid', '=', arg(0)));
const sortOf = preparedQuery<[uid: number, groupId: number]>()((db, arg) =>
  db.selectFrom('item_sort').select('item_sort_data').where('uid', '=', arg(0)).where('item_group_id', '=', arg(1)),
);

export async function myList(ctx: AuthedCtx, groupId: number, ownedOnly: boolean) {
  const uid = ctx.user.uid;
  let reached = await reachedItems(ctx, ctx.user);
  if (ownedOnly) reached = reached.filter((access) => access.isOwner);
  const stars = new Set((await starsOf(ctx.db, uid)).map((s) => s.item_id));

  if (groupId === STARRED) {
    reached = reached.filter((access) => stars.has(access.item.item_id));
  } else if (groupId > 0) {
    const group = await ctx.db.selectFrom('item_group').select('item_ids').where('id', '=', groupId).where('uid', '=', uid).executeTakeFirst();
    const inGroup = new Set(group ? parseItemIds(group.item_ids) : []);
    reached = reached.filter((access) => inGroup.has(access.item.item_id));
  }
  if (reached.length === 0) return [];

  const order = await sortOrder(ctx, groupId);
  const position = (item: Item) => order.get(item.item_id) ?? Number.MAX_SAFE_INTEGER;
  // Dragged items first in their order; the rest after them, oldest first (new projects land at the end).
  reached.sort((a, b) => position(a.item) - position(b.item) || a.item.item_id - b.item.item_id);
  return reached.map(({ item, isOwner, memberRole }, index) =>
    presentListItem(item, {
      creator: isOwner,
      // The project's own managers, as ShowDoc counts them (a site administrator's rights do not show here).
      manage: isOwner || memberRole === 2,
      isStar: stars.has(item.item_id),
      sNumber: order.get(item.item_id) ?? index,
    }),
  );
}

async function sortOrder(ctx: AuthedCtx, groupId: number): Promise<Map<number, number>> {
  const [row] = await sortOf(ctx.db, ctx.user.uid, groupId);
  const order = new Map<number, number>();
  if (!row) return order;
  try {
    const data = JSON.parse(row.item_sort_data) as unknown;
    if (data && typeof data === 'object') {
      for (const [id, pos] of Object.entries(data)) if (/^\d+$/.test(id) && Number.isFinite(Number(pos))) order.set(Number(id), Number(pos));
    }
  } catch {
    // An unreadable order (hand-edited, imported) is the default order.
  }
  return order;
}

export async function saveSort(ctx: AuthedCtx, data: string, groupId: number): Promise<never[]> {
  const order = parseOrder(data);
  const json = JSON.stringify(Object.fromEntries(order));
  const existing = await ctx.db.selectFrom('item_sort').select('id').where('uid', '=', ctx.user.uid).where('item_group_id', '=', groupId).executeTakeFirst();
  if (existing) {
    await ctx.db.updateTable('item_sort').set({ item_sort_data: json, addtime: ctx.clock.now() }).where('id', '=', existing.id).execute();
  } else {
    await ctx.db.insertInto('item_sort').values({ uid: ctx.user.uid, item_group_id: groupId, item_sort_data: json, addtime: ctx.clock.now() }).execute();
  }
  return [];
}

/** `{"<item_id>": position}`; ShowDoc clients may send it HTML-escaped. */
function parseOrder(data: string): Map<number, number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  } catch {
    throw new ApiError(10100, 'item.orderInvalid');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ApiError(10100, 'item.orderInvalid');
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > 5000) throw new ApiError(10100, 'item.orderInvalid');
  const order = new Map<number, number>();
  for (const [id, pos] of entries) {
    const position = Number(pos);
    if (!/^\d{1,10}$/.test(id) || !Number.isInteger(position) || position < 0 || position > 1_000_000) throw new ApiError(10100, 'item.orderInvalid');
    order.set(Number(id), position);
  }
  return order;
}

export async function star(ctx: AuthedCtx, itemId: number) {
  await requireVisit(ctx, itemId);
  const now = ctx.clock.now();
  await ctx.db
    .insertInto('item_star')
    .values({ uid: ctx.user.uid, item_id: itemId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['uid', 'item_id']).doNothing())
    .execute();
  const row = await ctx.db.selectFrom('item_star').select('id').where('uid', '=', ctx.user.uid).where('item_id', '=', itemId).executeTakeFirstOrThrow();
  return { id: row.id };
}

export async function unstar(ctx: AuthedCtx, itemId: number): Promise<never[]> {
  await ctx.db.deleteFrom('item_star').where('uid', '=', ctx.user.uid).where('item_id', '=', itemId).execute();
  return [];
}

/**
 * Leaving a project ends the caller's own membership and the team memberships that reach this project,
 * and nothing else (ShowDoc removed the person from the whole team).
 */
export async function exitItem(ctx: AuthedCtx, itemId: number): Promise<never[]> {
  const item = await ctx.db.selectFrom('item').select(['item_id', 'uid']).where('item_id', '=', itemId).executeTakeFirst();
  if (item && item.uid === ctx.user.uid) throw new ApiError(10101, 'item.ownerCannotLeave');
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const own = await trx.deleteFrom('item_member').where('item_id', '=', itemId).where('uid', '=', ctx.user.uid).executeTakeFirst();
    const viaTeams = await trx.deleteFrom('team_item_member').where('item_id', '=', itemId).where('member_uid', '=', ctx.user.uid).executeTakeFirst();
    const count = Number(own.numDeletedRows) + Number(viaTeams.numDeletedRows);
    // A member change, like member/delete: cached item/info answers of the project are stale.
    if (count > 0) await bumpItemStamps(trx, [itemId]);
    return count;
  });
  if (removed === 0) throw new ApiError(10101, 'item.notMember');
  return [];
}
