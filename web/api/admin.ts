import type {
  AboutSite,
  AdminAnnouncementList,
  AdminFileList,
  AdminItemList,
  AdminUserList,
  DeletedFiles,
  DeletedUser,
  LoginLog,
  SiteConfig,
  UpdateCheck,
} from '../../common/answers/admin';
import { apiPost, type ApiParams } from './client';

export type { AboutSite, AdminAnnouncementList, AdminFileList, AdminItemList, AdminUserList, LoginLog, SiteConfig, UpdateCheck };
export type { AdminAnnouncement, AdminFileRow, AdminItemRow, AdminUserRow, LoginLogRow } from '../../common/answers/admin';

/**
 * The administrator console's calls (showdoc-behaviour.md §6.14). Reads are silent: each panel shows its
 * own failure with a retry. Writes are silent too: the dialog or form that sent them shows the refusal
 * where it belongs (at the field, in the dialog).
 */
const silent = { silent: true } as const;

/** Every admin query key starts here, so one invalidation refreshes the console after a change. */
export const ADMIN_KEY = ['admin'] as const;

// Users ----------------------------------------------------------------------------------------------

export interface AdminUserQuery {
  page: number;
  count: number;
  /** A part of the username, name or e-mail; '' for all. */
  username: string;
  /** 1 administrators only; left out for everyone. */
  groupid?: number;
}

export const adminUsersKey = (query?: AdminUserQuery) => (query ? [...ADMIN_KEY, 'users', query] : [...ADMIN_KEY, 'users']);

export function fetchAdminUsers(query: AdminUserQuery, signal?: AbortSignal): Promise<AdminUserList> {
  return apiPost<AdminUserList>('adminUser/getList', { ...query }, { ...silent, signal });
}

/** `uid` 0 creates the account; otherwise it edits it (an empty password keeps the old one). */
export function saveAdminUser(fields: { uid: number; username: string; password: string; name: string }): Promise<unknown> {
  return apiPost('adminUser/addUser', { ...fields }, silent);
}

export function changeUserPassword(uid: number, newPassword: string): Promise<unknown> {
  return apiPost('adminUser/changePassword', { uid, new_password: newPassword }, silent);
}

export type ProjectsFate = 'refuse' | 'transfer' | 'delete';

export function deleteAdminUser(fields: { uid: number; projects: ProjectsFate; receiver_uid: number }): Promise<DeletedUser> {
  return apiPost<DeletedUser>('adminUser/deleteUser', { ...fields }, silent);
}

export function setUserDisabled(uid: number, disabled: boolean): Promise<unknown> {
  return apiPost('adminUser/setDisabled', { uid, is_disabled: disabled ? 1 : 0 }, silent);
}

/** 1 administrator, 2 ordinary. */
export function setUserGroup(uid: number, groupid: 1 | 2): Promise<unknown> {
  return apiPost('adminUser/setGroup', { uid, groupid }, silent);
}

export interface LoginLogQuery {
  page: number;
  count: number;
  /** 0 for everyone. */
  uid: number;
  username: string;
}

export const loginLogKey = (query?: LoginLogQuery) => (query ? [...ADMIN_KEY, 'loginLog', query] : [...ADMIN_KEY, 'loginLog']);

export function fetchLoginLog(query: LoginLogQuery, signal?: AbortSignal): Promise<LoginLog> {
  return apiPost<LoginLog>('adminUser/loginLog', { ...query }, { ...silent, signal });
}

// Projects -------------------------------------------------------------------------------------------

export interface AdminItemQuery {
  page: number;
  count: number;
  item_name: string;
  /** The owner's username (a part of it). */
  username: string;
  /** 1 the deleted projects, 0 the live ones. */
  is_del: 0 | 1;
}

export const adminItemsKey = (query?: AdminItemQuery) => (query ? [...ADMIN_KEY, 'items', query] : [...ADMIN_KEY, 'items']);

