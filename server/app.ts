import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import type { Config } from './config.js';
import { systemClock, type AppServices, type Clock } from './context.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { isDatabaseUnavailable } from './db/errors.js';
import { ApiError } from './http/api-error.js';
import { registerSecurityHeaders, type AsDocument } from './http/security-headers.js';
import { registerCompression } from './http/compression.js';
import { registerAssetRoute, requestsStaticAsset, staticFileOptions } from './http/static-files.js';
import { HTTP_TIMEOUTS, serverTimeoutOptions, type HttpTimeouts } from './http/timeouts.js';
import { MAX_BODY_LIMIT, MAX_FILE_LIMIT, registerApi } from './http/dispatch.js';
import { rewriteCompatUrl } from './http/compat-url.js';
import { failure } from './http/envelope.js';
import { languageOf, type Lang } from './http/language.js';
import { redactUrl } from './http/log-redaction.js';
import { QuietRequestLog } from './http/log-controller.js';
import { limiterFor } from './http/rate-limiter-choice.js';
import { registerHealth, type Readiness } from './health/routes.js';
import type { RouteDef } from './http/route.js';
import { allRoutes } from './routes.js';
import { registerJobs } from './jobs/scheduler.js';
import { registerMockServing } from './modules/mock/routes.js';
import { firstPaintOf, pageAddress } from './modules/page/first-paint.js';
import { appShell, type AppShell } from './http/app-shell.js';
import { loadSiteSecret } from './secret.js';
import type { BlobStore } from './storage/blob-store.js';
import { siteStorage } from './storage/site-store.js';
import { StorageUnavailable } from './storage/storage-errors.js';

export interface BuildOptions {
  /** An open database (tests); otherwise config.databaseUrl is opened and migrated. */
  database?: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Where the production logger writes (tests capture it); standard output by default. */
  logStream?: { write(line: string): void };
  /** Extra actions, for tests of the HTTP layer itself. */
  extraRoutes?: RouteDef[];
  /** Where attachments go (tests); otherwise DATA_DIR/uploads. */
  storage?: BlobStore;
  /** Shorter connection timeouts (tests of the timeouts themselves); otherwise HTTP_TIMEOUTS. */
  httpTimeouts?: Partial<HttpTimeouts>;
}

export interface FolioApp extends FastifyInstance {
  services: AppServices;
  /** Graceful shutdown sets `draining`, and `/ready` answers 503 from then on. */
  readiness: Readiness;
}


export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FolioApp> {
  const database = options.database ?? openDatabase(config.databaseUrl);
  if (!options.database) await migrateToLatest(database);

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    // One line per request only at debug; failures and slow requests at the default level.
    logController: new QuietRequestLog(),
    // A hop count is valid for Fastify, though its types list only strings and booleans.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: MAX_BODY_LIMIT,
    // Fastify waits forever by default; a slow client must not hold a connection.
    ...serverTimeoutOptions({ ...HTTP_TIMEOUTS, ...options.httpTimeouts }),
    maxRequestsPerSocket: 1000,
    rewriteUrl: (req) => rewriteCompatUrl(req.url ?? '/'),
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
  }) as unknown as FolioApp;

  const services: AppServices = {
    db: database.db,
    dialect: database.dialect,
    config,
    clock: options.clock ?? systemClock,
    limiter: await limiterFor(config, database, app.log),
    secret: await loadSiteSecret(config, database.db),
    // FOLIO_STORAGE when the operator set it, else the admin console's storage setting (site-store.ts).
    storage: options.storage ?? siteStorage(config, database.db),
  };
  app.decorate('services', services);
  app.decorate('readiness', { draining: false });
  if (!options.database) app.addHook('onClose', () => database.close());
  app.addHook('onClose', async () => services.limiter.close?.());

  const asDocument = registerSecurityHeaders(app, { hsts: config.siteUrl?.startsWith('https://') ?? false, isAsset: requestsStaticAsset });
  // Answers are compressed by Folio's own hook (http/compression.ts explains why not by the plugin's);
  // the plugin stays only for what it does to requests: bodies sent with Content-Encoding are inflated.
  await app.register(compress, { globalCompression: false, globalDecompression: true });
  registerCompression(app);
  await app.register(cookie, { secret: services.secret.toString('hex') });
  await app.register(formbody, { bodyLimit: MAX_BODY_LIMIT });
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: MAX_FILE_LIMIT, files: 5, fields: 100, fieldSize: MAX_BODY_LIMIT, parts: 110 },
  });

  app.setErrorHandler((error: unknown, req, reply) => {
    const lang = languageOf(req.headers['accept-language']);
    if (error instanceof ApiError) return reply.code(error.httpStatus).send(failure(error.code, error.textIn(lang)));
    const err = error as Partial<FastifyError>;
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send(failure(10100, new ApiError(10100, 'input.tooLarge').textIn(lang)));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(failure(10100, new ApiError(10100, 'input.invalid', { field: 'body' }).textIn(lang)));
    }
    if (isDatabaseUnavailable(error)) {
      // Locked by another process or a database restarting: the request was not applied and may be retried.
      req.log.warn({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send(failure(10500, new ApiError(10500, 'db.busy').textIn(lang)));
    }
    if (error instanceof StorageUnavailable) {
      // The bucket is down or refuses Folio's keys: nothing was recorded, and the request may be retried.
      req.log.error({ err }, 'attachment storage unavailable');
      return reply.code(503).header('retry-after', '5').send(failure(10500, new ApiError(10500, 'storage.unavailable').textIn(lang)));
    }
    req.log.error({ err }, 'request failed');
    // Never a stack, a path or SQL in production; the log has the details.
    const detail = config.production ? new ApiError(10500).textIn(lang) : `${new ApiError(10500).textIn(lang)}: ${err.message}`;
    return reply.code(500).send(failure(10500, detail));
  });

  registerApi(app, services, [...allRoutes, ...(options.extraRoutes ?? [])]);
  registerMockServing(app, services);
  registerJobs(app, services);
  registerHealth(app, services, app.readiness);
  registerWebApp(app, services, asDocument);
  return app;
}

