import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

/**
 * The built app's files as the build leaves them: `.br` and `.gz` beside the compressible ones
 * (web/vite-precompress.ts). The server sends those bytes as they are (issue 21).
 */

const script = `export const words = ${JSON.stringify('folio reads pages '.repeat(400))};\n`;
const indexHtml = `<!doctype html><html><head><title>Folio</title></head><body>${'<p>app</p>'.repeat(200)}</body></html>`;

function writeWithVariants(file: string, text: string): void {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

describe('precompressed static files', () => {
  let t: TestApp;
  let webDir: string;
  const scriptUrl = '/assets/reader-AbC123.js';

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.mkdirSync(path.join(webDir, '.vite'));
    writeWithVariants(path.join(webDir, 'index.html'), indexHtml);
    writeWithVariants(path.join(webDir, 'assets', 'reader-AbC123.js'), script);
    fs.writeFileSync(path.join(webDir, 'assets', 'logo-XyZ.png'), Buffer.alloc(3000, 7));
    fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{}');
    t = await startTestApp({ webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

  it('sends the brotli file to a client that accepts br, with its length, Vary and a year of caching', async () => {
    const res = await get(scriptUrl, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = fs.readFileSync(path.join(webDir, 'assets', 'reader-AbC123.js.br'));
    expect(Number(res.headers['content-length'])).toBe(stored.length);
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await get(scriptUrl, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is without Accept-Encoding, still varying on it', async () => {
    const res = await get(scriptUrl);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(script));
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers HEAD with the headers of the chosen file and no body', async () => {
    const res = await get(scriptUrl, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers a revalidation with 304 by ETag and by date', async () => {
    const first = await get(scriptUrl, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const byTag = await get(scriptUrl, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    const byDate = await get(scriptUrl, { 'accept-encoding': 'br', 'if-modified-since': String(first.headers['last-modified']) });
    expect(byDate.statusCode).toBe(304);
  });

  it('trims document-only security headers from scripts and images, keeping nosniff', async () => {
    for (const url of [scriptUrl, '/assets/logo-XyZ.png']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['referrer-policy'], url).toBeUndefined();
    }
  });

  it('sends a file with no variant (an image) as it is, uncompressed', async () => {
    const res = await get('/assets/logo-XyZ.png', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(3000);
  });

  it('serves index.html precompressed, revalidated, with the full security headers, at / and at app routes', async () => {
    for (const url of ['/', '/12/34', '/item/index']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(indexHtml);
    }
    const plain = await get('/12/34');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });

  it('never serves the build manifest or a precompressed file of something missing', async () => {
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    expect((await get('/assets/missing-1.js', { 'accept-encoding': 'br' })).statusCode).toBe(404);
  });

  it('serves an asset by its exact name only: no other spelling, no path around it', async () => {
    for (const url of ['/assets/Reader-AbC123.js', '/ASSETS/reader-AbC123.js', '/assets//reader-AbC123.js', '/assets/%2e%2e%2findex.html', '/assets/..%2F.vite%2Fmanifest.json']) {
      const res = await get(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('folio reads pages');
    }
  });

  it('serves an asset written after the start only after a restart (the names are read at the start)', async () => {
    fs.writeFileSync(path.join(webDir, 'assets', 'late-1.js'), 'late');
    expect((await get('/assets/late-1.js')).statusCode).toBe(404);
  });
});
