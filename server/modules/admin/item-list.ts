import { sql } from 'kysely';
import type { AdminItemList, AdminItemRow } from '../../../common/answers/admin.js';
import type { AuthedCtx, Ctx } from '../../context.js';
import type { Item } from '../../db/content-tables.js';
import { escapeLike } from '../../db/like.js';
import { formatTime } from '../../http/time.js';
import type { AdminItemListInput } from './item-schema.js';
import { notKanbanBoardPage } from '../board/board-page.js';

/** `lower(column) LIKE %text%`, the same on both databases (PostgreSQL's LIKE is case-sensitive). */
function contains(column: 'item.item_name' | 'item.username', text: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

/** `adminItem/getList`: every project of the site (live or deleted), newest first, filtered as the console asks. */
export async function adminItemList(ctx: AuthedCtx, query: AdminItemListInput): Promise<AdminItemList> {
  let filtered = ctx.db.selectFrom('item').where('item.is_del', '=', query.is_del);
  if (query.item_name.trim() !== '') filtered = filtered.where(contains('item.item_name', query.item_name.trim()));
  if (query.username.trim() !== '') filtered = filtered.where(contains('item.username', query.username.trim()));
  if (query.item_type > 0) filtered = filtered.where('item.item_type', '=', query.item_type);
  if (query.privacy_type === 2) filtered = filtered.where('item.password', '=', '');
  if (query.privacy_type === 3) filtered = filtered.where('item.password', '<>', '');
  // The deleted list shows the latest deletions first, the live one the latest projects.
  const newest = query.is_del === 1 ? 'item.del_time' : 'item.addtime';
  const [rows, total] = await Promise.all([
    filtered
      .selectAll('item')
      .orderBy(newest, 'desc')
      .orderBy('item.item_id', 'desc')
      .limit(query.count)
      .offset((query.page - 1) * query.count)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), items: await presentAdminItems(ctx, rows) };
}

/** One project as the console lists it; `adminItem/attorn` answers the same row. */
export async function adminItemRow(ctx: Ctx, itemId: number): Promise<AdminItemRow> {
  const item = await ctx.db.selectFrom('item').selectAll().where('item_id', '=', itemId).executeTakeFirstOrThrow();
  const [row] = await presentAdminItems(ctx, [item]);
  if (!row) throw new Error('unreachable: one item in, one row out');
  return row;
}

async function countsByItem(ctx: Ctx, table: 'item_member' | 'team_item_member' | 'page', itemIds: number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  let query = ctx.db
    .selectFrom(table)
    .select(['item_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('item_id', 'in', itemIds)
    .groupBy('item_id');
  if (table === 'page') query = query.where('is_del', '=', 0).where(notKanbanBoardPage());
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.item_id, Number(row.n)]));
}

/** Never the visit password: only whether one is set (`is_private`). */
async function presentAdminItems(ctx: Ctx, items: Item[]): Promise<AdminItemRow[]> {
  const ids = items.map((item) => item.item_id);
  const [members, teamMembers, pages] = await Promise.all([countsByItem(ctx, 'item_member', ids), countsByItem(ctx, 'team_item_member', ids), countsByItem(ctx, 'page', ids)]);
  const { timeZone } = ctx.config;
  return items.map((item) => {
    // Projects deleted before Folio recorded the time (ShowDoc imports) show their last change, as ShowDoc does.
    const deletedAt = item.is_del === 1 ? item.del_time || item.last_update_time : 0;
    return {
      item_id: item.item_id,
      item_name: item.item_name,
      item_description: item.item_description,
      item_domain: item.item_domain,
      item_type: item.item_type,
      uid: item.uid,
      username: item.username,
      is_private: item.password !== '' ? 1 : 0,
      is_archived: item.is_archived,
      is_del: item.is_del,
      addtime: formatTime(item.addtime, timeZone),
      last_update_time: item.last_update_time ? formatTime(item.last_update_time, timeZone) : '',
      del_time: deletedAt ? formatTime(deletedAt, timeZone) : '',
      member_num: (members.get(item.item_id) ?? 0) + (teamMembers.get(item.item_id) ?? 0),
      page_count: pages.get(item.item_id) ?? 0,
    };
  });
}
