import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { AppServices, Ctx, SessionUser, UploadedFile } from '../context.js';
import { UPLOAD_LIMIT } from '../modules/attachment/limits.js';
import { findSession } from '../modules/user/tokens.js';
import { ApiError } from './api-error.js';
import { callerToken, isCrossSite, LOGIN_COOKIE } from './auth.js';
import { parseApiPath, routeKey, type ApiPath } from './compat-url.js';
import { failure, ok, RawResponse } from './envelope.js';
import { languageOf } from './language.js';
import { readVisitProof } from './visit-cookie.js';
import { toShowDoc } from './showdoc-dialect.js';
import { spendCall, type RouteDef } from './route.js';

const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** The router-wide ceiling; each action may accept less (RouteDef.bodyLimit). */
export const MAX_BODY_LIMIT = 8 * 1024 * 1024;
/**
 * Files are checked per action (RouteDef.fileLimit); multipart reading stops at the largest any action
 * takes: attachments, up to the 100 MB an administrator may allow (site setting `upload_max_mb`).
 */
export const MAX_FILE_LIMIT = 100 * 1024 * 1024;

/** One Fastify route serves every `/api/<controller>/<action>`; names match case-insensitively. */
export function registerApi(app: FastifyInstance, services: AppServices, routes: RouteDef[]): void {
  const table = new Map<string, RouteDef>();
  for (const def of routes) {
    const [controller = '', action = ''] = def.path.split('/');
    const key = routeKey(controller, action);
    if (table.has(key)) throw new Error(`Route ${def.path} is defined twice`);
    table.set(key, def);
  }

  // The method, the per-action size limit and a budget per address are checked before the body is read:
  // a flood costs no parsing, and a GET that would change state is refused before any credential is looked at.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const def = lookup(table, parsedPath(req));
    if (def && !def.get && isGetOrHead(req)) {
      void reply.header('allow', 'POST');
      throw new ApiError(10405, 'route.postOnly', {}, 405);
    }
    const length = Number(req.headers['content-length'] ?? 0);
    if (def && length > (def.bodyLimit ?? DEFAULT_BODY_LIMIT)) throw new ApiError(10100, 'input.tooLarge', {}, 413);
    // Multipart parts are read into memory up to MAX_FILE_LIMIT each: a body of unknown size (chunked) would
    // get past the check above, so uploads must say their size. Browsers, curl and HTTP libraries do.
    if (req.headers['content-length'] === undefined && (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')) {
      throw new ApiError(10100, 'input.lengthRequired', {}, 411);
    }
    if (def?.rateLimit?.per === 'ip' && !(await spendCall(services.limiter, def.rateLimit, def.path, `ip:${req.ip}`))) return refuse(reply, def);
    return undefined;
  });

  app.all('/api/*', { bodyLimit: MAX_BODY_LIMIT }, async (req, reply) => {
    const lang = languageOf(req.headers['accept-language']);
    const parsed = parsedPath(req);
    if (!parsed) return reply.code(400).send(failure(10400, new ApiError(10400).textIn(lang)));
    const def = table.get(parsed.key);
    if (!def) return reply.code(404).send(failure(10404, new ApiError(10404, 'route.unknown').textIn(lang)));

    const { params, files } = await collectParams(req, parsed.pathParams);
    // A body sent without Content-Length passed the check above; its files are measured here.
    if (files.some((f) => f.data.length > (def.fileLimit ?? UPLOAD_LIMIT))) throw new ApiError(10100, 'input.tooLarge', {}, 413);
    const user = def.auth === 'none' ? null : await resolveCaller(services, req, def, params);
    if (def.auth === 'required' && !user) throw new ApiError(10102);
    if (def.rateLimit?.per === 'user' && !(await spendCall(services.limiter, def.rateLimit, def.path, user ? `user:${user.uid}` : `ip:${req.ip}`))) return refuse(reply, def);

    const input = def.input.safeParse(params);
    if (!input.success) {
      const field = input.error.issues[0]?.path.join('.') || 'body';
      throw new ApiError(10100, 'input.invalid', { field });
    }

    const secure = isSecure(services, req);
    // Written out, not `...services`: V8 (Node 20) adds keys after a spread on a slow path, ~3 µs each
    // request for this object (issue 21).
    const ctx: Ctx = {
      db: services.db,
      dialect: services.dialect,
      config: services.config,
      clock: services.clock,
      limiter: services.limiter,
      secret: services.secret,
      storage: services.storage,
      user,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
      lang,
      files,
      secure,
      cookies: req.cookies,
      navigation: (req.headers.accept ?? '').includes('text/html'),
      visit: readVisitProof(req, reply, params, secure),
      ifNoneMatch: req.headers['if-none-match'],
      showdocWire: speaksShowDoc(req),
      acceptEncoding: req.headers['x-no-compression'] === undefined ? req.headers['accept-encoding'] : undefined,
      loginCookie: {
        set: (token, maxAge) => void reply.setCookie(LOGIN_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', maxAge, secure }),
        clear: () => void reply.clearCookie(LOGIN_COOKIE, { path: '/' }),
      },
    };
    const result = def.auth === 'required' ? await def.handler({ ...ctx, user: required(user) }, input.data) : await def.handler(ctx, input.data);
    if (result instanceof RawResponse) return sendRaw(reply, result);
    const data = result ?? [];
    return reply.send(ok(def.output && speaksShowDoc(req) ? toShowDoc(def.output, data) : data));
  });
}

