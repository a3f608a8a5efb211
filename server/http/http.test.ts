import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error.js';
import { defineRoute } from './route.js';
import { zId, zText } from './fields.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { registerUser, type TestUser } from '../test/factories.js';
import { THEME_BOOT_SCRIPT } from '../../common/theme-boot.js';

/** Test-only actions that show what the HTTP layer hands to a service. */
const echo = defineRoute({
  path: 'test/echo',
  input: z.object({ a: zText(10).optional(), n: zId.optional() }),
  auth: 'optional',
  get: 'read',
  handler: (ctx, input) => ({ input, uid: ctx.user?.uid ?? 0, files: ctx.files.map((f) => ({ field: f.field, name: f.filename, size: f.data.length })) }),
});
const boom = defineRoute({
  path: 'test/boom',
  input: z.object({}),
  auth: 'none',
  handler: () => {
    throw new Error('SELECT secret FROM /srv/folio/server/db.ts');
  },
});
const refuse = defineRoute({
  path: 'test/refuse',
  input: z.object({}),
  auth: 'none',
  handler: () => {
    throw new ApiError(10206);
  },
});
const whoAmIOnGet = defineRoute({
  path: 'test/safeGet',
  input: z.object({}),
  auth: 'optional',
  get: 'link',
  handler: (ctx) => ({ uid: ctx.user?.uid ?? 0 }),
});

