import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * How the built browser app (dist/web) is served (issue 21).
 *
 * - The build writes `name.br` and `name.gz` beside each compressible file (web/vite-precompress.ts);
 *   @fastify/static picks one by Accept-Encoding and labels it (Content-Encoding, Vary, the file's own
 *   Content-Length), so nothing is compressed per request. Folio's compression hook leaves an answer that
 *   already has a Content-Encoding alone; a file without a variant still goes through it.
 * - Hashed files under assets/ never change: cached for a year. index.html and the others: revalidated.
 * - The full set of security headers is for documents. A script, a stylesheet or an image is never one, so those answers
 *   keep only what still applies to them: nosniff (a script must be served as a script), the resource
 *   policy and HSTS. The app loads no Web Worker, the one kind of script whose own CSP would matter.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Headers that only mean something on a document (HTML, SVG opened on its own). */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Files a browser may show as a page (or their .br/.gz): they keep every security header. */
const DOCUMENT = /\.(html?|svg|xml)(\.br|\.gz)?$/i;

const ASSETS_DIR = `${path.sep}assets${path.sep}`;

function setStaticHeaders(reply: FastifyReply, file: string): void {
  reply.header('cache-control', file.includes(ASSETS_DIR) ? IMMUTABLE : REVALIDATE);
  if (DOCUMENT.test(file)) return;
  // The security headers were set on every answer in onRequest (server/http/security-headers.ts).
  for (const name of DOCUMENT_ONLY_HEADERS) void reply.removeHeader(name);
}

export function staticFileOptions(webDir: string): FastifyStaticOptions {
  return {
    root: webDir,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    // The build's manifest (.vite/manifest.json) is for scripts/bundle-size.mjs, not for browsers.
    dotfiles: 'ignore',
    setHeaders: setStaticHeaders,
  };
}
