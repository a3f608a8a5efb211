import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Selectable } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { migrateToLatest } from './migrate.js';
import type { DB } from './tables.js';

/**
 * The row types (tables.ts, content-tables.ts) are written by hand next to the migrations that create
 * the tables; this test holds the two together. Types are gone at run time, so the columns are listed
 * here once more as data — and the type of that list is derived from the row types: leaving out a
 * column, naming one that does not exist, or calling a `number` column `text` fails `tsc`. The test
 * then migrates an empty database and compares the list with what the database reports, on SQLite and
 * (with TEST_DATABASE_URL) PostgreSQL. The production files stay as they are: no constant object to
 * derive the interfaces from, no second shape to read. Types are compared loosely, by storage family
 * (SQLite's affinity rules): integer, text, real, blob; and whether the column may hold NULL.
 */

type Family = 'integer' | 'text' | 'real' | 'blob';
type FamilyOf<T> = [T] extends [number] ? 'integer' | 'real' : [T] extends [string] ? 'text' : [T] extends [Uint8Array] ? 'blob' : never;
/** 'integer', or 'integer null' for a column whose row type allows null. */
type ColumnOf<T> = null extends T ? `${FamilyOf<NonNullable<T>>} null` : FamilyOf<T>;
type ColumnsOf<Table> = { readonly [C in keyof Selectable<Table>]-?: ColumnOf<Selectable<Table>[C]> };

const int = 'integer';
const text = 'text';

const ROW_TYPES: { readonly [T in keyof DB]: ColumnsOf<DB[T]> } = {
  user: {
    uid: int, username: text, username_key: text, groupid: int, name: text, avatar: text, avatar_small: text, email: text, password: text, salt: text,
    reg_time: int, last_login_time: int, is_sso: int, is_disabled: int,
  },
  user_token: { id: int, uid: int, token: text, token_expire: int, ip: text, addtime: int, last_check_time: int },
  captcha: { captcha_id: text, captcha: text, expire_time: int, mobile: text },
  options: { option_id: int, option_name: text, option_value: text },
  login_throttle: { throttle_key: text, failures: int, locked_until: int, last_failure: int },
  user_login_log: { id: int, uid: int, username: text, ip: text, user_agent: text, success: int, reason: text, addtime: int },
  login_secret_link: { token_hash: text, expires_at: int },
  folio_site_key: { name: text, value: text, created_at: int },
  rate_limit_window: { bucket: text, hits: int, expires_at: int },
  job_lease: { job_name: text, holder: text, lease_until: int },
  oauth_link: { id: int, issuer: text, subject: text, uid: int, addtime: int },
  oauth_login_state: { state_hash: text, browser_hash: text, code_verifier: text, nonce: text, redirect: text, expires_at: int },
  item: {
    item_id: int, item_name: text, item_description: text, uid: int, username: text, password: text, addtime: int, last_update_time: int, item_domain: text,
    item_type: int, is_archived: int, is_del: int, allow_comment: int, allow_feedback: int, del_time: int, folio_version: int,
  },
  item_group: { id: int, uid: int, group_name: text, item_ids: text, s_number: int, created_at: int, updated_at: int },
  item_star: { id: int, uid: int, item_id: int, s_number: int, created_at: int, updated_at: int },
  item_sort: { id: int, uid: int, item_sort_data: text, addtime: int, item_group_id: int },
  item_top: { id: int, item_id: int, uid: int, addtime: int },
  item_token: { id: int, item_id: int, api_key: text, api_token: text, addtime: int, last_check_time: int },
  item_member: { item_member_id: int, item_id: int, uid: int, username: text, addtime: int, member_group_id: int, cat_id: int, cat_ids: text },
  item_change_log: {
    id: int, uid: int, item_id: int, op_action_type: text, op_object_type: text, op_object_id: int, op_object_name: text, remark: text, optime: int,
  },
  catalog: { cat_id: int, cat_name: text, item_id: int, s_number: int, addtime: int, parent_cat_id: int, level: int },
  page: {
    page_id: int, author_uid: int, author_username: text, item_id: int, cat_id: int, page_title: text, page_content: text, s_number: int, addtime: int,
    page_comments: text, is_del: int, page_addtime: int, ext_info: text, is_draft: int, version: int,
  },
  page_plain_text: { page_id: int, rules: int, plain: text },
  page_history: {
    page_history_id: int, page_id: int, author_uid: int, author_username: text, item_id: int, cat_id: int, page_title: text, page_content: text,
    s_number: int, addtime: int, page_comments: text, ext_info: text,
  },
  recycle: { id: int, item_id: int, page_id: int, page_title: text, del_by_uid: int, del_by_username: text, del_time: int },
  single_page: { id: int, unique_key: text, page_id: int, expire_time: int },
  page_lock: { id: int, page_id: int, lock_uid: int, lock_username: text, lock_to: int, addtime: int },
  template: { id: int, uid: int, username: text, template_title: text, template_content: text, addtime: int },
  template_item: { id: int, template_id: int, item_id: int, uid: int, username: text, created_at: int },
  team: { id: int, team_name: text, uid: int, username: text, addtime: int, last_update_time: int },
  team_member: { id: int, team_id: int, member_uid: int, member_username: text, addtime: int, last_update_time: int, team_member_group_id: int },
  team_item: { id: int, team_id: int, item_id: int, addtime: int, last_update_time: int },
  team_item_member: {
    id: int, team_id: int, item_id: int, member_group_id: int, member_uid: int, member_username: text, addtime: int, last_update_time: int, cat_id: int,
    cat_ids: text,
  },
  upload_file: {
    file_id: int, sign: text, display_name: text, file_type: text, file_size: int, uid: int, page_id: int, item_id: int, visit_times: int, addtime: int,
    real_url: text, last_update_time: int, last_visit_time: int, storage_key: text,
  },
  file_page: { id: int, file_id: int, page_id: int, item_id: int, addtime: int },
  file_flow: { id: int, uid: int, used: int, date_month: text },
  message_content: {
    id: int, from_uid: int, from_name: text, message_type: text, message_content: text, action_type: text, object_type: text, object_id: int, addtime: int,
  },
  message: { id: int, from_uid: int, to_uid: int, message_type: text, message_content_id: int, status: int, addtime: int, readtime: int },
  subscription: { id: int, uid: int, object_id: int, object_type: text, action_type: text, sub_time: int },
  mock: { id: int, unique_key: text, uid: int, page_id: int, item_id: int, view_times: int, template: text, addtime: int, last_update_time: int, path: text },
  export_log: { id: int, uid: int, export_type: text, item_id: int, addtime: int },
  page_comment: { comment_id: int, page_id: int, item_id: int, parent_id: int, uid: int, username: text, content: text, is_deleted: int, addtime: int },
  page_feedback: { feedback_id: int, page_id: int, item_id: int, uid: int, client_id: text, feedback_type: int, addtime: int },
};

