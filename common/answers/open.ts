import { z } from 'zod';
import { MenuPage, menuCatalogColumns, type MenuCatalogRow } from './item.js';
import { int, pageText, rowInt, text } from '../wire.js';
import { PageRow } from './page.js';

/**
 * What the open API answers (showdoc-behaviour.md §6.15; transcripts 37–40, 53). Ids ShowDoc read from
 * the request (`{page_id}`, `{cat_id}`, `{file_id}`) are PHP ints; rows are stringified. Catalog rows are
 * catalog.ts's CatalogRow. `open/fromComments` and `open/updateDbItem` answer plain text.
 */

/**
 * `item/updateByApi` = `open/updateItem` = `open/updatePage`, and `open/getPage`: the page row with its
 * `addtime` formatted (`page_addtime` stays raw, as ShowDoc answers it).
 */
export const OpenPage = PageRow.extend({ addtime: text() });
export type OpenPage = z.infer<typeof OpenPage>;

/** `open/deletePage`. */
export const OpenPageDeleted = z.object({ page_id: int() });
export type OpenPageDeleted = z.infer<typeof OpenPageDeleted>;

/** `open/deleteCatalog`. */
export const OpenCatalogDeleted = z.object({ cat_id: int() });
export type OpenCatalogDeleted = z.infer<typeof OpenCatalogDeleted>;

/** A page in `open/getCatalogTree`: the menu's page header (raw `addtime`) with its order and body. */
export const OpenTreePage = MenuPage.extend({ s_number: rowInt(), page_content: pageText() });
export type OpenTreePage = z.infer<typeof OpenTreePage>;

export type OpenTreeCatalog = MenuCatalogRow & { pages: OpenTreePage[]; catalogs: OpenTreeCatalog[] };
export const OpenTreeCatalog: z.ZodType<OpenTreeCatalog> = z.object({
  ...menuCatalogColumns,
  pages: z.array(OpenTreePage),
  catalogs: z.array(z.lazy(() => OpenTreeCatalog)),
});

/** `open/getCatalogTree`: the project's menu tree (§7.1) with every page's body, drafts left out. */
export const OpenCatalogTree = z.object({ pages: z.array(OpenTreePage), catalogs: z.array(OpenTreeCatalog) });
export type OpenCatalogTree = z.infer<typeof OpenCatalogTree>;

/** `open/uploadAttachment`: the file's visitFile address, id and sign. */
export const OpenAttachment = z.object({ url: text(), file_id: int(), sign: text() });
export type OpenAttachment = z.infer<typeof OpenAttachment>;

/** `open/deleteAttachment`. */
export const OpenAttachmentDeleted = z.object({ file_id: int() });
export type OpenAttachmentDeleted = z.infer<typeof OpenAttachmentDeleted>;
