import { sql, type Expression, type SqlBool } from 'kysely';
import type { AuthedCtx } from '../../context.js';
import { escapeLike } from '../../db/like.js';
import { pageMatches } from '../../db/page-search.js';
import { accessTo, loadItemOrFail, readableCatalogIds, requireVisit } from './access.js';
import { myItemRoles } from './list.js';

const MAX_ITEMS = 50;
const MAX_PAGES = 200;

/** ShowDoc's snippet: from 100 characters before the first match to 200 after, with ellipses. */
export function snippet(text: string, keyword: string): string {
  const at = text.toLowerCase().indexOf(keyword.toLowerCase());
  const start = Math.max(0, at - 100);
  return `...${text.slice(start, Math.max(at, 0) + keyword.length + 200)}...`;
}

interface PageHit {
  item_id: number;
  item_name: string;
  item_domain: string;
  page_id: number;
  page_title: string;
  cat_id: number;
  search_content: string;
}

/** Ranking: pages whose title contains the keyword come before pages that only mention it. */
function titleFirst(keyword: string) {
  return sql`case when lower(page.page_title) like ${`%${escapeLike(keyword.toLowerCase())}%`} escape '\\' then 0 else 1 end`;
}

/** Drafts are seen by their author only. */
function draftVisibleTo(uid: number): Expression<SqlBool> {
  return sql<SqlBool>`(page.is_draft = 0 or page.author_uid = ${uid})`;
}

/**
 * The catalog limits of the caller, as one SQL condition: pages of limited projects only inside their
 * readable catalogs (catalog ids are unique across projects). Applied in the query, before any row limit,
 * so a limited member's own pages are never crowded out by pages they may not see.
 */
function withinLimits(limitedItemIds: number[], readableCatIds: number[]): Expression<SqlBool> {
  if (limitedItemIds.length === 0) return sql<SqlBool>`1 = 1`;
  const readable = readableCatIds.length ? sql`page.cat_id in (${sql.join(readableCatIds)})` : sql`1 = 0`;
  return sql<SqlBool>`(page.item_id not in (${sql.join(limitedItemIds)}) or ${readable})`;
}

async function findPages(ctx: AuthedCtx, itemIds: number[], keyword: string, limits: Expression<SqlBool>): Promise<PageHit[]> {
  if (itemIds.length === 0) return [];
  // Rank and filter on small columns; bodies are read only for the hits that are returned.
  const rows = await ctx.db
    .selectFrom('page')
    .innerJoin('item', 'item.item_id', 'page.item_id')
    .select(['page.item_id', 'item.item_name', 'item.item_domain', 'page.page_id', 'page.page_title', 'page.cat_id'])
    .where('page.item_id', 'in', itemIds)
    .where('item.is_del', '=', 0)
    .where('page.is_del', '=', 0)
    .where(draftVisibleTo(ctx.user.uid))
    .where(limits)
    .where(pageMatches(ctx.dialect, keyword))
    .orderBy(titleFirst(keyword))
    .orderBy('page.item_id')
    .orderBy('page.s_number')
    .orderBy('page.page_id')
    .limit(MAX_PAGES)
    .execute();
  if (rows.length === 0) return [];
  const bodies = new Map(
    (await ctx.db.selectFrom('page').select(['page_id', 'page_content']).where('page_id', 'in', rows.map((r) => r.page_id)).execute()).map((b) => [b.page_id, b.page_content]),
  );
  return rows.map((r) => ({ ...r, search_content: snippet(bodies.get(r.page_id) ?? '', keyword) }));
}

/** ShowDoc's `item/search` with an item_id: that project's matching pages. */
export async function searchInItem(ctx: AuthedCtx, itemId: number, keyword: string) {
  const access = await requireVisit(ctx, itemId);
  const readable = await readableCatalogIds(ctx, access);
  const limits = readable === null ? withinLimits([], []) : withinLimits([access.item.item_id], [...readable]);
  return { item_id: access.item.item_id, item_name: access.item.item_name, pages: await findPages(ctx, [access.item.item_id], keyword, limits) };
}

/**
 * The project list's search box: matching projects and pages across every project of the user. Members
 * may always visit their projects; only the projects where a membership row carries a catalog limit need
 * the access function's verdict on what is readable.
 */
export async function searchEverywhere(ctx: AuthedCtx, keyword: string) {
  const ids = [...(await myItemRoles(ctx)).keys()];
  if (ids.length === 0) return { items: [], pages: [] };
  const pattern = `%${escapeLike(keyword.toLowerCase())}%`;
  const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

  const items = await ctx.db
    .selectFrom('item')
    .select(['item_id', 'item_name', 'item_domain', 'item_type', 'item_description'])
    .where('item_id', 'in', ids)
    .where('is_del', '=', 0)
    .where((eb) => eb.or([like('item_name'), like('item_description')]))
    .orderBy('item_id')
    .limit(MAX_ITEMS)
    .execute();

  const limitedItemIds: number[] = [];
  const readableCatIds: number[] = [];
  for (const itemId of await possiblyLimitedItems(ctx, ids)) {
    const access = await accessTo(ctx, await loadItemOrFail(ctx, itemId));
    const readable = await readableCatalogIds(ctx, access);
    if (readable === null) continue;
    limitedItemIds.push(itemId);
    readableCatIds.push(...readable);
  }
  return { items, pages: await findPages(ctx, ids, keyword, withinLimits(limitedItemIds, readableCatIds)) };
}

/** Projects where one of the caller's membership rows names catalogs (the access function decides the rest). */
async function possiblyLimitedItems(ctx: AuthedCtx, ids: number[]): Promise<number[]> {
  const uid = ctx.user.uid;
  const rows = await ctx.db
    .selectFrom('item_member')
    .select('item_id')
    .where('uid', '=', uid)
    .where((eb) => eb.or([eb('cat_ids', '!=', ''), eb('cat_id', '>', 0)]))
    .unionAll(
      ctx.db
        .selectFrom('team_item_member')
        .select('item_id')
        .where('member_uid', '=', uid)
        .where((eb) => eb.or([eb('cat_ids', '!=', ''), eb('cat_id', '>', 0)])),
    )
    .execute();
  const mine = new Set(ids);
  return [...new Set(rows.map((r) => r.item_id))].filter((id) => mine.has(id));
}