/** SQLite's affinity rules (sqlite.org/datatype3.html §3.1), which also cover PostgreSQL's type names. */
function familyOf(declared: string): Family | `unknown type ${string}` {
  const t = declared.toLowerCase();
  if (/int|serial/.test(t)) return 'integer';
  if (/char|clob|text/.test(t)) return 'text';
  if (/blob|bytea/.test(t)) return 'blob';
  if (/real|floa|doub|numeric|decimal/.test(t)) return 'real';
  return `unknown type ${declared}`;
}

async function sqlitePrimaryKey(database: TestDatabase, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(database.db);
  return new Set(rows.filter((r) => r.pk > 0).map((r) => r.name));
}

describe('the row types match the migrated database', () => {
  let database: TestDatabase;
  /** table → column → 'integer' | 'text null' | … as the database reports it. */
  const actual: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    await migrateToLatest(database);
    for (const table of await database.db.introspection.getTables()) {
      // SQLite's full-text index (0003_search) is a virtual table with shadow tables that no query names.
      // 0010's CJK term index is a plain table on PostgreSQL, kept by a trigger; no query reads it as rows.
      if (database.dialect === 'sqlite' ? /^page_fts(_|$)/.test(table.name) : table.name === 'page_fts_cjk') continue;
      const keys = database.dialect === 'sqlite' ? await sqlitePrimaryKey(database, table.name) : new Set<string>();
      actual[table.name] = Object.fromEntries(
        table.columns.map((c) => {
          // SQLite reports primary-key columns declared without NOT NULL as nullable (its INTEGER PRIMARY
          // KEY never holds NULL; a text key could, by a legacy quirk, but nothing writes one) — as
          // PostgreSQL does, count a key as not null.
          const nullable = c.isNullable && !keys.has(c.name);
          return [c.name, `${familyOf(c.dataType)}${nullable ? ' null' : ''}`];
        }),
      );
    }
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it('has exactly the tables of the DB interface', () => {
    expect(Object.keys(actual).sort()).toEqual(Object.keys(ROW_TYPES).sort());
  });

  it.each(Object.keys(ROW_TYPES))('%s has the columns, storage families and nullability of its row type', (table) => {
    const expected = ROW_TYPES[table as keyof DB] as Record<string, string>;
    expect(actual[table]).toEqual(expected);
  });
});
