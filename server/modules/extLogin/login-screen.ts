import type { Ctx } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { RawResponse } from '../../http/envelope.js';

/**
 * Sign-ins from elsewhere are followed in a browser (the provider's redirect, a link in another
 * system): when one fails there, the person lands on the login screen, which says why, rather than on a
 * page of JSON. Only the message's key travels in the address, so nobody can put words on that screen.
 * Scripts and tests (no HTML in Accept) keep the envelope.
 */
export async function orBackToLogin(ctx: Ctx, signIn: () => Promise<RawResponse>): Promise<RawResponse> {
  try {
    return await signIn();
  } catch (err) {
    if (!ctx.navigation || !(err instanceof ApiError)) throw err;
    const reason = err.messageKey ?? `code:${err.code}`;
    return new RawResponse('text/plain; charset=utf-8', '', { location: `/user/login?sso_error=${encodeURIComponent(reason)}`, 'cache-control': 'no-store' }, 302);
  }
}
