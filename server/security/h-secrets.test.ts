import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { addPage, projectWithRoles, type ProjectWithRoles } from '../test/item-factories.js';
import { openCall, openProject, type OpenProject } from '../test/open-helpers.js';
import { PDF, signOf, uploadTo } from '../test/upload-helpers.js';
import { newToken } from '../modules/user/tokens.js';

/**
 * Security catalogue group H (security.md §4): secrets are random, compared in constant time, stored so a
 * copied database opens nothing, and never answered to someone who should not see them. H4 (logs) is
 * server/http/log.test.ts; H6 (secret-key reset) is server/modules/extLogin/secret-key-login.test.ts.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every .ts file under a folder of the repository, tests and test helpers left out. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'node_modules') out.push(...sourceFiles(rel));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.fault\.ts$/.test(entry.name)) {
      out.push(rel);
    }
  }
  return out;
}

let t: TestApp;
let admin: TestUser;
let project: ProjectWithRoles;
let open: OpenProject;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
  project = await projectWithRoles(t, { password: 'visit secret 77' });
  open = await openProject(t, project.owner);
});
afterAll(() => t?.close());

describe('H · secrets and tokens', () => {
  it('H1 · secrets come from crypto: no Math.random in server or common code; 10⁵ user tokens are 256-bit hex, all different; the other keys are 128-bit hex', async () => {
    const files = [...sourceFiles('server'), ...sourceFiles('common')];
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) => /Math\.random\s*\(/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);

    const tokens = new Set<string>();
    for (let i = 0; i < 100_000; i++) tokens.add(newToken());
    expect(tokens.size).toBe(100_000);
    for (const token of [...tokens].slice(0, 1000)) expect(token).toMatch(/^[0-9a-f]{64}$/);

    // The keys the API hands out: open-API pair, share link, login secret key, attachment sign.
    const page = await addPage(t, project.item.item_id, { title: 'shared' });
    const share = await t.call('page/createSinglePage', { page_id: page.page_id, isCreateSiglePage: 1 }, { token: project.owner.token });
    const shareKey = String((share.data as { unique_key?: string }).unique_key ?? '');
    const secretKey = await t.call('adminSetting/getLoginSecretKey', {}, { token: admin.token });
    const upload = await uploadTo(t, 'page/upload', { item_id: project.item.item_id, page_id: page.page_id }, { filename: 'spec.pdf', data: PDF }, project.owner.token);
    const keys = {
      api_key: open.key.api_key,
      api_token: open.key.api_token,
      share: shareKey,
      login_secret_key: (secretKey.data as { login_secret_key: string }).login_secret_key,
    };
    for (const [name, key] of Object.entries(keys)) expect(key, name).toMatch(/^[0-9a-f]{32}$/);
    expect(signOf(upload.body.url ?? (upload.body.data as { url?: string } | undefined)?.url)).toMatch(/^[0-9a-f]{32,}$/);
  });

  it('H2 · the open-API token is compared with timingSafeEqual over two SHA-256 digests of equal length, whatever length was sent', async () => {
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    try {
      for (const wrong of ['x', open.key.api_token.slice(0, 31), `${open.key.api_token}00`]) {
        spy.mockClear();
        const res = await openCall(t, 'open/updatePage', { ...open.key, api_token: wrong }, { page_title: 'never' }, { remoteAddress: '10.55.0.1' });
        expect(res.error_code).toBe(10306);
        expect(spy).toHaveBeenCalled();
        for (const [a, b] of spy.mock.calls) {
          expect(Buffer.byteLength(a as Buffer)).toBe(32);
          expect(Buffer.byteLength(b as Buffer)).toBe(32);
        }
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('H3 · a copy of the database opens nothing: the stored open-API token and stored login tokens do not authenticate', async () => {
    const stored = await t.database.db.selectFrom('item_token').select(['api_key', 'api_token']).where('item_id', '=', open.item.item_id).executeTakeFirstOrThrow();
    expect(stored.api_token).not.toContain(open.key.api_token);
    const withStored = await openCall(t, 'open/updatePage', { api_key: stored.api_key, api_token: stored.api_token }, { page_title: 'from a dump' }, { remoteAddress: '10.55.0.2' });
    expect(withStored.error_code).not.toBe(0);
    const hashes = await t.database.db.selectFrom('user_token').select('token').where('uid', '=', project.owner.uid).execute();
    expect(hashes.length).toBeGreaterThan(0);
    for (const { token } of hashes) {
      expect(token).not.toBe(project.owner.token);
      expect((await t.call('user/info', {}, { token })).error_code).toBe(10102);
    }
  });

  it('H5 · a member sees no password hash, salt, token hash, visit password, other people’s e-mail or the login secret key', async () => {
    await t.database.db.updateTable('user').set({ email: 'editor.private@example.com' }).where('uid', '=', project.editor.uid).execute();
    const secretKey = await t.call('adminSetting/getLoginSecretKey', {}, { token: admin.token });
    const forbidden = ['editor.private@example.com', 'visit secret 77', (secretKey.data as { login_secret_key: string }).login_secret_key];
    for (const row of await t.database.db.selectFrom('user').select(['password', 'salt']).execute()) forbidden.push(row.password, row.salt ?? '');
    for (const row of await t.database.db.selectFrom('user_token').select('token').execute()) forbidden.push(row.token);
    for (const row of await t.database.db.selectFrom('item').select('password').execute()) forbidden.push(row.password ?? '');
    const reader = project.reader;
    const item_id = project.item.item_id;
    const calls: [string, Record<string, unknown>][] = [
      ['user/info', {}],
      ['user/allUser', { username: 'user' }],
      ['item/info', { item_id }],
      ['item/myList', {}],
      ['member/getList', { item_id }],
      ['member/getMyAllList', {}],
      ['adminSetting/getLoginSecretKey', {}],
    ];
    for (const [action, params] of calls) {
      const res = await t.call(action, params, { token: reader.token });
      for (const secret of forbidden.filter((s) => s.length >= 6)) expect(res.response.body, `${action} leaks ${secret}`).not.toContain(secret);
    }
    expect((await t.call('adminSetting/getLoginSecretKey', {}, { token: reader.token })).error_code).toBe(10103);
  });
});
