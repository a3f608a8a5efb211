import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.js';

/**
 * ShowDoc's app lived at /web/ (its entry page /web/index.html, transcript 74) with a hash router, so
 * old bookmarks read /web/#/12/34 or /web/index.html#/12/34. Folio's app lives at /: /web and /web/
 * redirect there (the browser carries the fragment over), /web/index.html is the app itself when it
 * is built (200 text/html, as ShowDoc), and the app (web/legacy-hash.ts, tested there) shows `#/12/34`
 * at the path /12/34.
 */

/**
 * What a browser does with a redirect (Fetch standard, "HTTP-redirect fetch"): the Location is resolved
 * against the current URL, and when it has no fragment of its own, the current fragment is kept.
 */
function followInBrowser(current: string, location: string): URL {
  const next = new URL(location, current);
  if (!next.hash) next.hash = new URL(current).hash;
  return next;
}

async function expectRedirectHome(t: TestApp, url: string) {
  for (const method of ['GET', 'HEAD'] as const) {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode, `${method} ${url}`).toBe(302);
    expect(res.headers.location, `${method} ${url}`).toBe('/');
  }
}

describe('ShowDoc-era /web addresses without the built app (webDir: null, as in tests)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('redirect to / instead of answering 404', async () => {
    for (const url of ['/web', '/web/', '/web/index.html', '/web/index.html?lang=en']) await expectRedirectHome(t, url);
  });

  it('keep the #/item/page route of an old bookmark across the redirect', async () => {
    for (const bookmark of ['http://docs.example/web/#/12/34', 'http://docs.example/web/index.html#/12/34']) {
      const res = await t.app.inject({ method: 'GET', url: new URL(bookmark).pathname });
      const landed = followInBrowser(bookmark, String(res.headers.location));
      expect(landed.pathname + landed.hash, bookmark).toBe('/#/12/34');
    }
  });
});

describe('ShowDoc-era /web addresses with the built app', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Folio</title>');
    t = await startTestApp({ webDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('answer /web/index.html with the app, 200 text/html as ShowDoc (transcript 74)', async () => {
    for (const url of ['/web/index.html', '/web/index.html?lang=en']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<title>Folio</title>');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/web/index.html' })).statusCode).toBe(200);
  });

  it('redirect /web and /web/ to /, where the app is, and serve the page path the app moves to', async () => {
    await expectRedirectHome(t, '/web');
    await expectRedirectHome(t, '/web/');
    const landed = followInBrowser('http://docs.example/web/#/12/34', '/');
    expect(landed.pathname + landed.hash).toBe('/#/12/34');
    for (const url of ['/', '/12/34']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Folio</title>');
    }
  });

  it('leave other files under /web unserved', async () => {
    for (const url of ['/web/static/js/app.js', '/web/index.php', '/web/../package.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