/** The built browser app, with the SPA's paths falling back to index.html. */
function registerWebApp(app: FastifyInstance, services: AppServices, asDocument: AsDocument): void {
  const webDir = services.config.webDir;
  const indexFile = webDir ? path.join(webDir, 'index.html') : null;
  const hasWeb = indexFile !== null && fs.existsSync(indexFile);
  if (hasWeb && webDir) {
    app.register(fastifyStatic, staticFileOptions(webDir, asDocument));
    registerAssetRoute(app, webDir);
  }
  // ShowDoc served its app at /web/#/…; the fragment survives the redirect and the app maps it.
  app.get('/web', (_req, reply) => reply.redirect('/'));
  // ShowDoc's own entry page (transcript 74): the app itself when it is built, which shows an old
  // /web/index.html#/12/34 bookmark at /12/34 (web/legacy-hash.ts); otherwise the same redirect.
  app.get('/web/index.html', (_req, reply) =>
    hasWeb ? reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html') : reply.redirect('/'),
  );
  app.get('/index.php', (_req, reply) => reply.redirect('/'));

  const shell = hasWeb && indexFile ? appShell(indexFile) : null;
  /** A page's address gets the page drawn into the HTML when anyone may read it (issue 21: first paint). */
  const pageShell = async (from: AppShell, pathname: string, ip: string, lang: Lang): Promise<string | null> => {
    const address = pageAddress(pathname);
    const page = address ? await firstPaintOf(services, { address, ip, lang }) : null;
    return page ? from.withPage(page.documentTitle, page.markup) : null;
  };

  app.setNotFoundHandler(async (req, reply) => {
    // A missing script's address started with the asset set; whatever answers it here is no asset.
    asDocument(reply);
    const lang = languageOf(req.headers['accept-language']);
    const pathname = req.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname.startsWith('/server')) {
      return reply.code(404).send(failure(10404, new ApiError(10404, 'route.unknown').textIn(lang)));
    }
    // Only extensionless paths are app routes: /Sqlite/showdoc.db.php, /.env or /package.json are not.
    const lastSegment = pathname.split('/').pop() ?? '';
    const isAppRoute = (req.method === 'GET' || req.method === 'HEAD') && !lastSegment.includes('.');
    if (hasWeb && isAppRoute) {
      // The token-login page carries a user token in its address until the app removes it: no Referer.
      if (pathname.toLowerCase() === '/user/loginbyusertoken') reply.header('referrer-policy', 'no-referrer');
      // The drawing is a head start, never a condition: with the database away the app still loads (and says so).
      const withPage = shell
        ? await pageShell(shell, pathname, req.ip, lang).catch((err: unknown) => {
            req.log.warn({ err }, 'first paint failed; sending the plain app');
            return null;
          })
        : null;
      if (withPage) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(withPage);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    // A browser opening any other address (a page's link to `guide/install.md` that nothing answers) gets the
    // app with the 404 status, and the app shows its own not-found screen; the file asked for is never served.
    const opensPage = (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
    if (hasWeb && opensPage) return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
