import type { z } from 'zod';
import type { AuthedCtx, Ctx } from '../context.js';
import type { RawResponse } from './envelope.js';
import type { CallLimiter } from './rate-limiter.js';

export type AuthMode = 'none' | 'optional' | 'required';

/** How an action may be reached by GET (Route.get). */
export type GetAccess = 'read' | 'link';

/** What a handler receives: a required-auth route runs only for a caller, so its context has the user. */
export type CtxFor<A extends AuthMode> = A extends 'required' ? AuthedCtx : Ctx;

/**
 * A budget of calls in a fixed window, counted by the dispatcher before the body is read (per address)
 * or once the caller is known (per user; a guest counts by address). Over it, the dispatcher answers
 * 10429 with HTTP 429 and the handler does not run.
 */
export interface RateLimit {
  /** Routes with the same key share one budget; default: the route's path. */
  key?: string;
  per: 'ip' | 'user';
  max: number;
  windowMs: number;
  /** What a refused call answers when the action does not answer the envelope (mock serving). */
  refusal?: RawResponse;
}

/**
 * One API action: what it accepts, who may call it, and the service call it makes. Routes translate
 * HTTP only; rules live in services.
 */
export interface Route<S extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, A extends AuthMode = AuthMode> {
  /** `controller/action`, as in ShowDoc's URL. */
  path: string;
  input: S;
  auth: A;
  /**
   * Whether GET and HEAD reach the action; only an action that changes nothing may say so. Absent: the
   * action changes state and answers GET and HEAD with 10405 (HTTP 405) before auth and before the body,
   * whatever the credential, since a token or password in a URL ends up in logs, history and `Referer`
   * and an `<img src>` must not act (ShowDoc moved every write to POST in 2021).
   * - `'read'`: GET with an explicit token (query, header), as ShowDoc's scripts read; the login cookie
   *   is not honoured on GET, so a cross-site page cannot read or act as a logged-in browser.
   * - `'link'`: the login cookie too: images, downloads and exports a page opens by a link or `<img>`,
   *   and the login links an identity provider or another system sends the browser to.
   */
  get?: GetAccess;
  /** Largest body accepted, in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Largest uploaded file, in bytes (default: the 4 MB attachment limit, UPLOAD_LIMIT). */
  fileLimit?: number;
  /** Calls allowed per address or per user in a window; none by default. */
  rateLimit?: RateLimit;
  /**
   * What the action answers (a schema of common/answers/): the handler must return it, the web app
   * imports its type, and ShowDoc's URLs answer it in ShowDoc's form (server/http/showdoc-dialect.ts).
   */
  output?: O;
  /** Runs after auth, rate limit and input checks passed; a required-auth handler's `ctx.user` is the caller. */
  handler(ctx: CtxFor<A>, input: z.output<S>): z.output<O> | Promise<z.output<O>> | RawResponse | Promise<RawResponse>;
}

/** Any route, told apart by its auth mode, so the dispatcher hands a required-auth handler its user. */
export type RouteDef = Route<z.ZodType, z.ZodType, 'required'> | Route<z.ZodType, z.ZodType, 'none' | 'optional'>;

/** Declares one action; `auth` decides the handler's context (`AuthedCtx` for 'required', `Ctx` otherwise). */
export function defineRoute<S extends z.ZodType, A extends AuthMode, O extends z.ZodType = z.ZodType>(def: Route<S, O, A>): Route<S, O, A> {
  return def;
}

/**
 * Counts one call against a declared limit; false when the budget is used up. `who` is `ip:<address>` or
 * `user:<uid>`. The dispatcher calls it for every route with a `rateLimit`; mock serving, which is not an
 * API action, calls it with the same limit its API twins declare.
 */
export async function spendCall(limiter: CallLimiter, limit: RateLimit, path: string, who: string): Promise<boolean> {
  return limiter.hit(`${limit.key ?? path}:${who}`, limit.max, limit.windowMs);
}