/** The caller of a required-auth route (the guest was refused with 10102 before the input was read). */
function required(user: SessionUser | null): SessionUser {
  if (!user) throw new ApiError(10102);
  return user;
}

/** Over its rate limit: 10429 with HTTP 429, or the action's own refusal when it does not answer the envelope. */
function refuse(reply: FastifyReply, def: RouteDef): FastifyReply {
  if (def.rateLimit?.refusal) return sendRaw(reply, def.rateLimit.refusal);
  throw new ApiError(10429, undefined, {}, 429);
}

/** A request on one of ShowDoc's URL forms gets ShowDoc's answer; Folio's `/api/…` gets typed JSON. */
function speaksShowDoc(req: FastifyRequest): boolean {
  return !req.originalUrl.toLowerCase().startsWith('/api/');
}

function lookup(table: Map<string, RouteDef>, parsed: ApiPath | null): RouteDef | undefined {
  return parsed ? table.get(parsed.key) : undefined;
}

// The hook and the handler both need the parsed path; parsing it once per request showed in the profile.
const parsedPaths = new WeakMap<FastifyRequest, ApiPath | null>();

function parsedPath(req: FastifyRequest): ApiPath | null {
  let parsed = parsedPaths.get(req);
  if (parsed === undefined) {
    parsed = parseApiPath(req.url.split('?')[0] ?? '');
    parsedPaths.set(req, parsed);
  }
  return parsed;
}

async function resolveCaller(services: AppServices, req: FastifyRequest, def: RouteDef, params: Record<string, unknown>): Promise<SessionUser | null> {
  const caller = callerToken(req, params);
  if (!caller) return null;
  if (caller.via === 'cookie') {
    const readOnly = isGetOrHead(req);
    if (readOnly && def.get !== 'link') return null;
    if (!readOnly && isCrossSite(req)) return null;
  }
  return findSession(services, caller.token);
}

function isGetOrHead(req: FastifyRequest): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/** Parameters in ShowDoc's precedence: path pairs, then the body (form, multipart or JSON), then the query. */
async function collectParams(req: FastifyRequest, pathParams: Record<string, string>): Promise<{ params: Record<string, unknown>; files: UploadedFile[] }> {
  const query = isPlainObject(req.query) ? req.query : {};
  const files: UploadedFile[] = [];
  let body: Record<string, unknown> = {};
  if (req.isMultipart() && isPlainObject(req.body)) {
    for (const [name, entry] of Object.entries(req.body)) {
      for (const part of Array.isArray(entry) ? entry : [entry]) {
        if (!isPart(part)) continue;
        if (part.type === 'file') {
          files.push({ field: name, filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() });
        } else {
          body[name] = part.value;
        }
      }
    }
  } else if (isPlainObject(req.body)) {
    body = req.body;
  }
  // Object.assign, not spreads: each spread after the first adds keys on V8's slow path.
  return { params: Object.assign({}, query, body, pathParams), files };
}

function isPart(value: unknown): value is Multipart {
  return isPlainObject(value) && (value.type === 'file' || value.type === 'field');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function isSecure(services: AppServices, req: FastifyRequest): boolean {
  if (services.config.cookieSecure === 'on') return true;
  if (services.config.cookieSecure === 'off') return false;
  return req.protocol === 'https';
}

function sendRaw(reply: FastifyReply, raw: RawResponse): FastifyReply {
  reply.code(raw.status).type(raw.contentType);
  for (const [k, v] of Object.entries(raw.headers)) reply.header(k, v);
  return reply.send(raw.body);
}
