import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AdminFileRow, AdminItemRow, AdminUserRow, SiteConfig } from '../../api/admin';
import AdminIndex from '../../routes/AdminIndex';
import { alice, guestSite, installFakeApi, ok, type FakeHandler } from '../../test/fake-api';
import { renderScreen } from '../../test/render';

/** Test data and a signed-in administrator's site for the console's tests (not used by the app). */

export const adminMe = { ...alice, uid: 1, username: 'root', name: 'Root', groupid: 1 };

export const userRow = (uid: number, username: string, extra: Partial<AdminUserRow> = {}): AdminUserRow => ({
  uid,
  username,
  name: '',
  email: '',
  groupid: 2,
  reg_time: '2026-11-01 10:00:00',
  last_login_time: '',
  is_sso: 0,
  is_disabled: 0,
  item_count: 0,
  file_count: 0,
  ...extra,
});

export const itemRow = (itemId: number, name: string, extra: Partial<AdminItemRow> = {}): AdminItemRow => ({
  item_id: itemId,
  item_name: name,
  item_description: '',
  item_domain: '',
  item_type: 1,
  uid: 7,
  username: 'alice',
  is_private: 0,
  is_archived: 0,
  is_del: 0,
  addtime: '2026-11-02 10:00:00',
  last_update_time: '2026-11-03 10:00:00',
  del_time: '',
  member_num: 0,
  page_count: 3,
  ...extra,
});

export const fileRow = (fileId: number, name: string, extra: Partial<AdminFileRow> = {}): AdminFileRow => ({
  file_id: fileId,
  uid: 7,
  file_type: 'application/pdf',
  visit_times: 0,
  file_size: 2048,
  file_size_m: 0,
  item_id: 0,
  page_id: 0,
  display_name: name,
  url: `/server/index.php?s=/api/attachment/visitFile&sign=${fileId}`,
  addtime: '2026-11-04 10:00:00',
  last_visit_time: '',
  username: 'alice',
  attachment_type: 2,
  page_count: 0,
  ...extra,
});

export const siteConfig: SiteConfig = {
  register_open: 1,
  home_page: '1',
  home_item: '',
  beian: '',
  history_version_count: 20,
  show_watermark: 0,
  force_login: 0,
  site_url: '',
  upload_max_mb: 4,
  upload_extensions: '',
  item_member_max: 0,
  create_sample: 1,
  strong_password_enabled: 0,
};

/** Root, an administrator, signed in, with answers for every panel; pass overrides per test. */
export function adminSite(overrides: Record<string, FakeHandler | unknown> = {}) {
  return installFakeApi(
    guestSite({
      'user/info': ok(adminMe),
      'message/getUnread': ok({ remind: [], announce: [], remind_count: 0 }),
      'adminUser/getList': ok({
        total: 3,
        users: [userRow(1, 'root', { groupid: 1, name: 'Root' }), userRow(7, 'alice', { name: 'Alice', item_count: 2, file_count: 3 }), userRow(9, 'bob')],
      }),
      'adminUser/loginLog': ok({ total: 0, list: [] }),
      'adminItem/getList': ok({ total: 0, items: [] }),
      'attachment/getAllList': ok({ total: 0, list: [], used_m: 0 }),
      'attachment/getUnusedList': ok({ total: 0, list: [], used_m: 0 }),
      'adminSetting/loadConfig': ok(siteConfig),
      'adminMessage/listAnnouncements': ok({ total: 0, list: [] }),
      'adminSetting/about': ok({
        version: '0.4.0',
        node_version: 'v20.19.0',
        database: 'sqlite',
        database_bytes: 3 * 1024 * 1024,
        storage: 'local',
        storage_location: './data/uploads',
        storage_bytes: 1024 * 1024,
        uptime_seconds: 90_061,
        users: 3,
        items: 4,
        pages: 12,
        docs_url: 'https://folio.example/docs',
      }),
      'adminUpdate/checkUpdate': ok({ version: '0.4.0', new_version: '', url: '', source_configured: 0, message: '' }),
      ...overrides,
    }),
  );
}

/**
 * The console on its route. The user skips user-event's pointer-events check: it walks every element's
 * computed style up the tree, which on antd's deep tables costs seconds a click in jsdom.
 */
export function renderAdmin(path = '/admin/index') {
  const utils = renderScreen(path, { '/admin/index': <AdminIndex /> });
  return { ...utils, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

export const params = (call: { params: URLSearchParams } | undefined) => Object.fromEntries(call?.params ?? []);
