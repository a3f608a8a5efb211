import { z } from 'zod';
import { MyAttachment } from './attachment.js';
import { pagedList } from './common.js';
import { empty, folioOnly, int, rowInt, text } from '../wire.js';

/**
 * What the administrator console's actions answer (showdoc-behaviour.md §6.14; seed 001 §3, §7).
 * Unlike ShowDoc, no answer here carries a password hash, salt, token, visit password or secret:
 * the admin sees whether a thing is set, never its value.
 */

/** One account in `adminUser/getList`. Times are `YYYY-MM-DD HH:mm:ss`, '' when never. */
export const AdminUserRow = z.object({
  uid: rowInt(),
  username: text(),
  name: text(),
  email: text(),
  /** 1 administrator, 2 ordinary. */
  groupid: rowInt(),
  reg_time: text(),
  last_login_time: text(),
  /** 1 when the account signs in through LDAP or OAuth2. */
  is_sso: rowInt(),
  /** 1 when an administrator disabled the account: it cannot log in and its sessions are refused. */
  is_disabled: folioOnly(rowInt()),
  /** Live projects the account owns and files it uploaded: what deleting it would touch. */
  item_count: folioOnly(int()),
  file_count: folioOnly(int()),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const AdminUserList = z.object({ total: int(), users: z.array(AdminUserRow) });
export type AdminUserList = z.infer<typeof AdminUserList>;

/** `adminUser/deleteUser`: what happened to the account's projects and files. */
export const DeletedUser = z.object({
  /**
   * The mode used: 'refuse' (the account owned no live project), 'transfer' (to `receiver_uid`) or 'delete'.
   * `items` counts the live projects transferred or deleted; `files` the files handed to the receiver
   * (refuse, transfer) or removed (delete). The receiver also gets the account's deleted projects (to keep
   * them recoverable) and its teams.
   */
  projects: text(),
  items: int(),
  files: int(),
  receiver_uid: int(),
});
export type DeletedUser = z.infer<typeof DeletedUser>;

/** One attempt in `adminUser/loginLog`, newest first. */
export const LoginLogRow = z.object({
  id: int(),
  /** 0 when the name matched no account. */
  uid: int(),
  /** The name as typed. */
  username: text(),
  ip: text(),
  user_agent: text(),
  /** 1 logged in, 0 refused. */
  success: int(),
  /** Why a login was refused: 'password', 'disabled', 'locked', 'captcha', … ('' on success). */
  reason: text(),
  addtime: text(),
});
export type LoginLogRow = z.infer<typeof LoginLogRow>;
export const LoginLog = pagedList(LoginLogRow);
export type LoginLog = z.infer<typeof LoginLog>;

/** One project in `adminItem/getList`. `del_time` is '' for live projects. */
export const AdminItemRow = z.object({
  item_id: rowInt(),
  item_name: text(),
  item_description: text(),
  item_domain: text(),
  item_type: rowInt(),
  uid: rowInt(),
  /** The owner. */
  username: text(),
  /** 1 when a visit password is set (the password itself is never sent). */
  is_private: int(),
  is_archived: rowInt(),
  is_del: rowInt(),
  addtime: text(),
  last_update_time: text(),
  del_time: text(),
  member_num: int(),
  page_count: folioOnly(int()),
});
export type AdminItemRow = z.infer<typeof AdminItemRow>;

export const AdminItemList = z.object({ total: int(), items: z.array(AdminItemRow) });
export type AdminItemList = z.infer<typeof AdminItemList>;

/** One file in `attachment/getAllList` and `attachment/getUnusedList`: a file row with its uploader. */
export const AdminFileRow = MyAttachment.extend({
  username: text(),
  /** 1 image, 2 other file. */
  attachment_type: int(),
  /** Pages the file is bound to or inserted in; 0 = unused. */
  page_count: folioOnly(int()),
});
export type AdminFileRow = z.infer<typeof AdminFileRow>;

export const AdminFileList = z.object({
  list: z.array(AdminFileRow),
  total: int(),
  /** MB all files take (all files, whatever the filter). */
  used_m: z.number(),
});
export type AdminFileList = z.infer<typeof AdminFileList>;

/** `attachment/batchDeleteAttachments`. */
export const DeletedFiles = z.object({ deleted: int() });
export type DeletedFiles = z.infer<typeof DeletedFiles>;

/**
 * `adminSetting/loadConfig`: every site setting with its effective value (the default when never saved).
 * `saveConfig` takes the same keys (any subset); flags accept 1/0, '1'/'0' and true/false.
 */
export const SiteConfig = z.object({
  /** 1 anyone may sign up; 0 only administrators add accounts. */
  register_open: int(),
  /** '1' landing page, '2' login screen, '3' the project `home_item`. */
  home_page: text(),
  home_item: text(),
  /** ICP filing text shown in the footer ('' = none). */
  beian: text(),
  /** Versions kept per page (1–200; 20 by default). */
  history_version_count: int(),
  /** 1 pages show a watermark with the reader's name and the time. */
  show_watermark: int(),
  /** 1 nothing can be read without logging in. */
  force_login: int(),
  /** The address people reach the site at (used in links and exports); '' = from the request. */
  site_url: text(),
  /** Largest upload in MB (1–100; 4 by default, as ShowDoc). */
  upload_max_mb: folioOnly(int()),
  /** Extra file extensions allowed for attachments, comma-separated, within the safe rules; '' = the defaults. */
  upload_extensions: folioOnly(text()),
  /** Collaborators (individual members) per project; 0 = no limit. */
  item_member_max: folioOnly(int()),
  /** 1 new accounts get sample projects in their language. */
  create_sample: int(),
  /** 1 strong passwords required (8+ characters with lower, upper, digit and symbol). */
  strong_password_enabled: int(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

export const AdminDone = empty();

/** `adminMessage/addAnnouncement`. */
export const AddedAnnouncement = z.object({ id: int() });

/** One announcement in `adminMessage/listAnnouncements`, newest first. */
export const AdminAnnouncement = z.object({
  id: int(),
  message_content: text(),
  from_name: text(),
  addtime: text(),
  /** People who have read it. */
  read_count: folioOnly(int()),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncement>;
export const AdminAnnouncementList = pagedList(AdminAnnouncement);
export type AdminAnnouncementList = z.infer<typeof AdminAnnouncementList>;

/**
 * `adminUpdate/checkUpdate`: a read-only version check. Folio never downloads or replaces its own code;
 * with no update source configured (`FOLIO_UPDATE_URL`) it says so in `message` and `new_version` is ''.
 */
export const UpdateCheck = z.object({
  version: text(),
  new_version: text(),
  url: text(),
  source_configured: folioOnly(int()),
  message: folioOnly(text()),
});
export type UpdateCheck = z.infer<typeof UpdateCheck>;

/** `update/checkDb`: the database schema brought up to date; what was applied. */
export const DbCheck = z.object({ applied: z.array(text()), pending: int() });
export type DbCheck = z.infer<typeof DbCheck>;

/** `adminSetting/about` (Folio): what the about panel shows. */
export const AboutSite = z.object({
  version: text(),
  node_version: text(),
  /** 'sqlite' or 'postgres'. */
  database: text(),
  database_bytes: int(),
  /** 'local' or 's3', and where. */
  storage: text(),
  storage_location: text(),
  storage_bytes: int(),
  uptime_seconds: int(),
  users: int(),
  items: int(),
  pages: int(),
  docs_url: text(),
});
export type AboutSite = z.infer<typeof AboutSite>;
