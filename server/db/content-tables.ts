import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Row types of the content tables created by migration 0002_content. Names follow ShowDoc's schema
 * (showdoc-behaviour.md §4). Times are unix seconds (also where ShowDoc stored formatted strings);
 * flags are integers 0/1. `Generated<>` marks columns the database fills in (ids and defaults).
 */

export interface ItemTable {
  item_id: Generated<number>;
  item_name: string;
  item_description: Generated<string>;
  /** Owner. */
  uid: number;
  /** Owner's username (denormalised). */
  username: string;
  /** Visit password; '' = public item. */
  password: Generated<string>;
  addtime: number;
  last_update_time: Generated<number>;
  /** Personal domain, '' = none; unique among live items. */
  item_domain: Generated<string>;
  /** 1 regular, 2 single page, 3 RunApi, 4 spreadsheet, 5 whiteboard, 6 kanban. */
  item_type: Generated<number>;
  is_archived: Generated<number>;
  is_del: Generated<number>;
  allow_comment: Generated<number>;
  allow_feedback: Generated<number>;
  /** When the item was soft-deleted (not in ShowDoc). */
  del_time: Generated<number>;
  /** Version stamp: +1 by every write that changes what item/info shows (server/db/locks.ts; not in ShowDoc). */
  folio_version: Generated<number>;
}

