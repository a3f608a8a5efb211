import type { FastifyInstance, FastifyReply } from 'fastify';
import * as answer from '../../../common/answers/mock.js';
import type { AppServices } from '../../context.js';
import { RawResponse } from '../../http/envelope.js';
import { defineRoute, spendCall, type RateLimit } from '../../http/route.js';
import { MAX_TEMPLATE_BYTES } from './limits.js';
import { addMock, mockOfPage, serveByKey, serveByPath, type MockAnswer } from './mock-api.js';
import { AddMock, MockByKey, MockByPath, PageMock } from './schema.js';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Authorization, X-Requested-With',
  'access-control-max-age': '600',
};
const HEADERS = { ...CORS, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

function contentType(answer: MockAnswer): string {
  return answer.type === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
}

function raw(answer: MockAnswer): RawResponse {
  return new RawResponse(contentType(answer), answer.body, HEADERS, answer.status);
}

/**
 * Mock URLs are called by front-end dev servers and scripts; one address gets this many a minute, shared
 * by every URL form. The refusal keeps the CORS headers, so a browser calling from a dev server sees 429.
 */
const TOO_MANY: MockAnswer = { status: 429, type: 'text', body: 'too many requests' };
const MOCK_CALLS: RateLimit = { key: 'mock', per: 'ip', max: 600, windowMs: 60_000, refusal: raw(TOO_MANY) };

export const mockRoutes = [
  defineRoute({
    path: 'mock/add',
    input: AddMock,
    auth: 'required',
    bodyLimit: 2 * MAX_TEMPLATE_BYTES,
    output: answer.MockSaved,
    handler: (ctx, input) => addMock(ctx, input.page_id, input.template, input.path),
  }),
  defineRoute({ path: 'mock/infoByPageId', input: PageMock, auth: 'optional', get: 'read', output: answer.PageMockInfo, handler: (ctx, input) => mockOfPage(ctx, input.page_id) }),
  defineRoute({
    path: 'mock/infoByKey',
    input: MockByKey,
    auth: 'none',
    get: 'link',
    rateLimit: MOCK_CALLS,
    handler: async (ctx, input) => raw(await serveByKey(ctx, input.unique_key)),
  }),
  defineRoute({
    path: 'mock/infoByPath',
    input: MockByPath,
    auth: 'none',
    get: 'link',
    rateLimit: MOCK_CALLS,
    handler: async (ctx, input) => raw(await serveByPath(ctx, input.item_id, input.path)),
  }),
];

function send(reply: FastifyReply, answer: MockAnswer): FastifyReply {
  return reply.code(answer.status).type(contentType(answer)).headers(HEADERS).send(answer.body);
}

/**
 * ShowDoc's mock URLs: `/server/mock-data/<key>` and `/server/mock-path/<item_id>?path=/users/1`, and the
 * same through `/server/index.php?s=mock-data/<key>` (rewritten to `/mock-data/<key>`). Any method is
 * answered the same way; no cookie or token is read, so a mock never acts as anyone. The request body is
 * never read (a front-end's `POST` with an empty or odd JSON body gets its mock, not a parse error), so
 * these routes live in a scope of their own whose only body parser drains and drops.
 */
export function registerMockServing(app: FastifyInstance, services: AppServices): void {
  // Not API actions, so the dispatcher does not count these: they spend the budget their API twins declare.
  const refused = async (ip: string) => !(await spendCall(services.limiter, MOCK_CALLS, 'mock', `ip:${ip}`));
  const byKey = async (key: string, ip: string, reply: FastifyReply) => send(reply, (await refused(ip)) ? TOO_MANY : await serveByKey(services, key));
  const byPath = async (item: string, path: string | undefined, ip: string, reply: FastifyReply) => {
    if (await refused(ip)) return send(reply, TOO_MANY);
    const itemId = /^\d{1,10}$/.test(item) && Number(item) <= 2147483647 ? Number(item) : 0;
    return send(reply, await serveByPath(services, itemId, path ?? '/'));
  };
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => {
      payload.resume();
      done(null, undefined);
    });
    for (const prefix of ['/mock-data', '/server/mock-data']) {
      scope.all<{ Params: { key: string } }>(`${prefix}/:key`, (req, reply) => (req.method === 'OPTIONS' ? reply.code(204).headers(CORS).send() : byKey(req.params.key, req.ip, reply)));
    }
    for (const prefix of ['/mock-path', '/server/mock-path']) {
      scope.all<{ Params: { item: string }; Querystring: { path?: string } }>(`${prefix}/:item`, (req, reply) =>
        req.method === 'OPTIONS' ? reply.code(204).headers(CORS).send() : byPath(req.params.item, typeof req.query.path === 'string' ? req.query.path : undefined, req.ip, reply),
      );
    }
  });
}
