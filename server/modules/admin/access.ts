import type { AuthedCtx, Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';

import { isSiteAdmin } from '../user/groups.js';

export { SITE_ADMIN_GROUP } from '../user/groups.js';

/**
 * The one gate of the admin console: a login (10102), then a site administrator (10103), as ShowDoc's
 * `checkAdmin`. The group is read with the session on every request, so a demoted administrator
 * loses the console at once.
 */
export function requireAdmin(ctx: Ctx): AuthedCtx {
  if (!ctx.user) throw new ApiError(10102);
  if (!isSiteAdmin(ctx.user)) throw new ApiError(10103);
  return ctx as AuthedCtx;
}