export interface ItemGroupTable {
  id: Generated<number>;
  uid: number;
  group_name: Generated<string>;
  /** Comma-separated item ids. */
  item_ids: Generated<string>;
  s_number: Generated<number>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

export interface ItemStarTable {
  id: Generated<number>;
  uid: number;
  item_id: number;
  s_number: Generated<number>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

export interface ItemSortTable {
  id: Generated<number>;
  uid: number;
  /** JSON object {"<item_id>": <s_number>, …}. */
  item_sort_data: Generated<string>;
  addtime: Generated<number>;
  /** 0 = the "all items" view, else an item_group id. */
  item_group_id: Generated<number>;
}

export interface ItemTopTable {
  id: Generated<number>;
  item_id: number;
  uid: number;
  addtime: Generated<number>;
}

/** Open API credentials, one per item. */
export interface ItemTokenTable {
  id: Generated<number>;
  item_id: number;
  api_key: string;
  api_token: string;
  addtime: Generated<number>;
  last_check_time: Generated<number>;
}

export interface ItemMemberTable {
  item_member_id: Generated<number>;
  item_id: number;
  uid: number;
  username: string;
  addtime: Generated<number>;
  /** 0 read-only, 1 editor, 2 manager. */
  member_group_id: Generated<number>;
  /** Legacy single-catalog restriction (0 = all). */
  cat_id: Generated<number>;
  /** Comma-separated level-2 catalog ids ('' = all); takes precedence over cat_id. */
  cat_ids: Generated<string>;
}

export interface ItemChangeLogTable {
  id: Generated<number>;
  uid: Generated<number>;
  item_id: number;
  /** create | update | delete | export | binding | unbound | drag */
  op_action_type: Generated<string>;
  /** page | catalog | item | team | member | tree */
  op_object_type: Generated<string>;
  op_object_id: Generated<number>;
  op_object_name: Generated<string>;
  remark: Generated<string>;
  optime: Generated<number>;
}

export interface CatalogTable {
  cat_id: Generated<number>;
  cat_name: string;
  item_id: number;
  s_number: Generated<number>;
  addtime: Generated<number>;
  /** 0 = top level. */
  parent_cat_id: Generated<number>;
  /** 2 = top-level catalog, 3 = child, … */
  level: Generated<number>;
}

export interface PageTable {
  page_id: Generated<number>;
  /** Last saver; 0 for open-API writes. */
  author_uid: Generated<number>;
  author_username: Generated<string>;
  item_id: number;
  /** 0 = item root. */
  cat_id: Generated<number>;
  page_title: string;
  page_content: Generated<string>;
  s_number: Generated<number>;
  /** Time of the last save. */
  addtime: Generated<number>;
  /** Change note of the current version. */
  page_comments: Generated<string>;
  is_del: Generated<number>;
  /** Creation time; 0 = unknown (fall back to addtime). */
  page_addtime: Generated<number>;
  /** JSON (RunApi page type, kanban task state, …) or ''. */
  ext_info: Generated<string>;
  is_draft: Generated<number>;
  /** Optimistic-concurrency counter, bumped on every save (not in ShowDoc). */
  version: Generated<number>;
}

/**
 * A page's words as a reader sees them, kept for search snippets (0012_page_plain_text); the database drops
 * the row when the page's text changes. Rebuilt as searches meet pages, so backups leave it out.
 */
export interface PagePlainTextTable {
  page_id: number;
  /** The version of common/markdown/plain-text.ts's rules that made `plain`. */
  rules: number;
  plain: string;
}

/** A superseded version of a page, written before each update. */
export interface PageHistoryTable {
  page_history_id: Generated<number>;
  page_id: number;
  author_uid: Generated<number>;
  author_username: Generated<string>;
  item_id: Generated<number>;
  cat_id: Generated<number>;
  page_title: Generated<string>;
  page_content: Generated<string>;
  s_number: Generated<number>;
  addtime: Generated<number>;
  page_comments: Generated<string>;
  ext_info: Generated<string>;
}

/** Recycle bin: one row per soft-deleted page. */
export interface RecycleTable {
  id: Generated<number>;
  item_id: number;
  page_id: number;
  page_title: Generated<string>;
  del_by_uid: Generated<number>;
  del_by_username: Generated<string>;
  del_time: Generated<number>;
}

/** Public share link of one page. */
export interface SinglePageTable {
  id: Generated<number>;
  unique_key: string;
  page_id: number;
  /** 0 = never. */
  expire_time: Generated<number>;
}

export interface PageLockTable {
  id: Generated<number>;
  page_id: number;
  lock_uid: number;
  lock_username: Generated<string>;
  lock_to: Generated<number>;
  addtime: Generated<number>;
}

export interface TemplateTable {
  id: Generated<number>;
  uid: number;
  username: Generated<string>;
  template_title: Generated<string>;
  template_content: Generated<string>;
  addtime: Generated<number>;
}

export interface TemplateItemTable {
  id: Generated<number>;
  template_id: number;
  item_id: number;
  uid: Generated<number>;
  username: Generated<string>;
  created_at: Generated<number>;
}

export interface TeamTable {
  id: Generated<number>;
  team_name: Generated<string>;
  /** Owner. */
  uid: number;
  username: Generated<string>;
  addtime: Generated<number>;
  last_update_time: Generated<number>;
}

export interface TeamMemberTable {
  id: Generated<number>;
  team_id: number;
  member_uid: number;
  member_username: Generated<string>;
  addtime: Generated<number>;
  last_update_time: Generated<number>;
  /** 1 member, 2 team administrator. */
  team_member_group_id: Generated<number>;
}

export interface TeamItemTable {
  id: Generated<number>;
  team_id: number;
  item_id: number;
  addtime: Generated<number>;
  last_update_time: Generated<number>;
}

/** Per-(team, item, member) permission row. */
export interface TeamItemMemberTable {
  id: Generated<number>;
  team_id: number;
  item_id: number;
  /** 0 read-only, 1 editor, 2 manager. */
  member_group_id: Generated<number>;
  member_uid: number;
  member_username: Generated<string>;
  addtime: Generated<number>;
  last_update_time: Generated<number>;
  cat_id: Generated<number>;
  cat_ids: Generated<string>;
}

/** One stored file (attachment). */
export interface UploadFileTable {
  file_id: Generated<number>;
  /** The public capability used in visitFile?sign=. */
  sign: string;
  display_name: Generated<string>;
  file_type: Generated<string>;
  /** Bytes. */
  file_size: Generated<number>;
  /** Uploader (no foreign key). */
  uid: Generated<number>;
  /** Page and item at upload time; 0 for file-hub uploads. */
  page_id: Generated<number>;
  item_id: Generated<number>;
  visit_times: Generated<number>;
  addtime: Generated<number>;
  /** ShowDoc's absolute URL of the object (imports only). */
  real_url: Generated<string>;
  last_update_time: Generated<number>;
  last_visit_time: Generated<number>;
  /** Random name of the stored blob (not in ShowDoc). */
  storage_key: Generated<string>;
}

/** File ↔ page binding. */
export interface FilePageTable {
  id: Generated<number>;
  file_id: number;
  page_id: number;
  item_id: Generated<number>;
  addtime: Generated<number>;
}

/** Monthly download traffic per uploader. */
export interface FileFlowTable {
  id: Generated<number>;
  uid: number;
  /** Bytes. */
  used: Generated<number>;
  /** 'YYYY-MM'. */
  date_month: string;
}

export interface MessageContentTable {
  id: Generated<number>;
  from_uid: Generated<number>;
  from_name: Generated<string>;
  /** remind | announce | announce_web | announce_runapi | announce_all */
  message_type: Generated<string>;
  message_content: Generated<string>;
  action_type: Generated<string>;
  object_type: Generated<string>;
  object_id: Generated<number>;
  addtime: Generated<number>;
}

export interface MessageTable {
  id: Generated<number>;
  from_uid: Generated<number>;
  to_uid: number;
  message_type: Generated<string>;
  message_content_id: number;
  /** 0 unread, 1 read, -1 deleted. */
  status: Generated<number>;
  addtime: Generated<number>;
  readtime: Generated<number>;
}

export interface SubscriptionTable {
  id: Generated<number>;
  uid: number;
  object_id: number;
  object_type: Generated<string>;
  action_type: Generated<string>;
  sub_time: Generated<number>;
}

export interface MockTable {
  id: Generated<number>;
  unique_key: string;
  uid: Generated<number>;
  page_id: number;
  item_id: number;
  view_times: Generated<number>;
  template: Generated<string>;
  addtime: Generated<number>;
  last_update_time: Generated<number>;
  /** '/users' exact path, or '~<regex>'. */
  path: Generated<string>;
}

export interface ExportLogTable {
  id: Generated<number>;
  uid: Generated<number>;
  /** word | markdown | html */
  export_type: Generated<string>;
  item_id: number;
  addtime: Generated<number>;
}

export interface PageCommentTable {
  comment_id: Generated<number>;
  page_id: number;
  item_id: number;
  /** 0 = top-level comment. */
  parent_id: Generated<number>;
  uid: Generated<number>;
  username: Generated<string>;
  content: Generated<string>;
  is_deleted: Generated<number>;
  addtime: Generated<number>;
}

export interface PageFeedbackTable {
  feedback_id: Generated<number>;
  page_id: number;
  item_id: number;
  /** 0 for guests. */
  uid: Generated<number>;
  /** Guest fingerprint; '' for logged-in voters. */
  client_id: Generated<string>;
  /** 0 none, 1 helpful, 2 unhelpful. */
  feedback_type: Generated<number>;
  addtime: Generated<number>;
}

export interface ContentTables {
  item: ItemTable;
  item_group: ItemGroupTable;
  item_star: ItemStarTable;
  item_sort: ItemSortTable;
  item_top: ItemTopTable;
  item_token: ItemTokenTable;
  item_member: ItemMemberTable;
  item_change_log: ItemChangeLogTable;
  catalog: CatalogTable;
  page: PageTable;
  page_history: PageHistoryTable;
  page_plain_text: PagePlainTextTable;
  recycle: RecycleTable;
  single_page: SinglePageTable;
  page_lock: PageLockTable;
  template: TemplateTable;
  template_item: TemplateItemTable;
  team: TeamTable;
  team_member: TeamMemberTable;
  team_item: TeamItemTable;
  team_item_member: TeamItemMemberTable;
  upload_file: UploadFileTable;
  file_page: FilePageTable;
  file_flow: FileFlowTable;
  message_content: MessageContentTable;
  message: MessageTable;
  subscription: SubscriptionTable;
  mock: MockTable;
  export_log: ExportLogTable;
  page_comment: PageCommentTable;
  page_feedback: PageFeedbackTable;
}

export type Item = Selectable<ItemTable>;
export type NewItem = Insertable<ItemTable>;
export type ItemUpdate = Updateable<ItemTable>;
export type ItemGroup = Selectable<ItemGroupTable>;
export type ItemStar = Selectable<ItemStarTable>;
export type ItemSort = Selectable<ItemSortTable>;
export type ItemTop = Selectable<ItemTopTable>;
export type ItemToken = Selectable<ItemTokenTable>;
export type ItemMember = Selectable<ItemMemberTable>;
export type NewItemMember = Insertable<ItemMemberTable>;
export type ItemChangeLog = Selectable<ItemChangeLogTable>;
export type Catalog = Selectable<CatalogTable>;
export type NewCatalog = Insertable<CatalogTable>;
export type CatalogUpdate = Updateable<CatalogTable>;
export type Page = Selectable<PageTable>;
export type NewPage = Insertable<PageTable>;
export type PageUpdate = Updateable<PageTable>;
export type PageHistory = Selectable<PageHistoryTable>;
export type NewPageHistory = Insertable<PageHistoryTable>;
export type Recycle = Selectable<RecycleTable>;
export type SinglePage = Selectable<SinglePageTable>;
export type PageLock = Selectable<PageLockTable>;
export type Template = Selectable<TemplateTable>;
export type TemplateItem = Selectable<TemplateItemTable>;
export type Team = Selectable<TeamTable>;
export type TeamMember = Selectable<TeamMemberTable>;
export type TeamItem = Selectable<TeamItemTable>;
export type TeamItemMember = Selectable<TeamItemMemberTable>;
export type UploadFile = Selectable<UploadFileTable>;
export type NewUploadFile = Insertable<UploadFileTable>;
export type FilePage = Selectable<FilePageTable>;
export type FileFlow = Selectable<FileFlowTable>;
export type MessageContent = Selectable<MessageContentTable>;
export type Message = Selectable<MessageTable>;
export type Subscription = Selectable<SubscriptionTable>;
export type Mock = Selectable<MockTable>;
export type ExportLog = Selectable<ExportLogTable>;
export type PageComment = Selectable<PageCommentTable>;
export type PageFeedback = Selectable<PageFeedbackTable>;
