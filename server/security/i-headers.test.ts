import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { createItem, enterVisitPassword } from '../test/item-factories.js';
import { PDF } from '../test/upload-helpers.js';

/**
 * The header, cookie, CORS and CSRF cases of the attack catalogue (docs/security.md, group I), on the
 * API and on the HTML of the browser app (a stand-in index.html, as server/http/http.test.ts uses).
 */

const REQUIRED_CSP = ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'", "form-action 'self'"];

function expectHardened(res: LightMyRequestResponse, what: string): void {
  const csp = String(res.headers['content-security-policy'] ?? '');
  for (const directive of REQUIRED_CSP) expect(csp, `${what}: ${directive}`).toContain(directive);
  expect(csp, what).not.toMatch(/unsafe-eval/);
  expect(csp.match(/script-src[^;]*/)?.[0], what).not.toMatch(/unsafe-inline|\*/);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

describe('I · headers, CSP, cookies, CORS, CSRF', () => {
  let t: TestApp;
  let webDir: string;
  let owner: TestUser;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Folio</title>');
    t = await startTestApp({ webDir });
    owner = await registerUser(t, { username: 'i_owner' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('I1 · every HTML page and API answer carries the CSP, nosniff and referrer policy, without X-Powered-By or HSTS over plain HTTP', async () => {
    for (const url of ['/', '/user/login', '/item/index', '/12/34', '/p/somekey', '/item/password/12']) {
      const res = await get(url);
      expect(res.headers['content-type'], url).toContain('text/html');
      expectHardened(res, url);
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    for (const res of [await t.call('common/version'), await t.call('nope/nothing')]) {
      expectHardened(res.response, res.response.raw.req.url ?? 'api');
    }
  });

  it('I1 · the token-login page, whose address holds a token until the app removes it, sends no Referer', async () => {
    const res = await get(`/user/loginByUserToken?user_token=${'a'.repeat(64)}&redirect_uri=/item/index`);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('I1 · HSTS is sent when the site is served over HTTPS', async () => {
    const secure = await startTestApp({ webDir, siteUrl: 'https://docs.example.com' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/item/index' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      await secure.close();
    }
  });

  it('I2 · the login and visit-password cookies are set by the server HttpOnly, SameSite=Lax and for the whole site', async () => {
    const login = await t.call('user/loginByVerify', { username: owner.username, password: owner.password, ...(await t.solveCaptcha()) });
    const item = await createItem(t, owner, { password: 'visit-pass' });
    const visit = await enterVisitPassword(t, item.item_id, 'visit-pass');
    for (const res of [login.response, visit.response]) {
      expect(res.cookies.length).toBeGreaterThan(0);
      for (const cookie of res.cookies) {
        expect(cookie, cookie.name).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      }
    }
  });

  it('I2 · the browser app never writes a cookie from script', () => {
    const writers: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(entry.name) && /document\.cookie\s*=/.test(fs.readFileSync(full, 'utf8'))) writers.push(full);
      }
    };
    walk(path.resolve(import.meta.dirname, '../../web'));
    expect(writers).toEqual([]);
  });

  it('I3 · no API answer grants another origin credentialed access, preflight included', async () => {
    const origin = 'https://evil.example';
    for (const [method, url] of [
      ['OPTIONS', '/api/user/info'],
      ['OPTIONS', '/api/item/delete'],
      ['POST', '/api/user/info'],
      ['GET', '/api/common/version'],
      ['POST', '/server/index.php?s=/api/item/myList'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin, cookie: `folio_token=${owner.token}`, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(res.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], `${method} ${url}`).toBeUndefined();
    }
  });

  it('I4 · a cross-site form posting to item/delete with the login cookie deletes nothing; a script with its token can', async () => {
    const item = await createItem(t, owner);
    const exists = async () => (await t.database.db.selectFrom('item').select('is_del').where('item_id', '=', item.item_id).executeTakeFirstOrThrow()).is_del === 0;
    const form = `item_id=${item.item_id}&password=${encodeURIComponent(owner.password)}`;
    for (const [contentType, headers] of [
      ['application/x-www-form-urlencoded', { origin: 'https://evil.example' }],
      ['text/plain', { origin: 'https://evil.example' }],
      ['application/x-www-form-urlencoded', { 'sec-fetch-site': 'cross-site' }],
      ['application/x-www-form-urlencoded', { origin: 'null' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/item/delete', headers: { 'content-type': contentType, cookie: `folio_token=${owner.token}`, ...headers }, payload: form });
      expect(res.statusCode, `${contentType} ${JSON.stringify(headers)}`).toBeLessThan(500);
      expect(await exists(), `${contentType} ${JSON.stringify(headers)}`).toBe(true);
    }
    // Bearer tokens are not sent by browsers on their own, so a script from anywhere may use one.
    const res = await t.call('item/delete', { item_id: item.item_id, password: owner.password }, { token: owner.token, via: 'bearer', headers: { origin: 'https://evil.example' } });
    expect(res.error_code).toBe(0);
    expect(await exists()).toBe(false);
  });

  it('I5 · without a trusted proxy, X-Forwarded-Host and X-Forwarded-Proto are ignored: file addresses stay relative, cookies follow the real scheme', async () => {
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '1.2.3.4' };
    const item = await createItem(t, owner);
    const boundary = 'folioBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="item_id"\r\n\r\n${item.item_id}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/page/upload',
      headers: { ...forged, 'x-api-token': owner.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const answer = upload.json<{ success: number; url: string }>();
    expect(answer.success).toBe(1);
    expect(answer.url).toMatch(/^\/server\/index\.php\?s=\/api\/attachment\/visitFile/);
    const home = await t.call('common/homePageSetting', {}, { url: '/api/common/homePageSetting', headers: forged });
    expect(JSON.stringify(home.data)).not.toContain('evil.example');
    const login = await t.call('user/loginByVerify', { username: owner.username, password: owner.password, ...(await t.solveCaptcha()) }, { headers: forged });
    expect(login.response.cookies.find((c) => c.name === 'folio_token')?.secure).toBeFalsy();
  });

  it('I5 · with TRUST_PROXY set to one proxy address, forwarded headers count only when they come from it', async () => {
    const proxied = await startTestApp({ trustProxy: '10.0.0.1' });
    try {
      const user = await registerUser(proxied, { username: 'proxied' });
      const login = async (remoteAddress: string) => {
        const res = await proxied.call('user/loginByVerify', { username: user.username, password: user.password, ...(await proxied.solveCaptcha()) }, { headers: { 'x-forwarded-proto': 'https' }, remoteAddress });
        expect(res.error_code).toBe(0);
        return res.response.cookies.find((c) => c.name === 'folio_token');
      };
      expect((await login('10.0.0.1'))?.secure).toBe(true);
      expect((await login('10.0.0.2'))?.secure).toBeFalsy();
    } finally {
      await proxied.close();
    }
  });

  it('I6 · the login, password, share and reader pages may not be framed by another site', async () => {
    for (const url of ['/user/login', '/item/password/12', '/p/somekey', '/12/34', '/user/loginByUserToken']) {
      const res = await get(url);
      expect(String(res.headers['content-security-policy']), url).toMatch(/frame-ancestors 'self'(;|$)/);
      expect(String(res.headers['x-frame-options'] ?? 'SAMEORIGIN').toUpperCase(), url).toMatch(/^(SAMEORIGIN|DENY)$/);
    }
  });
});
