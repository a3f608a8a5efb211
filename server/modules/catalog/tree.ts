import type { Catalog } from '../../db/content-tables.js';

/** ShowDoc's numbering: the project itself is level 1, its top-level catalogs level 2. */
export const TOP_LEVEL = 2;
/** Three catalog levels (2, 3 and 4), as the catalog tree of the specification allows (seed 001 §5). */
export const MAX_LEVEL = 4;
/** ShowDoc refuses the 1501st catalog of a project; so does Folio, for every path that adds catalogs. */
export const MAX_CATALOGS_PER_ITEM = 1500;

/**
 * The catalogs of one project, in memory (at most MAX_CATALOGS_PER_ITEM rows), so that every write can
 * check depth and cycles against the whole tree inside its transaction.
 *
 * Levels are computed from the parent chain, not read from the stored `level` column: rows imported
 * from ShowDoc may disagree with their parents. A catalog whose parent is missing (or that sits in a
 * stored cycle) counts as top level, as it is the best place to show it.
 */
export class CatalogTree {
  private readonly byId = new Map<number, Catalog>();
  private readonly childrenOf = new Map<number, Catalog[]>();

  constructor(rows: Catalog[]) {
    for (const row of rows) this.byId.set(row.cat_id, row);
    for (const row of rows) {
      const siblings = this.childrenOf.get(row.parent_cat_id) ?? [];
      siblings.push(row);
      this.childrenOf.set(row.parent_cat_id, siblings);
    }
    for (const siblings of this.childrenOf.values()) siblings.sort(bySortOrder);
  }

  get size(): number {
    return this.byId.size;
  }

  get(catId: number): Catalog | undefined {
    return this.byId.get(catId);
  }

  has(catId: number): boolean {
    return this.byId.has(catId);
  }

  all(): Catalog[] {
    return [...this.byId.values()];
  }

  /** Direct children, in the order readers see them (s_number, then cat_id). */
  children(catId: number): Catalog[] {
    return this.childrenOf.get(catId) ?? [];
  }

  /** `catId` and everything below it, parents before children, siblings in order. */
  subtree(catId: number): Catalog[] {
    const root = this.byId.get(catId);
    if (!root) return [];
    const out: Catalog[] = [];
    const seen = new Set<number>();
    const visit = (node: Catalog) => {
      if (seen.has(node.cat_id)) return;
      seen.add(node.cat_id);
      out.push(node);
      for (const child of this.children(node.cat_id)) visit(child);
    };
    visit(root);
    return out;
  }

  /** Whether `candidate` is `catId` itself or lies somewhere below it. */
  contains(catId: number, candidate: number): boolean {
    return this.subtree(catId).some((c) => c.cat_id === candidate);
  }

  /**
   * The level every catalog has once the given parents replace the stored ones (cat_id → new parent).
   * Null when the new parents make a cycle. New parents must be 0 or catalogs of this tree.
   */
  levels(): Map<number, number>;
  levels(newParents: ReadonlyMap<number, number>): Map<number, number> | null;
  levels(newParents: ReadonlyMap<number, number> = new Map()): Map<number, number> | null {
    const parentOf = (id: number) => newParents.get(id) ?? this.byId.get(id)?.parent_cat_id ?? 0;
    const levels = new Map<number, number>();
    for (const start of this.byId.keys()) {
      // Walk up until a catalog of known level (or the top), then assign levels on the way back.
      const path: number[] = [];
      const onPath = new Set<number>();
      let current = start;
      let base: number | undefined;
      for (;;) {
        const known = levels.get(current);
        if (known !== undefined) {
          base = known;
          break;
        }
        if (onPath.has(current)) {
          // A cycle made by the new parents is refused; a cycle already stored is shown at the top.
          if (path.slice(path.indexOf(current)).some((id) => newParents.has(id))) return null;
          base = TOP_LEVEL - 1;
          break;
        }
        path.push(current);
        onPath.add(current);
        const parent = parentOf(current);
        if (parent === 0 || !this.byId.has(parent)) {
          base = TOP_LEVEL - 1;
          break;
        }
        current = parent;
      }
      let level = base;
      for (let i = path.length - 1; i >= 0; i--) levels.set(path[i] as number, ++level);
    }
    return levels;
  }
}

function bySortOrder(a: Catalog, b: Catalog): number {
  return a.s_number - b.s_number || a.cat_id - b.cat_id;
}
