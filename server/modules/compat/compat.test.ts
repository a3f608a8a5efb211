import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { addMember, createItem, type TestItem } from '../../test/item-factories.js';
import { forgetCachedOptions } from '../common/options.js';

/**
 * ShowDoc features Folio does not have, answered as a ShowDoc site with them switched off
 * (showdoc-behaviour.md §6.1, §6.18, §11; transcripts 62, 65 and 70), so ShowDoc's clients keep quiet.
 */

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let publicItem: TestItem;
let privateItem: TestItem;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t); // the first account of a site is its administrator
  owner = await registerUser(t);
  reader = await registerUser(t);
  stranger = await registerUser(t);
  publicItem = await createItem(t, owner);
  privateItem = await createItem(t, owner, { password: 'visit secret 1' });
  await addMember(t, publicItem.item_id, reader, 0);
  await addMember(t, privateItem.item_id, reader, 0);
});
afterAll(() => t?.close());

const showdocUrl = (action: string) => `/server/index.php?s=/api/${action}`;

describe('publicSquare/checkEnabled', () => {
  it('answers that there is no public square, to guests and people logged in, exactly as ShowDoc', async () => {
    const guest = await t.call('', {}, { url: showdocUrl('publicSquare/checkEnabled') });
    expect(guest.response.statusCode).toBe(200);
    expect(guest.response.body).toBe('{"error_code":0,"data":{"enable":0}}');
    expect((await t.call('publicSquare/checkEnabled', {}, { token: owner.token })).data).toEqual({ enable: 0 });
  });

  it('leaves the square itself unanswered (404): the client asks for it only when checkEnabled says 1', async () => {
    const res = await t.call('publicSquare/getPublicItems', {}, { token: owner.token });
    expect(res.response.statusCode).toBe(404);
    expect(res.error_code).toBe(10404);
  });
});

describe('agent/config', () => {
  const config = (item: TestItem | number, user?: TestUser, extra: Record<string, unknown> = {}) =>
    t.call('agent/config', { item_id: typeof item === 'number' ? item : item.item_id, ...extra }, user ? { token: user.token } : {});

  it('answers the assistant off with the keys and JSON types of transcript 65, true to the caller', async () => {
    const res = await config(publicItem, owner);
    expect(res.error_code).toBe(0);
    expect(res.response.body).toBe(
      '{"error_code":0,"data":{"enabled":false,"welcome_message":"","can_edit":true,"item_type":"regular","is_guest":false,"dialog_collapsed":1}}',
    );
  });

  it('says can_edit false to a read-only member and is_guest true to a guest of a public project', async () => {
    expect((await config(publicItem, reader)).data).toMatchObject({ can_edit: false, is_guest: false });
    expect((await config(publicItem)).data).toMatchObject({ enabled: false, can_edit: false, is_guest: true });
    // A token that is no session is a guest, as on every optional-login action.
    expect((await config(publicItem, { ...owner, token: 'f'.repeat(64) })).data).toMatchObject({ is_guest: true, can_edit: false });
  });

  it('names the project type as ShowDoc does', async () => {
    const single = await createItem(t, owner, { item_type: 2 });
    const sheet = await createItem(t, owner, { item_type: 4 });
    expect((await config(single, owner)).data).toMatchObject({ item_type: 'single_page' });
    expect((await config(sheet, owner)).data).toMatchObject({ item_type: 'table' });
  });

  it('does not tell strangers or guests anything about a private project (10307)', async () => {
    for (const user of [stranger, undefined]) {
      const res = await config(privateItem, user);
      expect(res.error_code, user?.username ?? 'guest').toBe(10307);
      expect(res.data).toBeUndefined();
      expect(res.response.body).not.toContain('item_type');
    }
    expect((await config(privateItem, reader)).data).toMatchObject({ can_edit: false, is_guest: false });
    expect((await config(privateItem, admin)).data).toMatchObject({ can_edit: true });
  });

  it('answers a guest holding the visit password', async () => {
    const res = await t.call('agent/config', {}, { url: `/api/agent/config?item_id=${privateItem.item_id}&_item_pwd=${encodeURIComponent('visit secret 1')}` });
    expect(res.data).toMatchObject({ is_guest: true, can_edit: false });
  });

  it('says can_edit false on an archived project, even to its owner', async () => {
    const archived = await createItem(t, owner);
    await t.database.db.updateTable('item').set({ is_archived: 1 }).where('item_id', '=', archived.item_id).execute();
    expect((await config(archived, owner)).data).toMatchObject({ can_edit: false });
  });

  it('answers 10101 for a project that does not exist or was deleted', async () => {
    const deleted = await createItem(t, owner);
    await t.database.db.updateTable('item').set({ is_del: 1 }).where('item_id', '=', deleted.item_id).execute();
    expect((await config(deleted, owner)).error_code).toBe(10101);
    expect((await config(987654321, owner)).error_code).toBe(10101);
  });

  it('asks guests to log in when the site forces login (10312)', async () => {
    await t.database.db.insertInto('options').values({ option_name: 'force_login', option_value: '1' }).execute();
    forgetCachedOptions(t.database.db);
    try {
      expect((await config(publicItem)).error_code).toBe(10312);
      expect((await config(publicItem, owner)).error_code).toBe(0);
    } finally {
      await t.database.db.deleteFrom('options').where('option_name', '=', 'force_login').execute();
      forgetCachedOptions(t.database.db);
    }
  });

  it('needs a project id (10100)', async () => {
    expect((await t.call('agent/config', {}, { token: owner.token })).error_code).toBe(10100);
    for (const item_id of ['', '0', 'abc', '-3', '1.5']) {
      expect((await t.call('agent/config', { item_id }, { token: owner.token })).error_code, item_id).toBe(10100);
    }
    expect((await t.call('agent/config', { item_id: [publicItem.item_id] }, { token: owner.token, json: true })).error_code).toBe(10100);
  });
});

