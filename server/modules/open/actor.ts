import type { AuthedCtx, Ctx, SessionUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { ItemAccess } from '../item/access.js';

/**
 * Who the open API writes as. Pages, history, the change log and the recycle bin name "API" (uid 0), as
 * ShowDoc's open API does for page authors; Folio records the rest the same way, so a project's people
 * can tell scripted changes from their own.
 */
export const API_AUTHOR = { uid: 0, username: 'API' } as const;

const API_ACTOR: SessionUser = { uid: API_AUTHOR.uid, username: API_AUTHOR.username, name: API_AUTHOR.username, groupid: 0, tokenId: 0 };

/**
 * The request as the shared store helpers expect it (`removeSubtree`, `moveToRecycleBin`, `removeFile`
 * take a logged-in caller only to record who acted). Never given to an access check: uid 0 owns nothing.
 */
export function asApiActor(ctx: Ctx): AuthedCtx {
  return { ...ctx, user: API_ACTOR };
}

/**
 * The request as the project's owner, for uploads: ShowDoc files open-API uploads under the owner, and
 * Folio's upload path decides through item/access.ts, where the owner may edit this project. The target
 * project is always the key's, so the owner's other projects stay out of reach.
 */
export async function asItemOwner(ctx: Ctx, access: ItemAccess): Promise<AuthedCtx> {
  const owner = await ctx.db.selectFrom('user').select(['uid', 'username', 'name']).where('uid', '=', access.item.uid).executeTakeFirst();
  if (!owner) throw new ApiError(10101, 'item.notFound');
  // Owning the project is enough; an owner who is also a site administrator lends no more than that.
  return { ...ctx, user: { ...owner, groupid: 0, tokenId: 0 } };
}
