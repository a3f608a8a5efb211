import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { addCatalog, addMember, createItem, projectWithRoles, uniqueName, type ProjectWithRoles } from '../test/item-factories.js';
import { createPage, pageRow } from '../test/page-factories.js';
import { PNG, signOf, uploadTo } from '../test/upload-helpers.js';
import { allRoutes } from '../routes.js';
import { adminRoutes } from '../modules/admin/routes.js';

/**
 * The access-control cases of security.md §4 B that no module test proves on its own (the others carry
 * their id in their module's test titles; /work/notes/security-BCJ.md lists where each one lives).
 */

let t: TestApp;
let admin: TestUser;
let p: ProjectWithRoles;
let manager: TestUser;
let canary: string;
let page: { page_id: number; page_title: string };

beforeAll(async () => {
  t = await startTestApp();
  // The first account of a site is its administrator: make it first, so the project's people are ordinary users.
  admin = await registerUser(t);
  p = await projectWithRoles(t, { password: 'visit-pw-42' });
  manager = await registerUser(t);
  await addMember(t, p.item.item_id, manager, 2);
  canary = uniqueName('canary');
  page = await createPage(t, p.owner, p.item.item_id, { cat_id: p.open.cat_id, title: `Title ${canary}`, content: `Body ${canary}` });
});
afterAll(() => t?.close());

const as = (user: TestUser | undefined, path: string, params: Record<string, unknown> = {}) => t.call(path, params, user ? { token: user.token } : {});

