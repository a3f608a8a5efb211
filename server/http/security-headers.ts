import type { FastifyInstance } from 'fastify';

/** The site's Content-Security-Policy; attachments and captchas answer with stricter ones of their own. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Ant Design writes its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join(';');

/**
 * The security headers every answer carries (helmet's set, as Folio configured it). They never depend on
 * the request, so they are built once: helmet rebuilt them per request, about 6 % of a page read's CPU.
 * Handlers may still replace one (a download's own CSP) after this hook.
 */
export function securityHeaders(options: { hsts: boolean }): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
