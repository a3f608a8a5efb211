import type { Ctx } from '../../context.js';
import type { Catalog } from '../../db/content-tables.js';
import type { Trx } from '../../db/locks.js';
import { ApiError } from '../../http/api-error.js';
import { readableCatalogIds, type ItemAccess } from '../item/access.js';
import { CatalogTree } from './tree.js';

export async function loadTree(db: Trx | Ctx['db'], itemId: number): Promise<CatalogTree> {
  return new CatalogTree(await db.selectFrom('catalog').selectAll().where('item_id', '=', itemId).execute());
}

/**
 * Where a caller may act in a project's catalog tree. Members limited to some top-level catalogs act
 * only inside the catalogs they may read (those catalogs and everything below them): never at the
 * project root, so they can neither make a top-level catalog nor put a page at the root.
 */
export class CatalogScope {
  constructor(private readonly readable: Set<number> | null) {}

  allows(catId: number): boolean {
    return this.readable === null || this.readable.has(catId);
  }

  /** The catalog itself (or, for pages, the catalog a page is in or goes to; 0 = the root). */
  require(catId: number): void {
    if (!this.allows(catId)) throw new ApiError(10103, 'catalog.outsideLimit');
  }

  /**
   * `catalog` (absent for a new one) may hang under `parentId`. The root is open to limited members
   * only for one of their own top-level catalogs staying where it is.
   */
  requireParent(parentId: number, catalog?: Catalog): void {
    if (parentId === 0 && this.readable !== null && catalog?.parent_cat_id === 0 && this.allows(catalog.cat_id)) return;
    this.require(parentId);
  }
}

/** The caller's scope, read inside the transaction so that it matches the tree being changed. */
export async function scopeOf(ctx: Ctx, trx: Trx, access: ItemAccess): Promise<CatalogScope> {
  return new CatalogScope(await readableCatalogIds({ ...ctx, db: trx }, access));
}

/** A catalog of this project, or 10101 (a catalog of another project is "not found" here). */
export function catalogIn(tree: CatalogTree, catId: number): Catalog {
  const catalog = tree.get(catId);
  if (!catalog) throw new ApiError(10101, 'catalog.notFound');
  return catalog;
}

/** A parent for a catalog or page: the root (0) or a catalog of the same project. */
export function requireParentExists(tree: CatalogTree, parentId: number): void {
  if (parentId !== 0 && !tree.has(parentId)) throw new ApiError(10101, 'catalog.parentNotFound');
}

/**
 * Refuses a change that leaves a catalog deeper than MAX_LEVEL, unless it was already that deep (rows
 * imported from ShowDoc may be): moving such a catalog up, or away, stays possible.
 */
export function requireDepth(before: Map<number, number>, after: Map<number, number>, maxLevel: number): void {
  for (const [catId, level] of after) {
    if (level > maxLevel && level > (before.get(catId) ?? 0)) throw new ApiError(10101, 'catalog.tooDeep', { max: String(maxLevel - 1) });
  }
}

/** Writes the computed level of every catalog whose stored level differs (moved subtrees). */
export async function storeLevels(trx: Trx, tree: CatalogTree, levels: Map<number, number>): Promise<void> {
  for (const catalog of tree.all()) {
    const level = levels.get(catalog.cat_id);
    if (level !== undefined && level !== catalog.level) await trx.updateTable('catalog').set({ level }).where('cat_id', '=', catalog.cat_id).execute();
  }
}
