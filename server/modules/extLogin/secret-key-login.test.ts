import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import * as secretModule from '../../secret.js';
import { LINK_WINDOW_SECONDS } from './secret-key-login.js';

/**
 * The login secret key (issue 20 part 3; showdoc-behaviour.md §6.14, security.md §2e, A14, A15, H6):
 * ShowDoc's link format, but single use, a time window both ways, a constant-time compare, accounts made
 * only when the admin allows it, and a redirect only to Folio's own paths.
 */

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await registerUser(t, { username: 'site_admin' });
  member = await registerUser(t, { username: 'alice' });
});
afterAll(() => t?.close());

const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

async function currentKey(): Promise<string> {
  const res = await t.call('adminSetting/getLoginSecretKey', {}, { token: admin.token });
  expect(res.error_code).toBe(0);
  return (res.data as { login_secret_key: string }).login_secret_key;
}

async function link(username: string, options: { time?: number; key?: string; redirect?: string; name?: string } = {}) {
  const time = String(options.time ?? t.clock.now());
  const key = options.key ?? (await currentKey());
  return { username, time, token: md5(username + key + time), ...(options.redirect ? { redirect: options.redirect } : {}), ...(options.name ? { name: options.name } : {}) };
}

// Each test comes from an address of its own, so the throttle of one does not leak into the next.
let address = 0;
const visit = (params: Record<string, unknown>, url?: string) =>
  t.call('extLogin/bySecretKey', params, { method: 'GET', remoteAddress: `10.9.${address >> 8}.${address & 255}`, ...(url ? { url } : {}) });
beforeEach(() => {
  address += 1;
});

describe('the admin settings', () => {
  it('H6 · are for administrators only', async () => {
    for (const path of ['adminSetting/getLoginSecretKey', 'adminSetting/resetLoginSecretKey', 'adminSetting/saveLoginSecretKeySettings']) {
      expect((await t.call(path, { create_user: 1 })).error_code).toBe(10102);
      expect((await t.call(path, { create_user: 1 }, { token: member.token })).error_code).toBe(10103);
    }
  });

  it('make a 128-bit key on first read and keep it', async () => {
    const key = await currentKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await currentKey()).toBe(key);
  });

  it('H6 · reset gives a new key and the old links stop working at once', async () => {
    const old = await currentKey();
    const oldLink = await link('alice', { key: old });
    const res = await t.call('adminSetting/resetLoginSecretKey', {}, { token: admin.token });
    const fresh = (res.data as { login_secret_key: string }).login_secret_key;
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(old);
    expect((await visit(oldLink)).error_code).toBe(10101);
  });

  it('refuses a bad flag', async () => {
    expect((await t.call('adminSetting/saveLoginSecretKeySettings', { create_user: { a: 1 } }, { token: admin.token, json: true })).error_code).toBe(10100);
  });
});

