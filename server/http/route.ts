import type { z } from 'zod';
import type { AuthedCtx, Ctx } from '../context.js';
import { ApiError } from './api-error.js';
import type { RawResponse } from './envelope.js';

export type AuthMode = 'none' | 'optional' | 'required';

/**
 * One API action: what it accepts, who may call it, and the service call it makes. Routes translate
 * HTTP only; rules live in services.
 */
export interface RouteDef<S extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** `controller/action`, as in ShowDoc's URL. */
  path: string;
  input: S;
  auth: AuthMode;
  /**
   * The login cookie is honoured on GET only for routes that change nothing (images, downloads), so a
   * cross-site link cannot make a logged-in browser act.
   */
  safeForGet?: boolean;
  /** Largest body accepted, in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Largest uploaded file, in bytes (default: the 4 MB attachment limit, UPLOAD_LIMIT). */
  fileLimit?: number;
  /**
   * What the action answers (a schema of common/answers/): the handler must return it, the web app
   * imports its type, and ShowDoc's URLs answer it in ShowDoc's form (server/http/showdoc-dialect.ts).
   */
  output?: O;
  handler(ctx: Ctx, input: z.output<S>): z.output<O> | Promise<z.output<O>> | RawResponse | Promise<RawResponse>;
}

export function defineRoute<S extends z.ZodType, O extends z.ZodType = z.ZodType>(def: RouteDef<S, O>): RouteDef<S, O> {
  return def;
}

/** For handlers of `auth: 'required'` routes, where the dispatcher has already refused guests. */
export function requireUser(ctx: Ctx): AuthedCtx {
  if (!ctx.user) throw new ApiError(10102);
  return ctx as AuthedCtx;
}
