import { z } from 'zod';
import { empty, folioOnly, int, rowInt, text } from '../wire.js';
import { PageRow } from './page.js';

/** What the project actions answer (showdoc-behaviour.md §6.3, §7; transcripts 11, 12, 20–22, 27–31, 36, 41, 71). */

/**
 * What `item/detail` and `item/myList` answer for the visit password of a private project. Folio keeps
 * only a hash, so it cannot send the password back; a ShowDoc client that re-saves its settings sends
 * this back, and `item/update` reads it as "unchanged" — only an explicit '' makes a project public.
 */
export const KEPT_PASSWORD = '********';

/** One card of `item/myList`, in the person's order for the group asked for. */
export const ListItem = z.object({
  item_id: rowInt(),
  uid: rowInt(),
  item_name: text(),
  item_domain: text(),
  item_type: rowInt(),
  last_update_time: rowInt(),
  item_description: text(),
  is_del: rowInt(),
  is_archived: folioOnly(rowInt()),
  /** KEPT_PASSWORD for a private project the caller manages, else ''. */
  password: text(),
  s_number: int(),
  /** 1 when the person owns the project. */
  creator: int(),
  /** 1 when the person may manage it (owner, item admin, site admin). */
  manage: int(),
  is_private: int(),
  is_star: int(),
});
export type ListItem = z.infer<typeof ListItem>;
export const ItemList = z.array(ListItem);

/** Folio has no AI assistant; ShowDoc clients read these fields, so they say "off". */
export const AiConfig = z.object({ enabled: int(), dialog_collapsed: int(), guest_enabled: int(), welcome_message: text(), system_prompt: text() });
export type AiConfig = z.infer<typeof AiConfig>;
export const AI_OFF: AiConfig = { enabled: 0, dialog_collapsed: 1, guest_enabled: 0, welcome_message: '', system_prompt: '' };

/** `item/detail` (managers), also `item/attorn`: the project row without its password hash. */
export const ItemDetail = z.object({
  item_id: rowInt(),
  item_name: text(),
  item_description: text(),
  uid: rowInt(),
  username: text(),
  /** KEPT_PASSWORD for a private project, '' for a public one. */
  password: text(),
  addtime: rowInt(),
  last_update_time: rowInt(),
  item_domain: text(),
  item_type: rowInt(),
  is_archived: rowInt(),
  is_del: rowInt(),
  allow_comment: rowInt(),
  allow_feedback: rowInt(),
  group_ids: z.array(int()),
  ai_config: AiConfig,
  is_private: folioOnly(int()),
});
export type ItemDetail = z.infer<typeof ItemDetail>;

/** A page in the menu tree: its header only, never its body (§7.1). */
export const MenuPage = z.object({
  page_id: rowInt(),
  author_uid: rowInt(),
  cat_id: rowInt(),
  page_title: text(),
  /** Unix time of the last save (the menu keeps it raw). */
  addtime: rowInt(),
  ext_info: text(),
  is_draft: rowInt(),
});
export type MenuPage = z.infer<typeof MenuPage>;

/** A catalog row as the menu keeps it (raw `addtime`); the open API's tree uses the same columns. */
export const menuCatalogColumns = {
  cat_id: rowInt(),
  cat_name: text(),
  item_id: rowInt(),
  s_number: rowInt(),
  addtime: rowInt(),
  parent_cat_id: rowInt(),
  level: rowInt(),
};
export type MenuCatalogRow = z.infer<z.ZodObject<typeof menuCatalogColumns>>;
export type MenuCatalog = MenuCatalogRow & { pages: MenuPage[]; catalogs: MenuCatalog[] };
export const MenuCatalog: z.ZodType<MenuCatalog> = z.object({
  ...menuCatalogColumns,
  pages: z.array(MenuPage),
  catalogs: z.array(z.lazy(() => MenuCatalog)),
});

