import { sql } from 'kysely';
import type { AuthedCtx } from '../../context.js';
import { escapeLike } from '../../db/like.js';
import { pageMatches } from '../../db/page-search.js';
import { accessTo, catalogReadable, loadItemOrFail, readableCatalogIds, requireVisit, type ItemAccess } from './access.js';
import { myItemRoles } from './list.js';

const MAX_ITEMS = 50;
const MAX_PAGES = 200;

/** ShowDoc's snippet: from 100 characters before the first match to 200 after, with ellipses. */
export function snippet(text: string, keyword: string): string {
  const at = text.toLowerCase().indexOf(keyword.toLowerCase());
  const start = Math.max(0, at - 100);
  return `...${text.slice(start, Math.max(at, 0) + keyword.length + 200)}...`;
}

/** Ranking: pages whose title contains the keyword come before pages that only mention it. */
function titleFirst(keyword: string) {
  return sql`case when lower(page.page_title) like ${`%${escapeLike(keyword.toLowerCase())}%`} escape '\\' then 0 else 1 end`;
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

async function searchPagesIn(ctx: AuthedCtx, access: ItemAccess, keyword: string, limit: number): Promise<PageHit[]> {
  const readable = await readableCatalogIds(ctx, access);
  const rows = await ctx.db
    .selectFrom('page')
    .select(['page_id', 'page_title', 'page_content', 'cat_id', 'is_draft', 'author_uid'])
    .where('item_id', '=', access.item.item_id)
    .where('is_del', '=', 0)
    .where(pageMatches(ctx.dialect, keyword))
    .orderBy(titleFirst(keyword))
    .orderBy('s_number')
    .orderBy('page_id')
    .limit(limit * 2)
    .execute();
  return rows
    .filter((p) => catalogReadable(readable, p.cat_id) && (p.is_draft === 0 || p.author_uid === ctx.user.uid))
    .slice(0, limit)
    .map((p) => ({
      item_id: access.item.item_id,
      item_name: access.item.item_name,
      item_domain: access.item.item_domain,
      page_id: p.page_id,
      page_title: p.page_title,
      cat_id: p.cat_id,
      search_content: snippet(p.page_content, keyword),
    }));
}

/** ShowDoc's `item/search` with an item_id: that project's matching pages. */
export async function searchInItem(ctx: AuthedCtx, itemId: number, keyword: string) {
  const access = await requireVisit(ctx, itemId);
  return { item_id: access.item.item_id, item_name: access.item.item_name, pages: await searchPagesIn(ctx, access, keyword, MAX_PAGES) };
}

/**
 * The project list's search box: matching projects and pages across every project of the user. Members
 * always may visit their projects, so one query finds the pages; catalog limits are then applied to the
 * projects that had hits.
 */
export async function searchEverywhere(ctx: AuthedCtx, keyword: string) {
  const ids = [...(await myItemRoles(ctx)).keys()];
  if (ids.length === 0) return { items: [], pages: [] };
  const pattern = `%${escapeLike(keyword.toLowerCase())}%`;
  const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

  const items = await ctx.db
    .selectFrom('item')
    .select(['item_id', 'item_name', 'item_domain', 'item_type', 'item_description'])
    .where('item_id', 'in', ids)
    .where('is_del', '=', 0)
    .where((eb) => eb.or([like('item_name'), like('item_description')]))
    .orderBy('item_id')
    .limit(MAX_ITEMS)
    .execute();

  const rows = await ctx.db
    .selectFrom('page')
    .innerJoin('item', 'item.item_id', 'page.item_id')
    .select(['page.item_id', 'page.page_id', 'page.page_title', 'page.page_content', 'page.cat_id', 'page.is_draft', 'page.author_uid'])
    .where('page.item_id', 'in', ids)
    .where('item.is_del', '=', 0)
    .where('page.is_del', '=', 0)
    .where(pageMatches(ctx.dialect, keyword))
    .orderBy(titleFirst(keyword))
    .orderBy('page.item_id')
    .orderBy('page.s_number')
    .orderBy('page.page_id')
    .limit(MAX_PAGES * 3)
    .execute();

  const accessByItem = new Map<number, { access: ItemAccess; readable: Set<number> | null }>();
  const pages: PageHit[] = [];
  for (const p of rows) {
    if (pages.length >= MAX_PAGES) break;
    if (p.is_draft === 1 && p.author_uid !== ctx.user.uid) continue;
    let entry = accessByItem.get(p.item_id);
    if (!entry) {
      const access = await accessTo(ctx, await loadItemOrFail(ctx, p.item_id));
      entry = { access, readable: await readableCatalogIds(ctx, access) };
      accessByItem.set(p.item_id, entry);
    }
    if (!entry.access.canVisit || !catalogReadable(entry.readable, p.cat_id)) continue;
    pages.push({
      item_id: p.item_id,
      item_name: entry.access.item.item_name,
      item_domain: entry.access.item.item_domain,
      page_id: p.page_id,
      page_title: p.page_title,
      cat_id: p.cat_id,
      search_content: snippet(p.page_content, keyword),
    });
  }
  return { items, pages };
}