describe('the HTTP layer', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await startTestApp({}, [echo, boom, refuse, whoAmIOnGet]);
    alice = await registerUser(t, { username: 'alice' });
  });
  afterAll(() => t.close());

  describe('routing', () => {
    it('answers every ShowDoc URL form', async () => {
      for (const url of ['/server/index.php?s=/api/common/version', '/server/?s=api/common/version', '/server/api/common/version', '/api/COMMON/Version']) {
        const res = await t.call('', {}, { url, method: 'GET' });
        expect(res.error_code, url).toBe(0);
        expect(res.data).toEqual({ version: expect.stringMatching(/^v\d/) });
      }
    });

    it('decides login after rewriting, whichever URL form carries the token', async () => {
      const res = await t.call('', {}, { url: `/server/index.php?s=/api/user/info&user_token=${alice.token}`, method: 'GET' });
      expect(res.error_code).toBe(0);
      expect(res.data).toMatchObject({ username: 'alice' });
    });

    it('answers an unknown action with HTTP 404 and the envelope', async () => {
      const res = await t.call('nothing/here');
      expect(res.response.statusCode).toBe(404);
      expect(res).toMatchObject({ error_code: 10404, error_message: expect.any(String) });
    });

    it('answers a path without an action with HTTP 400', async () => {
      const res = await t.call('', {}, { url: '/api/user' });
      expect(res.response.statusCode).toBe(400);
      expect(res.error_code).toBe(10400);
    });

    it('answers a business error with HTTP 200, error_code and error_message but no data', async () => {
      const res = await t.call('test/refuse');
      expect(res.response.statusCode).toBe(200);
      expect(res.response.json()).toEqual({ error_code: 10206, error_message: expect.any(String) });
    });

    it('sends error messages in Chinese when asked', async () => {
      const res = await t.call('test/refuse', {}, { headers: { 'accept-language': 'zh-CN' } });
      expect(res.error_message).toMatch(/验证码/);
    });
  });

  describe('parameters', () => {
    it('takes them from the query, a form, JSON or multipart', async () => {
      expect((await t.call('test/echo', { a: 'form' })).data).toMatchObject({ input: { a: 'form' } });
      expect((await t.call('test/echo', { a: 'json', n: 7 }, { json: true })).data).toMatchObject({ input: { a: 'json', n: 7 } });
      expect((await t.call('test/echo', { a: 'query' }, { method: 'GET' })).data).toMatchObject({ input: { a: 'query' } });

      const boundary = '----folio';
      const payload = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="a"',
        '',
        'multi',
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="笔记.txt"',
        'Content-Type: text/plain',
        '',
        'hello',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      expect(res.json().data).toMatchObject({ input: { a: 'multi' }, files: [{ field: 'file', name: '笔记.txt', size: 5 }] });
    });

    it('lets the body win over the query, and /key/value path pairs win over both', async () => {
      expect((await t.call('test/echo', { a: 'body' }, { url: '/api/test/echo?a=query' })).data).toMatchObject({ input: { a: 'body' } });
      expect((await t.call('test/echo', { a: 'body' }, { url: '/api/test/echo/a/path?a=query' })).data).toMatchObject({ input: { a: 'path' } });
    });

    it('refuses wrong types instead of coercing them', async () => {
      for (const n of [[1], { n: 1 }, '1e3', 'abc', -1, 0, 1.5, '99999999999999999999']) {
        const res = await t.call('test/echo', { n }, { json: true });
        expect(res.error_code, JSON.stringify(n)).toBe(10100);
        expect(res.error_message).toContain('n');
      }
      expect((await t.call('test/echo', { n: '42' })).data).toMatchObject({ input: { n: 42 } });
    });

    it('refuses overlong text', async () => {
      expect((await t.call('test/echo', { a: 'x'.repeat(11) })).error_code).toBe(10100);
    });

    it('F1 · answers a body over the limit with HTTP 413, before reading it', async () => {
      const res = await t.call('test/echo', { a: 'x'.repeat(1024 * 1024 + 10) });
      expect(res.response.statusCode).toBe(413);
      expect(res.error_code).toBe(10100);
    });

    it('refuses an upload of unknown size (chunked) before reading it: parts are held in memory', async () => {
      const boundary = 'folio-boundary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--${boundary}--\r\n`;
      const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      const chunked = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers, payload: Readable.from([Buffer.from(body)]) });
      expect(chunked.statusCode).toBe(411);
      expect(chunked.json()).toMatchObject({ error_code: 10100 });
      const sized = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers, payload: body });
      expect(sized.json()).toMatchObject({ error_code: 0, data: { input: { a: 'x' } } });
    });

    it('answers malformed JSON and unknown content types with the envelope', async () => {
      const bad = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error_code: 10100 });
      const odd = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'text/x-odd' }, payload: 'a=1' });
      expect(odd.statusCode).toBe(415);
      expect(odd.json()).toMatchObject({ error_code: 10100 });
    });
  });

  describe('who is calling', () => {
    it('accepts the token as X-API-Token, Bearer, user_token or the cookie', async () => {
      for (const via of ['header', 'bearer', 'param', 'cookie'] as const) {
        expect((await t.call('test/echo', {}, { token: alice.token, via })).data, via).toMatchObject({ uid: alice.uid });
      }
    });

    it('treats an unknown token as a guest on optional routes and as logged out on required ones', async () => {
      expect((await t.call('test/echo', {}, { token: 'f'.repeat(64) })).data).toMatchObject({ uid: 0 });
      expect((await t.call('user/info', {}, { token: 'f'.repeat(64) })).error_code).toBe(10102);
      expect((await t.call('user/info', {}, { token: "' or 1=1 --" })).error_code).toBe(10102);
    });

    it('I4 · ignores the login cookie on a cross-site POST', async () => {
      const headers = { origin: 'https://evil.example' };
      expect((await t.call('test/echo', {}, { token: alice.token, via: 'cookie', headers })).data).toMatchObject({ uid: 0 });
      const fetchSite = { 'sec-fetch-site': 'cross-site' };
      expect((await t.call('user/info', {}, { token: alice.token, via: 'cookie', headers: fetchSite })).error_code).toBe(10102);
      // A script's token is not sent by browsers on their own, so it needs no such check.
      expect((await t.call('test/echo', {}, { token: alice.token, via: 'header', headers })).data).toMatchObject({ uid: alice.uid });
    });

    it('accepts the cookie on a same-origin POST', async () => {
      const headers = { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' };
      expect((await t.call('test/echo', {}, { token: alice.token, via: 'cookie', headers })).data).toMatchObject({ uid: alice.uid });
    });

    it('ignores the login cookie on GET, except for actions that change nothing', async () => {
      expect((await t.call('user/info', {}, { token: alice.token, via: 'cookie', method: 'GET' })).error_code).toBe(10102);
      expect((await t.call('test/safeGet', {}, { token: alice.token, via: 'cookie', method: 'GET' })).data).toEqual({ uid: alice.uid });
      // Scripts may GET with a token, as they do against ShowDoc.
      expect((await t.call('user/info', {}, { token: alice.token, method: 'GET' })).error_code).toBe(0);
    });
  });

  describe('failures', () => {
    it('hide the error, stack and SQL in production', async () => {
      const res = await t.call('test/boom');
      expect(res.response.statusCode).toBe(500);
      expect(res.error_code).toBe(10500);
      expect(res.response.body).not.toMatch(/SELECT|\/srv|db\.ts|at /);
    });
  });

  describe('security headers', () => {
    it('I1 · are on every response', async () => {
      const res = await t.call('common/version');
      const h = res.response.headers;
      expect(h['content-security-policy']).toContain("script-src 'self'");
      // One inline script, the theme mark, by its hash; never inline scripts in general.
      const boot = crypto.createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
      expect(String(h['content-security-policy']).match(/script-src [^;]*/)?.[0]).toBe(`script-src 'self' 'sha256-${boot}'`);
      expect(h['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(h['content-security-policy']).not.toContain('unsafe-eval');
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['x-powered-by']).toBeUndefined();
    });
  });
});

describe('serving the browser app', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Folio</title>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await startTestApp({ webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves index.html for every app route', async () => {
    for (const url of ['/', '/item/index', '/user/login?redirect=/x', '/123', '/my-domain/45', '/page/edit/1/0']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Folio</title>');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('caches hashed assets for a year and index.html not at all', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const index = await t.app.inject({ method: 'GET', url: '/item/index' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('A8 · never serves data files or anything that is not the app', async () => {
    for (const url of ['/Sqlite/showdoc.db.php', '/data/folio.db', '/.env', '/package.json', '/server/main.ts', '/../package.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('sends ShowDoc-era /web/ links to the app, keeping their #/ route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/web/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });
});