/** The whole menu: root pages, then top-level catalogs with their pages and children. */
export const TreeMenu = z.object({ pages: z.array(MenuPage), catalogs: z.array(MenuCatalog) });
export type TreeMenu = z.infer<typeof TreeMenu>;

/** The menu of a keyword search (§7.2): the matching pages, flat, as full rows; no catalogs. */
export const SearchMenu = z.object({ pages: z.array(PageRow), catalogs: empty() });
export type SearchMenu = z.infer<typeof SearchMenu>;

/** RunApi's shared request parameters; Folio keeps none. */
export const RunApiParams = z.object({
  query: empty(),
  body: empty(),
  header: empty(),
  cookies: empty(),
  preScript: text(),
  postScript: text(),
});

/** `item/info`: the project header, what the caller may do, and the menu they may see. */
export const ItemInfo = z.object({
  item_id: rowInt(),
  item_domain: text(),
  is_archived: rowInt(),
  item_name: text(),
  default_page_id: rowInt(),
  default_cat_id2: int(),
  default_cat_id3: int(),
  default_cat_id4: int(),
  unread_count: int(),
  item_type: rowInt(),
  menu: z.union([SearchMenu, TreeMenu]),
  is_login: z.boolean(),
  item_edit: z.boolean(),
  item_manage: z.boolean(),
  ItemPermn: z.boolean(),
  ItemCreator: z.boolean(),
  current_page_id: int(),
  global_param: z.union([empty(), RunApiParams]),
  show_watermark: int(),
  allow_comment: rowInt(),
  allow_feedback: rowInt(),
  ai_knowledge_base_enabled: int(),
  ai_config: AiConfig,
  item_description: folioOnly(text()),
  is_private: folioOnly(int()),
});
export type ItemInfo = z.infer<typeof ItemInfo>;

/** A page found by `item/search`: the row without its body, with a snippet around the first match. */
export const SearchHit = z.object({
  page_id: rowInt(),
  author_uid: rowInt(),
  author_username: text(),
  /** ShowDoc sets it from the request, so it is a number here. */
  item_id: int(),
  cat_id: rowInt(),
  page_title: text(),
  s_number: rowInt(),
  addtime: rowInt(),
  page_comments: text(),
  is_del: rowInt(),
  page_addtime: rowInt(),
  ext_info: text(),
  is_draft: rowInt(),
  search_content: text(),
  item_name: text(),
  item_domain: folioOnly(text()),
});
export type SearchHit = z.infer<typeof SearchHit>;

/** `item/search` with an item_id: that project's matching pages. */
export const ItemSearch = z.object({ item_id: int(), item_name: text(), pages: z.array(SearchHit) });
export type ItemSearch = z.infer<typeof ItemSearch>;

/** Folio: `item/search` without an item_id searches every project of the caller. */
export const FoundItem = z.object({ item_id: rowInt(), item_name: text(), item_domain: text(), item_type: rowInt(), item_description: text() });
export type FoundItem = z.infer<typeof FoundItem>;
export const SiteSearch = z.object({ items: z.array(FoundItem), pages: z.array(SearchHit) });
export type SiteSearch = z.infer<typeof SiteSearch>;
export const SearchAnswer = z.union([ItemSearch, SiteSearch]);

/** `item/getKey`, `item/resetKey`: the project's open-API credentials row. */
export const ItemKey = z.object({
  id: rowInt(),
  item_id: rowInt(),
  api_key: text(),
  api_token: text(),
  addtime: rowInt(),
  last_check_time: rowInt(),
});
export type ItemKey = z.infer<typeof ItemKey>;

/** `item/add`: the new project's id (a PHP int). */
export const ItemCreated = z.object({ item_id: int() });
export type ItemCreated = z.infer<typeof ItemCreated>;

/** `item/pwd`: the project the password opened. */
export const VisitGranted = z.object({ item_id: int() });
export type VisitGranted = z.infer<typeof VisitGranted>;
