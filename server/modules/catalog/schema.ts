import { z } from 'zod';
import { zFlag, zId, zInt, zText } from '../../http/fields.js';
import { decodeHtmlEntities } from '../itemGroup/schema.js';

/** A raw cap only; the service counts the name in characters and answers with its own message. */
const CAT_NAME_MAX_CHARS = 4000;
/** A full menu tree: every catalog of a project and thousands of pages. */
export const MAX_TREE_ENTRIES = 20_000;
/** Room for MAX_TREE_ENTRIES entries with their titles. */
const CATS_MAX_CHARS = 4_000_000;
export const TREE_BODY_LIMIT = 6 * 1024 * 1024;

const catalogRef = { item_id: zInt(0).default(0) };

export const ItemCatalogs = z.object(catalogRef);
export type ItemCatalogsInput = z.infer<typeof ItemCatalogs>;

export const PagesByCatalog = z.object({ item_id: zId, cat_id: zInt(0).default(0) });
export type PagesByCatalogInput = z.infer<typeof PagesByCatalog>;

export const SaveCatalog = z.object({
  ...catalogRef,
  cat_id: zInt(0).default(0),
  cat_name: zText(CAT_NAME_MAX_CHARS).default(''),
  parent_cat_id: zInt(0).optional(),
  s_number: zInt().optional(),
});
export type SaveCatalogInput = z.infer<typeof SaveCatalog>;

export const DeleteCatalog = z.object({ ...catalogRef, cat_id: zId });
export type DeleteCatalogInput = z.infer<typeof DeleteCatalog>;

export const DefaultCatalog = z.object({
  item_id: zId,
  page_id: zInt(0).default(0),
  page_history_id: zInt(0).default(0),
  copy_page_id: zInt(0).default(0),
});
export type DefaultCatalogInput = z.infer<typeof DefaultCatalog>;

export const CopyCatalog = z.object({
  cat_id: zId,
  new_p_cat_id: zInt(0).default(0),
  to_item_id: zInt(0).default(0),
  is_del: zFlag.default(false),
});
export type CopyCatalogInput = z.infer<typeof CopyCatalog>;

/** One node of the flattened tree. Unknown keys (`level`, `page_cat_id`, `title`, …) are dropped. */
const TreeEntry = z.object({
  cat_id: zInt(0).default(0),
  cat_name: zText(CAT_NAME_MAX_CHARS).optional(),
  parent_cat_id: zInt(0).default(0),
  s_number: zInt().optional(),
  page_id: zInt(0).default(0),
});

/**
 * `cats`: JSON text of the flattened tree. ShowDoc's request filter HTML-escapes parameters, so its
 * clients may send `[{&quot;cat_id&quot;:…}]`; that form is decoded only when the text is not JSON as
 * it stands, so names containing `&quot;` survive.
 */
const treeEntries = zText(CATS_MAX_CHARS)
  .transform((text): unknown => parseJson(text) ?? parseJson(decodeHtmlEntities(text)))
  .pipe(z.array(TreeEntry).max(MAX_TREE_ENTRIES));

export const SaveTree = z.object({
  item_id: zId,
  cats: treeEntries,
  dragged_id: zInt(0).default(0),
  dragged_title: zText(CAT_NAME_MAX_CHARS).default(''),
  dragged_type: zText(20).default(''),
});
export type SaveTreeInput = z.infer<typeof SaveTree>;

/** Unreadable JSON becomes `undefined`, which the schema after it refuses as invalid input. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
