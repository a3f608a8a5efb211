import type { z } from 'zod';
import type { AuthedCtx, Ctx } from '../context.js';
import { ApiError } from './api-error.js';

export type AuthMode = 'none' | 'optional' | 'required';

/**
 * One API action: what it accepts, who may call it, and the service call it makes. Routes translate
 * HTTP only; rules live in services.
 */
export interface RouteDef<S extends z.ZodType = z.ZodType> {
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
  handler(ctx: Ctx, input: z.output<S>): unknown;
}

export function defineRoute<S extends z.ZodType>(def: RouteDef<S>): RouteDef<S> {
  return def;
}

/** For handlers of `auth: 'required'` routes, where the dispatcher has already refused guests. */
export function requireUser(ctx: Ctx): AuthedCtx {
  if (!ctx.user) throw new ApiError(10102);
  return ctx as AuthedCtx;
}