export function fetchAdminItems(query: AdminItemQuery, signal?: AbortSignal): Promise<AdminItemList> {
  return apiPost<AdminItemList>('adminItem/getList', { ...query }, { ...silent, signal });
}

export type AdminItemAction = 'deleteItem' | 'recoverItem' | 'hardDeleteItem';

export function changeAdminItem(action: AdminItemAction, itemId: number): Promise<unknown> {
  return apiPost(`adminItem/${action}`, { item_id: itemId }, silent);
}

export function attornAdminItem(itemId: number, username: string): Promise<unknown> {
  return apiPost('adminItem/attorn', { item_id: itemId, username }, silent);
}

// Attachments ----------------------------------------------------------------------------------------

export interface AdminFileQuery {
  page: number;
  count: number;
  /** -1 every file, 1 images, 2 other files. */
  attachment_type: -1 | 1 | 2;
  display_name: string;
  username: string;
}

/** 'all' lists every file, 'unused' the files no page uses. */
export type AdminFileScope = 'all' | 'unused';

export const adminFilesKey = (scope?: AdminFileScope, query?: AdminFileQuery) =>
  scope ? (query ? [...ADMIN_KEY, 'files', scope, query] : [...ADMIN_KEY, 'files', scope]) : [...ADMIN_KEY, 'files'];

export function fetchAdminFiles(scope: AdminFileScope, query: AdminFileQuery, signal?: AbortSignal): Promise<AdminFileList> {
  const path = scope === 'unused' ? 'attachment/getUnusedList' : 'attachment/getAllList';
  return apiPost<AdminFileList>(path, { ...query }, { ...silent, signal });
}

export function deleteAdminFile(fileId: number): Promise<unknown> {
  return apiPost('attachment/deleteAttachment', { file_id: fileId }, silent);
}

/** The ids go as one comma list (`file_ids=3,5`), the server's usual form for id lists (`zIdList`). */
export function batchDeleteAdminFiles(fileIds: number[]): Promise<DeletedFiles> {
  return apiPost<DeletedFiles>('attachment/batchDeleteAttachments', { file_ids: fileIds.join(',') }, silent);
}

// Site settings and announcements --------------------------------------------------------------------

export const siteConfigKey = [...ADMIN_KEY, 'config'] as const;

export function fetchSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return apiPost<SiteConfig>('adminSetting/loadConfig', {}, { ...silent, signal });
}

export function saveSiteConfig(config: Partial<SiteConfig>): Promise<unknown> {
  const params: ApiParams = {};
  for (const [key, value] of Object.entries(config)) params[key] = value as string | number;
  return apiPost('adminSetting/saveConfig', params, silent);
}

export const announcementsKey = (page?: number) => (page === undefined ? [...ADMIN_KEY, 'announcements'] : [...ADMIN_KEY, 'announcements', page]);

export function fetchAnnouncements(page: number, count: number, signal?: AbortSignal): Promise<AdminAnnouncementList> {
  return apiPost<AdminAnnouncementList>('adminMessage/listAnnouncements', { page, count }, { ...silent, signal });
}

export function addAnnouncement(content: string): Promise<{ id: number }> {
  return apiPost<{ id: number }>('adminMessage/addAnnouncement', { message_content: content }, silent);
}

export function deleteAnnouncement(id: number): Promise<unknown> {
  return apiPost('adminMessage/deleteAnnouncement', { id }, silent);
}

// About ----------------------------------------------------------------------------------------------

export const aboutKey = [...ADMIN_KEY, 'about'] as const;
export const updateCheckKey = [...ADMIN_KEY, 'update'] as const;

export function fetchAbout(signal?: AbortSignal): Promise<AboutSite> {
  return apiPost<AboutSite>('adminSetting/about', {}, { ...silent, signal });
}

export function fetchUpdateCheck(signal?: AbortSignal): Promise<UpdateCheck> {
  return apiPost<UpdateCheck>('adminUpdate/checkUpdate', {}, { ...silent, signal });
}
