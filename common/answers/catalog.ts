import { z } from 'zod';
import { empty, int, rowInt, text } from '../wire.js';
import { SuccessFlag } from './common.js';

/** What the catalog actions answer (showdoc-behaviour.md §6.5; transcripts 13–15, 66, 72). */

/** A catalog row with its formatted `addtime`, as catList, catListName and catalog/copy answer it. */
export const CatalogRow = z.object({
  cat_id: rowInt(),
  cat_name: text(),
  item_id: rowInt(),
  s_number: rowInt(),
  addtime: text(),
  parent_cat_id: rowInt(),
  level: rowInt(),
});
export type CatalogRow = z.infer<typeof CatalogRow>;

export type CatalogGroup = CatalogRow & { sub: CatalogGroup[] };
/** `catalog/catListGroup`: top-level rows, each with its children in `sub`, recursively. */
export const CatalogGroup: z.ZodType<CatalogGroup> = CatalogRow.extend({ sub: z.array(z.lazy(() => CatalogGroup)) });
export const CatalogGroups = z.array(CatalogGroup);
export const CatalogRows = z.array(CatalogRow);

/** `catalog/getPagesBycat`: the pages of one catalog, for the sort dialog. */
export const CatalogPages = z.array(z.object({ page_id: rowInt(), page_title: text(), s_number: rowInt() }));
export type CatalogPage = z.infer<typeof CatalogPages>[number];

/** `catalog/save`: ShowDoc's `data` is the bare integer cat_id (RunApi clients rely on it). */
export const CatalogSaved = int();
export const DefaultCatalog = z.object({ default_cat_id: int() });
export type DefaultCatalog = z.infer<typeof DefaultCatalog>;
export const CatalogDeleted = SuccessFlag;
export const TreeSaved = empty();