describe('B · access control', () => {
  it('B1 · a private page read by a non-member is refused (10307) with no title, content or author in the answer', async () => {
    for (const user of [p.stranger, undefined]) {
      const res = await as(user, 'page/info', { page_id: page.page_id });
      expect(res.error_code).toBe(10307);
      expect(res.response.body).not.toContain(canary);
      expect(res.response.body).not.toContain(p.owner.username);
    }
  });

  it('B4 · page/save with a catalog of another project is refused, for a new page and for a move', async () => {
    const other = await createItem(t, p.stranger);
    const foreign = await addCatalog(t, other.item_id, 'foreign');
    const title = uniqueName('smuggled');
    const created = await as(p.editor, 'page/save', { item_id: p.item.item_id, page_id: 0, cat_id: foreign.cat_id, page_title: title, page_content: 'x' });
    expect(created.error_code).not.toBe(0);
    const moved = await as(p.editor, 'page/save', { item_id: p.item.item_id, page_id: page.page_id, cat_id: foreign.cat_id, page_title: page.page_title, page_content: 'moved' });
    expect(moved.error_code).not.toBe(0);
    expect(await t.database.db.selectFrom('page').select('page_id').where('page_title', '=', title).execute()).toEqual([]);
    expect((await pageRow(t, page.page_id)).cat_id).toBe(p.open.cat_id);
  });

  it('B7 · a read-only member may not save, delete, make catalogs or upload (10303), and nothing changes', async () => {
    const before = await pageRow(t, page.page_id);
    const attempts: [string, Record<string, unknown>][] = [
      ['page/save', { item_id: p.item.item_id, page_id: page.page_id, cat_id: p.open.cat_id, page_title: 'x', page_content: 'by the reader' }],
      ['page/save', { item_id: p.item.item_id, page_id: 0, cat_id: p.open.cat_id, page_title: 'new by the reader', page_content: 'x' }],
      ['page/delete', { item_id: p.item.item_id, page_id: page.page_id }],
      ['catalog/save', { item_id: p.item.item_id, cat_name: 'catalog by the reader' }],
    ];
    for (const [path, params] of attempts) expect((await as(p.reader, path, params)).error_code, path).toBe(10303);
    const upload = await uploadTo(t, 'page/upload', { item_id: p.item.item_id, page_id: page.page_id }, { filename: 'a.png', data: PNG, contentType: 'image/png' }, p.reader.token);
    expect(upload.body.error_code).toBe(10303);
    expect(await pageRow(t, page.page_id)).toEqual(before);
    expect(await t.database.db.selectFrom('catalog').select('cat_id').where('cat_name', '=', 'catalog by the reader').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('page').select('page_id').where('page_title', '=', 'new by the reader').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('upload_file').select('file_id').where('uid', '=', p.reader.uid).execute()).toEqual([]);
  });

  it('B8 · an editor may not manage members, change, delete or transfer the project, or reset its API key (10303)', async () => {
    const item = await t.database.db.selectFrom('item').selectAll().where('item_id', '=', p.item.item_id).executeTakeFirstOrThrow();
    const attempts: [string, Record<string, unknown>][] = [
      ['member/save', { item_id: p.item.item_id, username: p.stranger.username, member_group_id: 2 }],
      ['item/update', { item_id: p.item.item_id, item_name: 'renamed by the editor' }],
      ['item/delete', { item_id: p.item.item_id, password: p.editor.password }],
      ['item/attorn', { item_id: p.item.item_id, username: p.editor.username, password: p.editor.password }],
      ['item/resetKey', { item_id: p.item.item_id }],
    ];
    for (const [path, params] of attempts) expect((await as(p.editor, path, params)).error_code, path).toBe(10303);
    expect(await t.database.db.selectFrom('item').selectAll().where('item_id', '=', p.item.item_id).executeTakeFirstOrThrow()).toEqual(item);
    expect(await t.database.db.selectFrom('item_member').select('uid').where('item_id', '=', p.item.item_id).where('uid', '=', p.stranger.uid).execute()).toEqual([]);
  });

  it('B9 · a project manager (role 2) may not delete or transfer the project: owner only (10303)', async () => {
    for (const [path, params] of [
      ['item/attorn', { item_id: p.item.item_id, username: manager.username, password: manager.password }],
      ['item/delete', { item_id: p.item.item_id, password: manager.password }],
    ] as const) {
      expect((await as(manager, path, params)).error_code, path).toBe(10303);
    }
    const item = await t.database.db.selectFrom('item').select(['uid', 'is_del']).where('item_id', '=', p.item.item_id).executeTakeFirstOrThrow();
    expect(item).toEqual({ uid: p.owner.uid, is_del: 0 });
  });

  it('B11 · searching everywhere never finds pages of a project the caller may not visit (canary)', async () => {
    for (const user of [p.stranger, admin]) {
      const res = await as(user, 'item/search', { keyword: canary });
      expect(res.error_code).toBe(0);
      expect(res.response.body).not.toContain(canary);
    }
    // The same search finds it for a member, so the canary is searchable at all.
    expect((await as(p.reader, 'item/search', { keyword: canary })).response.body).toContain(canary);
  });

  it('B13 · attachment links are capabilities: a 256-bit sign, dead once the file is deleted', async () => {
    const up = await uploadTo(t, 'page/upload', { item_id: p.item.item_id, page_id: page.page_id }, { filename: 'plan.png', data: PNG, contentType: 'image/png' }, p.owner.token);
    const sign = signOf(up.body.url);
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.app.inject({ method: 'GET', url: String(up.body.url) })).statusCode).toBe(200);
    const row = await t.database.db.selectFrom('upload_file').select('file_id').where('sign', '=', sign).executeTakeFirstOrThrow();
    expect((await as(p.owner, 'page/deleteUploadFile', { file_id: row.file_id, page_id: page.page_id })).error_code).toBe(0);
    const after = await t.app.inject({ method: 'GET', url: String(up.body.url) });
    expect(after.statusCode).toBe(404);
    expect(after.rawPayload.includes(PNG)).toBe(false);
  });

  it('B17 · a deleted project is read by nobody, members and owner included, and another user cannot recover its pages', async () => {
    const item = await createItem(t, p.owner);
    await addMember(t, item.item_id, p.editor, 1);
    const secret = uniqueName('deleted-canary');
    const doomed = await createPage(t, p.owner, item.item_id, { content: secret });
    const trashed = await createPage(t, p.owner, item.item_id, { content: secret });
    expect((await as(p.owner, 'page/delete', { item_id: item.item_id, page_id: trashed.page_id })).error_code).toBe(0);
    expect((await as(p.stranger, 'recycle/recover', { item_id: item.item_id, page_id: trashed.page_id })).error_code).not.toBe(0);
    expect((await pageRow(t, trashed.page_id)).is_del).toBe(1);

    expect((await as(p.owner, 'item/delete', { item_id: item.item_id, password: p.owner.password })).error_code).toBe(0);
    for (const user of [p.owner, p.editor, p.stranger]) {
      for (const [path, params] of [
        ['page/info', { page_id: doomed.page_id }],
        ['item/info', { item_id: item.item_id }],
        ['page/history', { page_id: doomed.page_id }],
        ['recycle/getList', { item_id: item.item_id }],
      ] as const) {
        const res = await as(user, path, params);
        expect(res.error_code, `${user.username} ${path}`).not.toBe(0);
        expect(res.response.body).not.toContain(secret);
      }
      expect((await as(user, 'recycle/recover', { item_id: item.item_id, page_id: trashed.page_id })).error_code).not.toBe(0);
    }
    expect((await pageRow(t, trashed.page_id)).is_del).toBe(1);
  });

  it('B18 · every admin-console route refuses an ordinary user (10103) and a guest (10102)', async () => {
    // Input that passes each action's schema, so the answer is the admin gate's and not the input check's.
    const valid: Record<string, unknown> = {
      uid: p.stranger.uid, item_id: p.item.item_id, file_id: 1, file_ids: '1', id: 1, username: p.stranger.username,
      password: 'new password 1', new_password: 'new password 1', name: 'x', content: 'x', title: 'x', groupid: 2,
      is_disabled: 0, disabled: 0, create_user: 0, page: 1, count: 10, keyword: 'x',
    };
    expect(adminRoutes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      const asUser = (await as(p.owner, route.path, valid)).error_code;
      const asGuest = (await as(undefined, route.path, valid)).error_code;
      if (asUser !== 10103 || asGuest !== 10102) wrong.push(`${route.path}: user ${asUser}, guest ${asGuest}`);
    }
    expect(wrong).toEqual([]);
  });

  it('B20 · ShowDoc’s URL forms reach the same route with the same authorization, and ?s= cannot reroute /api/', async () => {
    const item = await createItem(t, p.owner);
    const forms = [
      '/server/index.php?s=/api/item/delete',
      '/server/?s=Api/Item/delete',
      `/server/api/item/delete/item_id/${item.item_id}`,
      '/api/item/delete',
    ];
    for (const url of forms) {
      expect((await t.call('', { item_id: item.item_id, password: 'x' }, { url })).error_code, `guest ${url}`).toBe(10102);
      expect((await t.call('', { item_id: item.item_id, password: p.stranger.password }, { url, token: p.stranger.token })).error_code, `stranger ${url}`).toBe(10303);
      expect((await t.call('', { item_id: item.item_id, password: p.editor.password }, { url, token: p.editor.token })).error_code, `editor ${url}`).toBe(10303);
    }
    // A route the caller may use, with ?s= naming another: the path decides, nothing is deleted.
    const rerouted = await t.call('', { item_id: item.item_id, password: p.stranger.password }, { url: '/api/item/info?s=/api/item/delete', token: p.stranger.token });
    expect(rerouted.error_code).toBe(0);
    const rerouted2 = await t.call('', { item_id: item.item_id, password: p.stranger.password }, { url: '/server/api/common/version?s=/api/item/delete', token: p.stranger.token });
    expect(rerouted2.error_code).toBe(0);
    expect((await t.database.db.selectFrom('item').select('is_del').where('item_id', '=', item.item_id).executeTakeFirstOrThrow()).is_del).toBe(0);
  });
});

