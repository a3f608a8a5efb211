import type { CatalogGroup } from '../../api/catalog';
import { MAX_CATALOG_DEPTH } from './tree-order';

/** A catalog as a choice in a list: where it sits and how deep. */
export interface CatalogChoice {
  catId: number;
  name: string;
  /** Names from the top level down to this catalog. */
  path: string[];
  /** 1 = top level. Counted from the nesting, not the stored `level`, which imported rows may get wrong. */
  depth: number;
  /** The catalogs above it, outermost first. */
  ancestors: number[];
}

/** Trees from the server are short, but a broken one must not hang the dialog. */
const MAX_WALK_DEPTH = 50;

/** `catalog/catListGroup` flattened, parents before children, in menu order. */
export function catalogChoices(groups: readonly CatalogGroup[] | undefined): CatalogChoice[] {
  const out: CatalogChoice[] = [];
  const seen = new Set<number>();
  const walk = (nodes: readonly CatalogGroup[], above: CatalogChoice | null) => {
    for (const group of nodes) {
      const catId = group.cat_id;
      if (seen.has(catId)) continue;
      seen.add(catId);
      const choice: CatalogChoice = {
        catId,
        name: group.cat_name,
        path: [...(above?.path ?? []), group.cat_name],
        depth: (above?.depth ?? 0) + 1,
        ancestors: above ? [...above.ancestors, above.catId] : [],
      };
      out.push(choice);
      if (choice.depth < MAX_WALK_DEPTH) walk(group.sub, choice);
    }
  };
  walk(groups ?? [], null);
  return out;
}

/**
 * The catalogs that can take a catalog bringing `height` levels with it (1 for a new catalog) without
 * going past three levels. `moving`: a catalog of this tree being moved, which cannot go inside itself.
 */
export function parentChoices(choices: readonly CatalogChoice[], height: number, moving?: number): CatalogChoice[] {
  return choices.filter(
    (choice) => choice.depth + height <= MAX_CATALOG_DEPTH && (moving === undefined || (choice.catId !== moving && !choice.ancestors.includes(moving))),
  );
}

export function pathLabel(choice: CatalogChoice): string {
  return choice.path.join(' / ');
}