describe('item/getAiConfig and item/getAiKnowledgeBaseConfig', () => {
  const AI_OFF = { enabled: 0, dialog_collapsed: 1, guest_enabled: 0, welcome_message: '', system_prompt: '' };

  it('answer ShowDoc’s ai_config with the assistant off to whoever may read the project', async () => {
    for (const path of ['item/getAiConfig', 'item/getAiKnowledgeBaseConfig']) {
      expect((await t.call(path, { item_id: publicItem.item_id }, { token: owner.token })).data, path).toEqual(AI_OFF);
      expect((await t.call(path, { item_id: publicItem.item_id })).data, `${path} guest`).toEqual(AI_OFF);
      expect((await t.call(path, { item_id: privateItem.item_id }, { token: reader.token })).data, `${path} reader`).toEqual(AI_OFF);
    }
  });

  it('refuse strangers and guests of a private project (10307), and unknown projects (10101)', async () => {
    expect((await t.call('item/getAiConfig', { item_id: privateItem.item_id }, { token: stranger.token })).error_code).toBe(10307);
    expect((await t.call('item/getAiConfig', { item_id: privateItem.item_id })).error_code).toBe(10307);
    expect((await t.call('item/getAiConfig', { item_id: 987654321 }, { token: owner.token })).error_code).toBe(10101);
  });

  it('need a project id (10100)', async () => {
    expect((await t.call('item/getAiConfig', {}, { token: owner.token })).error_code).toBe(10100);
    expect((await t.call('item/getAiConfig', { item_id: 'x' }, { token: owner.token })).error_code).toBe(10100);
  });
});

describe('user/getPushUrl and user/savePushUrl', () => {
  it('answers an empty push URL, and accepts a new one without keeping it', async () => {
    expect((await t.call('user/getPushUrl', {}, { token: owner.token })).data).toEqual({ push_url: '' });
    const saved = await t.call('user/savePushUrl', { push_url: 'https://hooks.example/abc' }, { token: owner.token });
    expect(saved.error_code).toBe(0);
    expect(saved.data).toEqual([]);
    expect((await t.call('user/getPushUrl', {}, { token: owner.token })).data).toEqual({ push_url: '' });
    expect((await t.call('user/savePushUrl', {}, { token: owner.token })).data).toEqual([]);
  });

  it('needs a login (10102)', async () => {
    expect((await t.call('user/getPushUrl')).error_code).toBe(10102);
    expect((await t.call('user/savePushUrl', { push_url: 'https://hooks.example/abc' })).error_code).toBe(10102);
  });

  it('refuses a push URL that is not text or longer than 2000 characters (10100)', async () => {
    expect((await t.call('user/savePushUrl', { push_url: 'x'.repeat(2001) }, { token: owner.token })).error_code).toBe(10100);
    expect((await t.call('user/savePushUrl', { push_url: ['a'] }, { token: owner.token, json: true })).error_code).toBe(10100);
  });
});

describe('ScriptCron/run', () => {
  const FORBIDDEN = '{"error_code":10403,"error_message":"Forbidden"}';

  it('answers HTTP 403 with code 10403, as ShowDoc without its cron token (transcript 70)', async () => {
    const res = await t.app.inject({ method: 'GET', url: showdocUrl('ScriptCron/run') });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toBe(FORBIDDEN);
  });

  it('runs nothing for any token, header or caller: Folio’s jobs run inside the server', async () => {
    const withHeader = await t.app.inject({ method: 'POST', url: '/api/ScriptCron/run', headers: { 'x-cron-token': 'a'.repeat(64) } });
    expect(withHeader.statusCode).toBe(403);
    expect(withHeader.body).toBe(FORBIDDEN);
    const asAdmin = await t.call('scriptCron/run', {}, { token: admin.token, headers: { 'accept-language': 'zh-CN' } });
    expect(asAdmin.response.statusCode).toBe(403);
    expect(asAdmin.response.body).toBe(FORBIDDEN);
  });
});

describe('update/checkDb', () => {
  it('is the administrator’s (ShowDoc left it open): migrations already ran at start, so nothing is applied', async () => {
    const res = await t.call('', {}, { url: showdocUrl('update/checkDb') });
    expect(res.response.statusCode).toBe(200);
    expect(res.error_code).toBe(10102);
    expect((await t.call('update/checkDb', {}, { token: admin.token })).data).toEqual({ applied: [], pending: 0 });
  });

  it('leaves ShowDoc’s in-place code update unanswered (404)', async () => {
    expect((await t.call('update/dockerUpdateCode', {}, { token: admin.token })).error_code).toBe(10404);
  });
});
