import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { isBookkeepingTable } from '../db/bookkeeping-tables.js';
import { allRoutes } from '../routes.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { addCatalog, createItem, type TestItem } from '../test/item-factories.js';
import { createPage, type SavedPage } from '../test/page-factories.js';
import { LOGIN_COOKIE } from './auth.js';

/**
 * Issue 22 part 1: state changes only by POST, whatever the credential. Every action of the route table
 * that does not declare `get` answers GET and HEAD with 10405 / HTTP 405 and changes nothing, for a token
 * in the query as for the login cookie; the actions that do declare it still answer GET.
 */

const mutating = allRoutes.filter((r) => !r.get);
const readable = allRoutes.filter((r) => r.get);

let t: TestApp;
let admin: TestUser;
let item: TestItem;
let page: SavedPage;
let params: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'root_admin' });
  item = await createItem(t, admin);
  const catalog = await addCatalog(t, item.item_id, 'Guides');
  page = await createPage(t, admin, item.item_id, { cat_id: catalog.cat_id });
  const key = (await t.call('item/getKey', { item_id: item.item_id }, { token: admin.token })).data as { api_key: string; api_token: string };
  // Plausible arguments for any action, so a GET that got through would have something to act on.
  params = {
    item_id: String(item.item_id),
    page_id: String(page.page_id),
    cat_id: String(catalog.cat_id),
    uid: String(admin.uid),
    username: admin.username,
    password: admin.password,
    api_key: key.api_key,
    api_token: key.api_token,
    page_title: page.page_title,
    page_content: 'changed by a GET',
    cat_name: 'Guides',
    item_name: 'renamed by a GET',
    confirm: '1',
  };
});
afterAll(() => t.close());

function query(extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...params, ...extra }).toString();
}

function send(method: 'GET' | 'HEAD', path: string, credential: 'token' | 'cookie'): Promise<LightMyRequestResponse> {
  return credential === 'token'
    ? t.app.inject({ method, url: `/api/${path}?${query({ user_token: admin.token })}` })
    : t.app.inject({ method, url: `/api/${path}?${query()}`, headers: { cookie: `${LOGIN_COOKIE}=${admin.token}` } });
}

/**
 * Every row of every table of site data (not the bookkeeping ones, server/db/bookkeeping-tables.ts: on
 * PostgreSQL a rate-limited read counts itself), except when a token was last checked (reading with a token
 * may touch it): equal fingerprints mean no request changed anything stored.
 */

async function fingerprint(): Promise<string> {
  const hash = crypto.createHash('sha256');
  const tables = (await t.database.db.introspection.getTables()).filter((table) => !isBookkeepingTable(table.name));
  for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(t.database.db);
    const lines = rows.map((row) => JSON.stringify({ ...row, last_check_time: undefined })).sort();
    hash.update(`${table.name}:${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}

describe('GET and HEAD on an action that changes state', () => {
  it('the route table has both kinds, so the walks below walk something', () => {
    expect(mutating.length).toBeGreaterThan(50);
    expect(readable.length).toBeGreaterThan(20);
    expect(mutating.map((r) => r.path)).toEqual(expect.arrayContaining(['item/delete', 'page/save', 'user/logout', 'member/save', 'adminUser/deleteUser']));
  });

  it('answers 405 with the envelope and Allow: POST to every mutating action, with a token in the query or the cookie, and nothing changes', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const route of mutating) {
      for (const credential of ['token', 'cookie'] as const) {
        const get = await send('GET', route.path, credential);
        const body = get.headers['content-type']?.toString().includes('application/json') ? get.json<{ error_code: number; error_message: unknown }>() : null;
        if (get.statusCode !== 405 || body?.error_code !== 10405 || typeof body.error_message !== 'string' || get.headers.allow !== 'POST') {
          wrong.push(`GET ${route.path} (${credential}): ${get.statusCode} ${get.body.slice(0, 80)}`);
        }
        const head = await send('HEAD', route.path, credential);
        if (head.statusCode !== 405 || head.headers.allow !== 'POST') wrong.push(`HEAD ${route.path} (${credential}): ${head.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it('refuses on ShowDoc URL forms too, in the caller’s language', async () => {
    for (const url of [`/server/index.php?s=/api/page/delete&${query({ user_token: admin.token })}`, `/server/api/page/delete/page_id/${page.page_id}?user_token=${admin.token}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
      expect(res.statusCode, url).toBe(405);
      expect(res.json()).toEqual({ error_code: 10405, error_message: expect.stringContaining('POST') });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/page/delete?${query({ user_token: admin.token })}`, headers: { 'accept-language': 'en' } })).json()).toEqual({
      error_code: 10405,
      error_message: 'This action changes data and accepts only POST',
    });
  });
});

describe('the canary: GET /api/item/delete with a token in the URL', () => {
  it('no longer deletes the project; the same arguments by POST do', async () => {
    // An owner of their own, so the canary stands alone whatever the walks above did to the administrator.
    const owner = await registerUser(t);
    const doomed = await createItem(t, owner);
    const credentials = `item_id=${doomed.item_id}&password=${encodeURIComponent(owner.password)}&user_token=${owner.token}`;
    const url = `/api/item/delete?${credentials}`;
    const isDeleted = async () => (await t.database.db.selectFrom('item').select('is_del').where('item_id', '=', doomed.item_id).executeTakeFirstOrThrow()).is_del;

    const refused = await t.app.inject({ method: 'GET', url });
    expect(refused.statusCode).toBe(405);
    expect(refused.json()).toMatchObject({ error_code: 10405 });
    expect(Number(await isDeleted())).toBe(0);

    const compat = await t.app.inject({ method: 'GET', url: `/server/index.php?s=/api/item/delete&${credentials}` });
    expect(compat.statusCode).toBe(405);
    expect(Number(await isDeleted())).toBe(0);

    // The arguments were good: by POST they delete, so the refusals above were the method's doing.
    expect((await t.app.inject({ method: 'POST', url })).json()).toMatchObject({ error_code: 0 });
    expect(Number(await isDeleted())).toBe(1);
  });
});

describe('GET on a read-only action', () => {
  it('still answers every action that declares GET, by token, and the plain reads change nothing', async () => {
    const before = await fingerprint();
    const refused: string[] = [];
    for (const route of readable.filter((r) => r.get === 'read')) {
      const res = await send('GET', route.path, 'token');
      if (res.statusCode === 405) refused.push(route.path);
    }
    expect(refused).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it('still answers the links (images, downloads, exports, login links) by GET and HEAD, with the cookie', async () => {
    const refused: string[] = [];
    for (const route of readable.filter((r) => r.get === 'link')) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await send(method, route.path, 'cookie');
        if (res.statusCode === 405) refused.push(`${method} ${route.path}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('reads as ShowDoc’s scripts do: page/info by GET with the token in the query (transcript 44)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/server/index.php?s=/api/page/info&user_token=${admin.token}&page_id=${page.page_id}` });
    expect(res.json()).toMatchObject({ error_code: 0, data: { page_title: page.page_title } });
  });
});
