import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';
import type { AsDocument } from './security-headers.js';

/**
 * How the built browser app (dist/web) is served (issue 21).
 *
 * - The build writes `name.br` and `name.gz` beside each compressible file (web/vite-precompress.ts);
 *   @fastify/static picks one by Accept-Encoding and labels it (Content-Encoding, Vary, the file's own
 *   Content-Length), so nothing is compressed per request. Folio's compression hook leaves an answer that
 *   already has a Content-Encoding alone; a file without a variant still goes through it.
 * - Hashed files under assets/ never change: cached for a year. index.html and the others: revalidated.
 * - The full set of security headers is for documents; a script, a stylesheet or an image gets the asset
 *   set (server/http/security-headers.ts), chosen once per request by `requestsStaticAsset`.
 * - The hashed files under assets/ have a route of their own (`registerAssetRoute`) that answers from the
 *   list of names read at the start: @fastify/static's wildcard route reads every directory on a file's path
 *   on each request to check the spelling of its name (a guard for case-insensitive disks), and assets/
 *   holds over a thousand names — the e2e servers' largest CPU cost, ~1 ms per file of a cold page load.
 *   An exact name from the list needs no such check. The few files at the top (index.html, icons) keep the
 *   wildcard route.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Files a browser may show as a page (or their .br/.gz): they keep every security header. */
const DOCUMENT = /\.(html?|svg|xml)(\.br|\.gz)?$/i;

/** The wildcard route @fastify/static adds for `wildcard: true` and no prefix. */
const STATIC_ROUTE = '/*';

/** The built scripts, stylesheets and images (vite's assets/; an SVG there is still a document). */
const ASSET_ROUTE = '/assets/:name';

const ASSETS_DIR = `${path.sep}assets${path.sep}`;

/**
 * Whether a request asks the static route for a file that is not a document, by its address alone: a last
 * segment with an extension other than a document's. Addresses without one are directories (index.html)
 * or app routes, and keep the document set.
 */
export function requestsStaticAsset(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  const params = req.params as { '*'?: unknown; name?: unknown };
  const wanted = route === ASSET_ROUTE ? params.name : route === STATIC_ROUTE ? params['*'] : undefined;
  if (typeof wanted !== 'string') return false;
  const name = wanted.slice(wanted.lastIndexOf('/') + 1);
  return name.includes('.') && !DOCUMENT.test(name);
}

export function staticFileOptions(webDir: string, asDocument: AsDocument): FastifyStaticOptions {
  return {
    root: webDir,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    // The build's manifest (.vite/manifest.json) is for scripts/bundle-size.mjs, not for browsers.
    dotfiles: 'ignore',
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header('cache-control', file.includes(ASSETS_DIR) ? IMMUTABLE : REVALIDATE);
      // Only a directory whose name has a dot (`/guide.v2` → guide.v2/index.html) gets here as an asset.
      if (DOCUMENT.test(file)) asDocument(reply);
    },
  };
}

/**
 * Serves dist/web/assets/<name> for the names the folder held when the server started (a new build is
 * deployed with a restart); any other name, spelling or path goes to the not-found handler. Needs
 * @fastify/static registered with `staticFileOptions` (its reply.sendFile, precompressed variants and
 * headers).
 */
export function registerAssetRoute(app: FastifyInstance, webDir: string): void {
  const dir = path.join(webDir, 'assets');
  const names = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  app.route({
    method: ['GET', 'HEAD'],
    url: ASSET_ROUTE,
    handler: (req, reply) => {
      const { name } = req.params as { name: string };
      return names.has(name) ? reply.sendFile(`assets/${name}`) : reply.callNotFound();
    },
  });
}
