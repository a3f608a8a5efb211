import type { CatalogGroup, CatalogPage } from '../../../common/answers/catalog.js';
import type { AuthedCtx, Ctx } from '../../context.js';
import type { Catalog } from '../../db/content-tables.js';
import { readableCatalogIds, requireEdit, requireVisit, type ItemAccess } from '../item/access.js';
import { presentCatalog, type PresentedCatalog } from './presenter.js';
import { CatalogScope, catalogIn, loadTree } from './store.js';

/**
 * The catalog lists: flat (`catList`), as a tree (`catListGroup`) and with full paths (`catListName`).
 * Readers of the project see them; a member limited to some catalogs sees only those and what is below.
 */


/** The catalogs the caller may see, in ShowDoc's list order (s_number, then cat_id). */
async function visibleCatalogs(ctx: Ctx, access: ItemAccess): Promise<Catalog[]> {
  const rows = await ctx.db.selectFrom('catalog').selectAll().where('item_id', '=', access.item.item_id).orderBy('s_number').orderBy('cat_id').execute();
  const readable = await readableCatalogIds(ctx, access);
  return readable === null ? rows : rows.filter((row) => readable.has(row.cat_id));
}

export async function catList(ctx: Ctx, itemId: number): Promise<PresentedCatalog[]> {
  // ShowDoc answers an empty list, not an error, for a missing item id.
  if (itemId <= 0) return [];
  const access = await requireVisit(ctx, itemId);
  return (await visibleCatalogs(ctx, access)).map((row) => presentCatalog(row, ctx.config.timeZone));
}

export async function catListGroup(ctx: Ctx, itemId: number): Promise<CatalogGroup[]> {
  if (itemId <= 0) return [];
  const access = await requireVisit(ctx, itemId);
  return groupCatalogs(await visibleCatalogs(ctx, access), ctx.config.timeZone);
}

/** The tree flattened parents first, each `cat_name` the path from its top ("Guides/Install"). */
export async function catListName(ctx: Ctx, itemId: number): Promise<PresentedCatalog[]> {
  const out: PresentedCatalog[] = [];
  const walk = (nodes: CatalogGroup[], prefix: string) => {
    for (const { sub, ...node } of nodes) {
      const path = prefix ? `${prefix}/${node.cat_name}` : node.cat_name;
      out.push({ ...node, cat_name: path });
      walk(sub, path);
    }
  };
  walk(await catListGroup(ctx, itemId), '');
  return out;
}

/**
 * Nests the visible catalogs under their parents. A catalog whose parent is not visible (a limited
 * member's allowed catalog, or a row whose parent is gone) starts a tree of its own; rows in a stored
 * cycle are never reached and stay out.
 */
function groupCatalogs(rows: Catalog[], timeZone: string): CatalogGroup[] {
  const visible = new Set(rows.map((row) => row.cat_id));
  const children = new Map<number, Catalog[]>();
  for (const row of rows) children.set(row.parent_cat_id, [...(children.get(row.parent_cat_id) ?? []), row]);
  const seen = new Set<number>();
  const build = (row: Catalog): CatalogGroup => {
    seen.add(row.cat_id);
    const sub = (children.get(row.cat_id) ?? []).filter((child) => !seen.has(child.cat_id)).map(build);
    return { ...presentCatalog(row, timeZone), sub };
  };
  return rows.filter((row) => row.parent_cat_id === 0 || !visible.has(row.parent_cat_id)).map(build);
}

/**
 * The pages of one catalog (0 = the project root), for the "sort pages" dialog: editors only, inside
 * their catalog limit. Other people's drafts stay hidden, as everywhere.
 */
export async function pagesInCatalog(ctx: AuthedCtx, itemId: number, catId: number): Promise<CatalogPage[]> {
  const access = await requireEdit(ctx, itemId, { keepsPages: true });
  if (catId !== 0) catalogIn(await loadTree(ctx.db, itemId), catId);
  new CatalogScope(await readableCatalogIds(ctx, access)).require(catId);
  return ctx.db
    .selectFrom('page')
    .select(['page_id', 'page_title', 's_number'])
    .where('item_id', '=', itemId)
    .where('cat_id', '=', catId)
    .where('is_del', '=', 0)
    .where((eb) => eb.or([eb('is_draft', '=', 0), eb('author_uid', '=', ctx.user.uid)]))
    .orderBy('s_number')
    .orderBy('page_id')
    .execute();
}