describe('a signed link', () => {
  it('logs in once: cookie set, then sent to the path asked for', async () => {
    const res = await visit(await link('alice', { redirect: '/item/index' }));
    expect(res.response.statusCode).toBe(302);
    expect(res.response.headers.location).toBe('/item/index');
    const cookie = String(res.response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    const token = /folio_token=([0-9a-f]+)/.exec(cookie)?.[1] ?? '';
    const me = await t.call('user/info', {}, { token });
    expect((me.data as { username: string }).username).toBe('alice');
  });

  it('A15 · is refused the second time', async () => {
    const l = await link('alice', { time: t.clock.now() - 5 });
    expect((await visit(l)).response.statusCode).toBe(302);
    const again = await visit(l);
    expect(again.error_code).toBe(10101);
    expect(again.response.headers['set-cookie']).toBeUndefined();
  });

  it('works on ShowDoc URL forms too', async () => {
    const l = await link('alice', { time: t.clock.now() - 7 });
    const qs = new URLSearchParams(l).toString();
    const res = await t.app.inject({ method: 'GET', url: `/server/index.php?s=/api/extLogin/bySecretKey&${qs}`, remoteAddress: '10.8.0.1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/item/index');
  });

  it('A14 · is refused when older or newer than the window', async () => {
    expect((await visit(await link('alice', { time: t.clock.now() - LINK_WINDOW_SECONDS - 1 }))).error_code).toBe(10101);
    // ShowDoc let a future-dated link work forever (A14).
    expect((await visit(await link('alice', { time: t.clock.now() + 10 * 365 * 86400 }))).error_code).toBe(10101);
    expect((await visit(await link('alice', { time: t.clock.now() + LINK_WINDOW_SECONDS + 1 }))).error_code).toBe(10101);
    expect((await visit(await link('alice', { time: t.clock.now() - LINK_WINDOW_SECONDS + 1 }))).response.statusCode).toBe(302);
  });

  it('A16 · is refused with a wrong signature, compared in constant time', async () => {
    const spy = vi.spyOn(secretModule, 'secretsEqual');
    const l = await link('alice', { time: t.clock.now() - 11 });
    const res = await visit({ ...l, token: l.token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) });
    expect(res.error_code).toBe(10101);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    expect((await visit({ ...l, token: 'x'.repeat(65) })).error_code).toBe(10100);
    expect((await visit({ ...l, time: 'soon' })).error_code).toBe(10101);
  });

  it('A16 · never opens an administrator account', async () => {
    expect((await visit(await link('site_admin', { time: t.clock.now() - 12 }))).error_code).toBe(10103);
  });

  it('creates an unknown user only when the admin allows it', async () => {
    expect((await visit(await link('newcomer', { time: t.clock.now() - 13 }))).error_code).toBe(10209);
    expect(await t.database.db.selectFrom('user').select('uid').where('username_key', '=', 'newcomer').executeTakeFirst()).toBeUndefined();

    await t.call('adminSetting/saveLoginSecretKeySettings', { create_user: 1 }, { token: admin.token });
    const res = await visit(await link('newcomer', { time: t.clock.now() - 14, name: '新人' }));
    expect(res.response.statusCode).toBe(302);
    const row = await t.database.db.selectFrom('user').selectAll().where('username_key', '=', 'newcomer').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ groupid: 2, is_sso: 1, name: '新人' });
    await t.call('adminSetting/saveLoginSecretKeySettings', { create_user: 0 }, { token: admin.token });
  });

  it('A17 · sends nobody to another site', async () => {
    for (const [i, target] of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/../admin'].entries()) {
      const res = await visit(await link('alice', { time: t.clock.now() - 20 - i, redirect: target }));
      expect(res.response.statusCode).toBe(302);
      expect(res.response.headers.location).toBe('/item/index');
    }
  });

  it('takes unicode names and refuses huge input', async () => {
    expect((await visit(await link('alice', { time: t.clock.now() - 30, name: '爱丽丝 🚀' }))).response.statusCode).toBe(302);
    expect((await visit({ username: 'a'.repeat(5000), time: '1', token: 'x' })).error_code).toBe(10100);
  });

  it('is throttled after repeated bad signatures', async () => {
    const l = await link('alice', { time: t.clock.now() - 40 });
    const codes: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      codes.push((await t.call('extLogin/bySecretKey', { ...l, token: '0'.repeat(32) }, { method: 'GET', remoteAddress: '10.77.0.1' })).error_code);
    }
    expect(codes.slice(0, 5).every((c) => c === 10101)).toBe(true);
    expect(codes.at(-1)).toBe(10204);
  });
});

describe('a link followed in a browser', () => {
  it('lands on the login screen with the reason when it is refused', async () => {
    const bad = { ...(await link('someone')), token: 'f'.repeat(32) };
    const query = new URLSearchParams(bad).toString();
    const res = await t.app.inject({ method: 'GET', url: `/api/extLogin/bySecretKey?${query}`, headers: { accept: 'text/html' }, remoteAddress: '10.8.0.1' });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toMatch(/^\/user\/login\?sso_error=[\w.:]+$/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

