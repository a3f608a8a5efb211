import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { schemaFor } from '../schema-helpers.js';

/**
 * The content data model: items (projects) and their catalogs, pages, history, members, teams,
 * attachments, messages, mocks, comments and feedback. Table and column names are ShowDoc's
 * (showdoc-behaviour.md §4) so a ShowDoc database can be imported column for column; unlike ShowDoc,
 * every column is NOT NULL, every time is unix seconds, and the constraints ShowDoc lacks are here.
 *
 * Foreign keys: rows that belong to an item, page or team go with it (ON DELETE CASCADE); rows that
 * belong to a user go with the user, except ownership (item.uid, team.uid), which blocks deleting the
 * user until the items and teams are transferred or purged. Columns where 0 means "none" or "root"
 * (page.cat_id, catalog.parent_cat_id, author_uid 0 = open API, upload_file.page_id 0 = file hub, …)
 * and authorship columns kept for the record (del_by_uid, from_uid, uploader) carry no foreign key.
 */
export function contentMigration(dialect: Dialect): Migration {
  const s = schemaFor(dialect);
  /** Byte counters can pass 2 GiB; SQLite's INTEGER is already 64-bit. */
  const bigint = dialect === 'postgres' ? ('bigint' as const) : ('integer' as const);
  return {
    async up(db: Kysely<unknown>) {
      // ---- items -------------------------------------------------------------------------------
      await s
        .id(db.schema.createTable('item'), 'item_id')
        .addColumn('item_name', 'text', (c) => c.notNull())
        .addColumn('item_description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('restrict'))
        // Owner's username, denormalised as in ShowDoc (updated on transfer).
        .addColumn('username', 'text', (c) => c.notNull())
        // Visit password; '' = public item. What is stored here (hash or not) is the item module's call.
        .addColumn('password', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('addtime', s.time, (c) => c.notNull())
        .addColumn('last_update_time', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('item_domain', 'text', (c) => c.notNull().defaultTo(''))
        // 1 regular, 2 single page, 3 RunApi, 4 spreadsheet, 5 whiteboard, 6 kanban.
        .addColumn('item_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_del', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_comment', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_feedback', 'integer', (c) => c.notNull().defaultTo(0))
        // Not in ShowDoc (which reuses last_update_time): when the item was soft-deleted, for the admin's undo.
        .addColumn('del_time', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('item_uid_idx').on('item').column('uid').execute();
      // A personal domain is unique among live items; deleted items keep theirs without blocking anyone.
      await db.schema
        .createIndex('item_domain_live_uq')
        .on('item')
        .column('item_domain')
        .unique()
        .where(sql.ref('item_domain'), '<>', '')
        .where(sql.ref('is_del'), '=', 0)
        .execute();

      await s
        .id(db.schema.createTable('item_group'), 'id')
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('group_name', 'text', (c) => c.notNull().defaultTo(''))
        // Comma-separated item ids, as in ShowDoc.
        .addColumn('item_ids', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('s_number', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('item_group_uid_idx').on('item_group').column('uid').execute();

      await s
        .id(db.schema.createTable('item_star'), 'id')
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        .addColumn('s_number', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', s.time, (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('item_star_uid_item_uq', ['uid', 'item_id'])
        .execute();

      await s
        .id(db.schema.createTable('item_sort'), 'id')
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        // JSON object {"<item_id>": <s_number>, …}.
        .addColumn('item_sort_data', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        // 0 = the "all items" view, else an item_group id (no foreign key: 0 is not a group).
        .addColumn('item_group_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('item_sort_uid_group_uq', ['uid', 'item_group_id'])
        .execute();

      await s
        .id(db.schema.createTable('item_top'), 'id')
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('item_top_uid_item_uq', ['uid', 'item_id'])
        .execute();

      // Open API credentials, one pair per item.
      await s
        .id(db.schema.createTable('item_token'), 'id')
        .addColumn('item_id', 'integer', (c) => c.notNull().unique().references('item.item_id').onDelete('cascade'))
        .addColumn('api_key', 'text', (c) => c.notNull().unique())
        .addColumn('api_token', 'text', (c) => c.notNull())
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('last_check_time', s.time, (c) => c.notNull().defaultTo(0))
        .execute();

      await s
        .id(db.schema.createTable('item_member'), 'item_member_id')
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        // 0 read-only, 1 editor, 2 manager.
        .addColumn('member_group_id', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('cat_id', 'integer', (c) => c.notNull().defaultTo(0))
        // Comma-separated level-2 catalog ids the member is limited to ('' = all).
        .addColumn('cat_ids', 'text', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('item_member_item_uid_uq', ['item_id', 'uid'])
        .execute();
      await db.schema.createIndex('item_member_uid_idx').on('item_member').column('uid').execute();

      await s
        .id(db.schema.createTable('item_change_log'), 'id')
        .addColumn('uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        .addColumn('op_action_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('op_object_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('op_object_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('op_object_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('optime', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('item_change_log_item_idx').on('item_change_log').column('item_id').execute();

      // ---- catalogs and pages ------------------------------------------------------------------
      await s
        .id(db.schema.createTable('catalog'), 'cat_id')
        .addColumn('cat_name', 'text', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        .addColumn('s_number', 'integer', (c) => c.notNull().defaultTo(99))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        // 0 = top level, so no foreign key; the catalog module keeps the tree consistent.
        .addColumn('parent_cat_id', 'integer', (c) => c.notNull().defaultTo(0))
        // 2 = top-level catalog (the item is level 1), 3 = child, …
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(2))
        .execute();
      await db.schema.createIndex('catalog_item_parent_idx').on('catalog').columns(['item_id', 'parent_cat_id']).execute();

      await s
        .id(db.schema.createTable('page'), 'page_id')
        // 0 / 'API' for open-API writes, so no foreign key.
        .addColumn('author_uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('author_username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        // 0 = item root, so no foreign key.
        .addColumn('cat_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('page_title', 'text', (c) => c.notNull())
        .addColumn('page_content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('s_number', 'integer', (c) => c.notNull().defaultTo(99))
        // Time of the last save.
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        // Change note of the current version.
        .addColumn('page_comments', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_del', 'integer', (c) => c.notNull().defaultTo(0))
        // Creation time (0 = unknown, fall back to addtime).
        .addColumn('page_addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('ext_info', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_draft', 'integer', (c) => c.notNull().defaultTo(0))
        // Not in ShowDoc: bumped on every save, for optimistic concurrency.
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('page_item_cat_idx').on('page').columns(['item_id', 'cat_id', 'is_del']).execute();

      // One row per superseded version: a snapshot of the page as it was.
      await s
        .id(db.schema.createTable('page_history'), 'page_history_id')
        .addColumn('page_id', 'integer', (c) => c.notNull().references('page.page_id').onDelete('cascade'))
        .addColumn('author_uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('author_username', 'text', (c) => c.notNull().defaultTo(''))
        // Where the page was at that version (history follows its page, not this column).
        .addColumn('item_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cat_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('page_title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('page_content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('s_number', 'integer', (c) => c.notNull().defaultTo(99))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('page_comments', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ext_info', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('page_history_page_idx').on('page_history').column('page_id').execute();

      // Page recycle bin: one row per soft-deleted page.
      await s
        .id(db.schema.createTable('recycle'), 'id')
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        .addColumn('page_id', 'integer', (c) => c.notNull().unique().references('page.page_id').onDelete('cascade'))
        .addColumn('page_title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('del_by_uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('del_by_username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('del_time', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('recycle_item_idx').on('recycle').column('item_id').execute();

      // Public share link of one page.
      await s
        .id(db.schema.createTable('single_page'), 'id')
        .addColumn('unique_key', 'text', (c) => c.notNull().unique())
        .addColumn('page_id', 'integer', (c) => c.notNull().unique().references('page.page_id').onDelete('cascade'))
        // 0 = never expires.
        .addColumn('expire_time', s.time, (c) => c.notNull().defaultTo(0))
        .execute();

      // Advisory edit lock.
      await s
        .id(db.schema.createTable('page_lock'), 'id')
        .addColumn('page_id', 'integer', (c) => c.notNull().unique().references('page.page_id').onDelete('cascade'))
        .addColumn('lock_uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('lock_username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('lock_to', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .execute();

      // ---- templates ---------------------------------------------------------------------------
      await s
        .id(db.schema.createTable('template'), 'id')
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('template_title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('template_content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('template_uid_idx').on('template').column('uid').execute();

      // A template shared into an item.
      await s
        .id(db.schema.createTable('template_item'), 'id')
        .addColumn('template_id', 'integer', (c) => c.notNull().references('template.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        .addColumn('uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', s.time, (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('template_item_template_item_uq', ['template_id', 'item_id'])
        .execute();
      await db.schema.createIndex('template_item_item_idx').on('template_item').column('item_id').execute();

      // ---- teams -------------------------------------------------------------------------------
      await s
        .id(db.schema.createTable('team'), 'id')
        .addColumn('team_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('restrict'))
        .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('last_update_time', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('team_uid_idx').on('team').column('uid').execute();

      await s
        .id(db.schema.createTable('team_member'), 'id')
        .addColumn('team_id', 'integer', (c) => c.notNull().references('team.id').onDelete('cascade'))
        .addColumn('member_uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('member_username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('last_update_time', s.time, (c) => c.notNull().defaultTo(0))
        // 1 member, 2 team administrator.
        .addColumn('team_member_group_id', 'integer', (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint('team_member_team_uid_uq', ['team_id', 'member_uid'])
        .execute();
      await db.schema.createIndex('team_member_uid_idx').on('team_member').column('member_uid').execute();

      await s
        .id(db.schema.createTable('team_item'), 'id')
        .addColumn('team_id', 'integer', (c) => c.notNull().references('team.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('last_update_time', s.time, (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('team_item_team_item_uq', ['team_id', 'item_id'])
        .execute();
      await db.schema.createIndex('team_item_item_idx').on('team_item').column('item_id').execute();

      // Per-(team, item, member) permission row.
      await s
        .id(db.schema.createTable('team_item_member'), 'id')
        .addColumn('team_id', 'integer', (c) => c.notNull().references('team.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        // 0 read-only, 1 editor, 2 manager (as item_member).
        .addColumn('member_group_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('member_uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('member_username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('last_update_time', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('cat_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cat_ids', 'text', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('team_item_member_team_item_uid_uq', ['team_id', 'item_id', 'member_uid'])
        .execute();
      await db.schema.createIndex('team_item_member_uid_idx').on('team_item_member').column('member_uid').execute();
      await db.schema.createIndex('team_item_member_item_idx').on('team_item_member').column('item_id').execute();

      // ---- attachments -------------------------------------------------------------------------
      await s
        .id(db.schema.createTable('upload_file'), 'file_id')
        // The public capability in visitFile?sign=…
        .addColumn('sign', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('file_type', 'text', (c) => c.notNull().defaultTo(''))
        // Bytes (ShowDoc: a string).
        .addColumn('file_size', bigint, (c) => c.notNull().defaultTo(0))
        // Uploader; no foreign key: attachments outlive their uploader's account.
        .addColumn('uid', 'integer', (c) => c.notNull().defaultTo(0))
        // Page and item at upload time, 0 for file-hub uploads; bindings live in file_page.
        .addColumn('page_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('item_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('visit_times', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        // ShowDoc's absolute URL of the stored object; kept for imports.
        .addColumn('real_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_update_time', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('last_visit_time', s.time, (c) => c.notNull().defaultTo(0))
        // Not in ShowDoc: the random name of the stored blob ('' until stored).
        .addColumn('storage_key', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('upload_file_uid_idx').on('upload_file').column('uid').execute();

      await s
        .id(db.schema.createTable('file_page'), 'id')
        .addColumn('file_id', 'integer', (c) => c.notNull().references('upload_file.file_id').onDelete('cascade'))
        .addColumn('page_id', 'integer', (c) => c.notNull().references('page.page_id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('file_page_file_page_uq', ['file_id', 'page_id'])
        .execute();
      await db.schema.createIndex('file_page_page_idx').on('file_page').column('page_id').execute();

      // Monthly download traffic per uploader.
      await s
        .id(db.schema.createTable('file_flow'), 'id')
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('used', bigint, (c) => c.notNull().defaultTo(0))
        // 'YYYY-MM'.
        .addColumn('date_month', 'text', (c) => c.notNull())
        .addUniqueConstraint('file_flow_uid_month_uq', ['uid', 'date_month'])
        .execute();

      // ---- messages and subscriptions ----------------------------------------------------------
      await s
        .id(db.schema.createTable('message_content'), 'id')
        // 0 for system announcements.
        .addColumn('from_uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('from_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('message_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('message_content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('action_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('object_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('object_id', 'integer', (c) => c.notNull().defaultTo(0))
        // For announcements possibly a future "send at".
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .execute();

      await s
        .id(db.schema.createTable('message'), 'id')
        .addColumn('from_uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('to_uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        .addColumn('message_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('message_content_id', 'integer', (c) =>
          c.notNull().references('message_content.id').onDelete('cascade'),
        )
        // 0 unread, 1 read, -1 deleted.
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('readtime', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('message_to_status_idx').on('message').columns(['to_uid', 'status']).execute();
      await db.schema.createIndex('message_content_id_idx').on('message').column('message_content_id').execute();

      await s
        .id(db.schema.createTable('subscription'), 'id')
        .addColumn('uid', 'integer', (c) => c.notNull().references('user.uid').onDelete('cascade'))
        // Polymorphic (object_type), so no foreign key.
        .addColumn('object_id', 'integer', (c) => c.notNull())
        .addColumn('object_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('action_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sub_time', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('subscription_object_idx').on('subscription').column('object_id').execute();
      await db.schema.createIndex('subscription_uid_idx').on('subscription').column('uid').execute();

      // ---- mock, export log, comments, feedback ------------------------------------------------
      await s
        .id(db.schema.createTable('mock'), 'id')
        .addColumn('unique_key', 'text', (c) => c.notNull().unique())
        .addColumn('uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('page_id', 'integer', (c) => c.notNull().unique().references('page.page_id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        .addColumn('view_times', 'integer', (c) => c.notNull().defaultTo(0))
        // The response template (JSON); never executed.
        .addColumn('template', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .addColumn('last_update_time', s.time, (c) => c.notNull().defaultTo(0))
        // '/users' exact path, or '~<regex>'.
        .addColumn('path', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('mock_item_idx').on('mock').column('item_id').execute();

      await s
        .id(db.schema.createTable('export_log'), 'id')
        .addColumn('uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('export_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('export_log_item_idx').on('export_log').column('item_id').execute();

      await s
        .id(db.schema.createTable('page_comment'), 'comment_id')
        .addColumn('page_id', 'integer', (c) => c.notNull().references('page.page_id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        // 0 = top-level comment.
        .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
        // Kept with username when the account goes, so no foreign key.
        .addColumn('uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('page_comment_page_idx').on('page_comment').column('page_id').execute();
      await db.schema.createIndex('page_comment_item_idx').on('page_comment').column('item_id').execute();

      await s
        .id(db.schema.createTable('page_feedback'), 'feedback_id')
        .addColumn('page_id', 'integer', (c) => c.notNull().references('page.page_id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('item.item_id').onDelete('cascade'))
        // 0 for guests, who are told apart by client_id.
        .addColumn('uid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('client_id', 'text', (c) => c.notNull().defaultTo(''))
        // 0 none, 1 helpful, 2 unhelpful.
        .addColumn('feedback_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('addtime', s.time, (c) => c.notNull().defaultTo(0))
        .execute();
      // ShowDoc's UNIQUE(page_id, uid) and UNIQUE(page_id, client_id), made partial so guests (uid 0)
      // and logged-in voters (client_id '') do not collide with each other.
      await db.schema
        .createIndex('page_feedback_user_uq')
        .on('page_feedback')
        .columns(['page_id', 'uid'])
        .unique()
        .where('uid', '<>', 0)
        .execute();
      await db.schema
        .createIndex('page_feedback_client_uq')
        .on('page_feedback')
        .columns(['page_id', 'client_id'])
        .unique()
        .where('client_id', '<>', '')
        .execute();
      await db.schema.createIndex('page_feedback_page_idx').on('page_feedback').column('page_id').execute();
      await db.schema.createIndex('page_feedback_item_idx').on('page_feedback').column('item_id').execute();
    },

    async down(db: Kysely<unknown>) {
      // Children before parents (indexes go with their tables).
      const tables = [
        'page_feedback',
        'page_comment',
        'export_log',
        'mock',
        'subscription',
        'message',
        'message_content',
        'file_flow',
        'file_page',
        'upload_file',
        'team_item_member',
        'team_item',
        'team_member',
        'team',
        'template_item',
        'template',
        'page_lock',
        'single_page',
        'recycle',
        'page_history',
        'page',
        'catalog',
        'item_change_log',
        'item_member',
        'item_token',
        'item_top',
        'item_sort',
        'item_star',
        'item_group',
        'item',
      ];
      for (const t of tables) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
