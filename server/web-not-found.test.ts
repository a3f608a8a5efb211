import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.js';

/**
 * A browser that opens an address nothing answers (a page's relative link to `guide/install.md`, a typed
 * address) lands in the app, which shows its own not-found screen (web/routes/NotFound.tsx), instead of a
 * bare plain-text page. The status stays 404 and files outside the app are still never served.
 */

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('addresses nobody answers, with the built app', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Folio</title>');
    t = await startTestApp({ webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('open the app (status 404) when a browser navigates to them, whatever their name', async () => {
    for (const url of ['/guide/install.md', '/12/install.md#setup', '/no/such/thing/here.html', '/.env', '/Sqlite/showdoc.db.php']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: BROWSER } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe('<!doctype html><title>Folio</title>');
    }
  });

  it('stay a plain 404 for scripts, images and other clients, and the envelope under /api', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/gone-1234.js', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
    expect(script.headers['content-type']).toContain('text/plain');
    const curl = await t.app.inject({ method: 'GET', url: '/guide/install.md' });
    expect(curl.statusCode).toBe(404);
    expect(curl.body).toBe('Not found');
    const api = await t.app.inject({ method: 'GET', url: '/api/no/such', headers: { accept: BROWSER } });
    expect(api.json()).toMatchObject({ error_code: 10404 });
  });
});