/**
 * B19 · the route inventory. Every action that a caller without a login can reach is named here, with
 * the reason; everything else must refuse a guest with 10102. A new route fails this test until someone
 * decides which side it is on.
 */
const ANONYMOUS: Record<string, string> = {
  // the site's public face, captcha, login, registration and single sign-on
  'common/homePageSetting': 'home page', 'common/version': 'version', 'common/qrcode': 'QR code of a link',
  'common/createCaptcha': 'captcha', 'common/showCaptcha': 'captcha', 'user/registerByVerify': 'register',
  'user/register': 'register', 'user/loginByVerify': 'login', 'user/login': 'login', 'user/logout': 'ends a session if any',
  'extLogin/oauth2': 'single sign-on', 'user/oauthInfo': 'login screen', 'extLogin/bySecretKey': 'signed login link',
  'publicSquare/checkEnabled': 'feature flag', 'ScriptCron/run': 'always refused',
  // reads of public projects and pages: each checks item access itself (item/access.ts)
  'item/info': 'public projects', 'item/pwd': 'the password screen', 'catalog/catList': 'public menus',
  'catalog/catListGroup': 'public menus', 'catalog/catListName': 'public menus', 'page/info': 'public pages',
  'page/infoByKey': 'single-page share key', 'page/history': 'public pages', 'page/diff': 'public pages',
  'page/isLock': 'public pages', 'page/sqlToMarkdownTable': 'pure text conversion', 'page/uploadList': 'public pages',
  'sheet/exportXlsx': 'public spreadsheet', 'kanban/board': 'public board', 'whiteboard/data': 'public whiteboard',
  'agent/config': 'public project', 'item/getAiConfig': 'public project', 'item/getAiKnowledgeBaseConfig': 'public project',
  'mock/infoByPageId': 'mock of a readable page',
  // capabilities: the random key is the credential
  'attachment/visitFile': 'file sign', 'common/visitFile': 'file sign', 'mock/infoByKey': 'mock key', 'mock/infoByPath': 'mock key',
  // the open API: api_key + api_token instead of a login
  'item/updateByApi': 'api key', 'open/updateItem': 'api key', 'open/updatePage': 'api key', 'open/getPage': 'api key',
  'open/deletePage': 'api key', 'open/getCatalogTree': 'api key', 'open/createCatalog': 'api key', 'open/updateCatalog': 'api key',
  'open/deleteCatalog': 'api key', 'open/uploadAttachment': 'api key', 'open/deleteAttachment': 'api key',
  'open/fromComments': 'api key', 'fromComments/generate': 'api key', 'open/updateDbItem': 'api key',
};

describe('B19 · route inventory', () => {
  it('B19 · every route that serves guests is in the anonymous list, and every other route refuses a guest (10102)', async () => {
    const open = allRoutes.filter((r) => r.auth !== 'required').map((r) => r.path);
    expect(open.filter((path) => !(path in ANONYMOUS)).sort()).toEqual([]);
    // and the list names no route that has since started to demand a login
    expect(Object.keys(ANONYMOUS).filter((path) => !open.includes(path))).toEqual([]);
    for (const route of allRoutes.filter((r) => r.auth === 'required')) {
      const res = await as(undefined, route.path);
      expect(res.error_code, route.path).toBe(10102);
    }
  });
});
