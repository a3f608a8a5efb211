import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

/**
 * Which headers each kind of answer of the built app ends with, by name. A document (index.html, an SVG,
 * the app's own routes and its not-found page) carries the full security set; a script, a style or an image
 * only what still applies to it: nosniff, the resource policy and HSTS.
 */

const DOCUMENT_SET = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const ASSET_SET = ['cross-origin-resource-policy', 'strict-transport-security', 'x-content-type-options'];

const FILE_HEADERS = ['accept-ranges', 'cache-control', 'connection', 'content-length', 'content-type', 'date', 'etag', 'last-modified'];

const script = `export const words = ${JSON.stringify('folio reads pages '.repeat(400))};\n`;
const indexHtml = `<!doctype html><html><head><title>Folio</title></head><body>${'<p>app</p>'.repeat(200)}</body></html>`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>`;

function writeWithVariants(file: string, text: string): void {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

const sorted = (names: readonly string[]): string[] => [...names].sort();

describe("security headers of the built app's files", () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    writeWithVariants(path.join(webDir, 'index.html'), indexHtml);
    writeWithVariants(path.join(webDir, 'assets', 'reader-AbC123.js'), script);
    writeWithVariants(path.join(webDir, 'assets', 'style-AbC123.css'), `body{color:red}\n${'.a{margin:0}'.repeat(200)}`);
    fs.writeFileSync(path.join(webDir, 'assets', 'logo-XyZ.png'), Buffer.alloc(3000, 7));
    fs.writeFileSync(path.join(webDir, 'favicon.svg'), svg);
    fs.writeFileSync(path.join(webDir, 'assets', 'logo-Q1w2.svg'), svg);
    // A directory with a dot in its name looks like a file by its address, but answers with its index.html.
    fs.mkdirSync(path.join(webDir, 'guide.v2'));
    fs.writeFileSync(path.join(webDir, 'guide.v2', 'index.html'), indexHtml);
    // https: the answers carry HSTS too, so both sets are pinned whole.
    t = await startTestApp({ webDir, siteUrl: 'https://docs.example.com' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });
  const names = (headers: Record<string, unknown>): string[] => Object.keys(headers).sort();

  it('a script, a stylesheet and an image: the file headers and the asset set, nothing else', async () => {
    const cases: [string, Record<string, string>, 'GET' | 'HEAD', string[]][] = [
      ['/assets/reader-AbC123.js', { 'accept-encoding': 'br' }, 'GET', ['content-encoding', 'vary']],
      ['/assets/reader-AbC123.js', {}, 'GET', ['vary']],
      ['/assets/reader-AbC123.js', { 'accept-encoding': 'gzip' }, 'HEAD', ['content-encoding', 'vary']],
      ['/assets/style-AbC123.css', { 'accept-encoding': 'gzip, br' }, 'GET', ['content-encoding', 'vary']],
      ['/assets/logo-XyZ.png', { 'accept-encoding': 'br' }, 'GET', ['vary']],
      ['/assets/reader-AbC123.js.br', {}, 'GET', ['vary']],
    ];
    for (const [url, headers, method, extra] of cases) {
      const res = await get(url, headers, method);
      expect(res.statusCode, url).toBe(200);
      expect(names(res.headers), `${method} ${url}`).toEqual(sorted([...FILE_HEADERS, ...extra, ...ASSET_SET]));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    }
  });

  it('a revalidated script (304) keeps the asset set only', async () => {
    const first = await get('/assets/reader-AbC123.js', { 'accept-encoding': 'br' });
    const res = await get('/assets/reader-AbC123.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(res.statusCode).toBe(304);
    for (const name of DOCUMENT_SET) expect(res.headers[name] !== undefined, name).toBe(ASSET_SET.includes(name));
  });

  it('index.html, an SVG and the app routes: the full document set', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg', '/assets/logo-Q1w2.svg', '/12/34', '/web/index.html', '/guide.v2', '/guide.v2/']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      for (const name of DOCUMENT_SET) expect(res.headers[name], `${url} ${name}`).toBeDefined();
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const first = await get('/', { 'accept-encoding': 'br' });
    const revalidated = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    for (const name of DOCUMENT_SET) expect(revalidated.headers[name], `304 ${name}`).toBeDefined();
  });

  it('a missing script answers with the full document set, as the app page or as plain text', async () => {
    const page = await get('/assets/missing-1.js', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    const plain = await get('/assets/missing-1.js', { 'accept-encoding': 'br' });
    expect(plain.statusCode).toBe(404);
    for (const res of [page, plain]) {
      for (const name of DOCUMENT_SET) expect(res.headers[name], name).toBeDefined();
    }
  });

  it('a refused range on an image answers with the full document set', async () => {
    const res = await get('/assets/logo-XyZ.png', { range: 'bytes=9000-9999' });
    expect(res.statusCode).toBe(416);
    for (const name of DOCUMENT_SET) expect(res.headers[name], name).toBeDefined();
  });
});
