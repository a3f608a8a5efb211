import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import * as answer from '../../../common/answers/mock.js';
import type { AppServices } from '../../context.js';
import { RawResponse } from '../../http/envelope.js';
import { zId, zInt, zText } from '../../http/fields.js';
import { defineRoute, requireUser } from '../../http/route.js';
import { MAX_TEMPLATE_BYTES } from './limits.js';
import { addMock, mockOfPage, serveByKey, serveByPath, type MockAnswer } from './mock-api.js';

/** Mock URLs are called by front-end dev servers and scripts; one address gets this many a minute. */
const CALLS_PER_MINUTE = 600;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Authorization, X-Requested-With',
  'access-control-max-age': '600',
};
const HEADERS = { ...CORS, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/** Serving answers odd input as ShowDoc does (404/400 in plain text), never with the API envelope; the body limit caps the size. */
const loose = z.union([z.string(), z.number().transform(String)]).catch('');

function contentType(answer: MockAnswer): string {
  return answer.type === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
}

function raw(answer: MockAnswer): RawResponse {
  return new RawResponse(contentType(answer), answer.body, HEADERS, answer.status);
}

function throttled(services: AppServices, ip: string): MockAnswer | null {
  return services.limiter.hit(`mock:${ip}`, CALLS_PER_MINUTE, 60_000) ? null : { status: 429, type: 'text', body: 'too many requests' };
}

export const mockRoutes = [
  defineRoute({
    path: 'mock/add',
    input: z.object({ page_id: zId, template: zText(MAX_TEMPLATE_BYTES + 1).default(''), path: zText(4096).default('/') }),
    auth: 'required',
    bodyLimit: 2 * MAX_TEMPLATE_BYTES,
    output: answer.MockSaved,
    handler: (ctx, input) => addMock(requireUser(ctx), input.page_id, input.template, input.path),
  }),
  defineRoute({ path: 'mock/infoByPageId', input: z.object({ page_id: zId }), auth: 'optional', output: answer.PageMockInfo, handler: (ctx, input) => mockOfPage(ctx, input.page_id) }),
  defineRoute({
    path: 'mock/infoByKey',
    input: z.object({ unique_key: loose }),
    auth: 'none',
    safeForGet: true,
    handler: async (ctx, input) => raw(throttled(ctx, ctx.ip) ?? (await serveByKey(ctx, input.unique_key))),
  }),
  defineRoute({
    path: 'mock/infoByPath',
    input: z.object({ item_id: zInt(0).catch(0), path: loose.default('/') }),
    auth: 'none',
    safeForGet: true,
    handler: async (ctx, input) => raw(throttled(ctx, ctx.ip) ?? (await serveByPath(ctx, input.item_id, input.path))),
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
  const byKey = async (key: string, ip: string, reply: FastifyReply) => send(reply, throttled(services, ip) ?? (await serveByKey(services, key)));
  const byPath = async (item: string, path: string | undefined, ip: string, reply: FastifyReply) => {
    const limited = throttled(services, ip);
    if (limited) return send(reply, limited);
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
