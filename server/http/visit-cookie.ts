import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VisitProof } from '../context.js';

export const VISIT_COOKIE = 'folio_visit';
const MAX_GRANTS = 50;

/**
 * Visit grants live in one signed, HttpOnly session cookie: `itemId:fingerprint,…`. The fingerprint
 * changes with the project's password, so changing it revokes every grant.
 */
export function readVisitProof(req: FastifyRequest, reply: FastifyReply, params: Record<string, unknown>, secure: boolean): VisitProof {
  const grants = new Map<number, string>();
  const raw = req.cookies[VISIT_COOKIE];
  if (raw) {
    const unsigned = req.unsignCookie(raw);
    if (unsigned.valid && unsigned.value) {
      for (const entry of unsigned.value.split(',')) {
        const [id, fp] = entry.split(':');
        if (id && fp && /^\d+$/.test(id)) grants.set(Number(id), fp);
      }
    }
  }
  const query = (req.query ?? {}) as Record<string, unknown>;
  const pwd = params._item_pwd ?? query._item_pwd;
  return {
    grants,
    passwordParam: typeof pwd === 'string' && pwd.length > 0 ? pwd : null,
    grant(itemId, fingerprint) {
      grants.delete(itemId);
      grants.set(itemId, fingerprint);
      const entries = [...grants].slice(-MAX_GRANTS).map(([id, fp]) => `${id}:${fp}`);
      // No max-age: the grant ends with the browser session, as the specification asks.
      reply.setCookie(VISIT_COOKIE, entries.join(','), { signed: true, httpOnly: true, sameSite: 'lax', path: '/', secure });
    },
  };
}
