import type { FastifyRequest } from 'fastify';

export const LOGIN_COOKIE = 'folio_token';

export interface CallerToken {
  token: string;
  /** Scripts send tokens; the browser app sends the cookie, which needs cross-site protection. */
  via: 'token' | 'cookie';
}

/** ShowDoc's order: X-API-Token, then Authorization: Bearer, then the user_token parameter; then our cookie. */
export function callerToken(req: FastifyRequest, params: Record<string, unknown>): CallerToken | null {
  const header = req.headers['x-api-token'];
  if (typeof header === 'string' && header.trim()) return { token: header.trim(), via: 'token' };
  const authz = req.headers.authorization;
  if (typeof authz === 'string') {
    const m = /^Bearer\s+(\S+)$/i.exec(authz.trim());
    if (m?.[1]) return { token: m[1], via: 'token' };
  }
  const param = params.user_token;
  if (typeof param === 'string' && param.trim()) return { token: param.trim(), via: 'token' };
  const cookie = req.cookies[LOGIN_COOKIE];
  if (cookie) return { token: cookie, via: 'cookie' };
  return null;
}

/**
 * A request that a page on another site made the browser send. SameSite=Lax already keeps the cookie
 * off cross-site POSTs; this also covers browsers that treat sibling subdomains as same-site.
 */
export function isCrossSite(req: FastifyRequest): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    try {
      // URL() drops default ports, so `http://host:80` and `host:80` compare equal.
      return new URL(origin).host !== new URL(`${new URL(origin).protocol}//${req.headers.host ?? ''}`).host;
    } catch {
      return true;
    }
  }
  return origin === 'null';
}
