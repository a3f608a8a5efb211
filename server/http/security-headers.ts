import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { THEME_BOOT_SCRIPT } from '../../common/theme-boot.js';

/** The site's Content-Security-Policy; attachments and captchas answer with stricter ones of their own. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // The app's own files, and the one script in its HTML by its hash (common/theme-boot.ts).
  `script-src 'self' 'sha256-${crypto.createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`,
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

type HeaderSet = Readonly<Record<string, string>>;

export interface SecurityHeaderSets {
  /** Helmet's set, as Folio configured it: every answer a browser may show as a page. */
  readonly document: HeaderSet;
  /**
   * A script, a stylesheet or an image of the built app is never a page, so only what still applies to it:
   * nosniff (a script must be served as a script), the resource policy and HSTS. The app loads no Web
   * Worker, the one kind of script whose own CSP would matter.
   */
  readonly asset: HeaderSet;
}

/**
 * The security headers never depend on the request, so they are built once: helmet rebuilt them per
 * request, about 6 % of a page read's CPU.
 */
export function securityHeaders(options: { hsts: boolean }): SecurityHeaderSets {
  const hsts: HeaderSet = options.hsts ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {};
  return {
    document: Object.freeze({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      ...hsts,
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    }),
    asset: Object.freeze({
      'cross-origin-resource-policy': 'same-origin',
      ...hsts,
      'x-content-type-options': 'nosniff',
    }),
  };
}

/** Gives an answer that started with the asset set the document set (it was not an asset after all). */
export type AsDocument = (reply: FastifyReply) => void;

/**
 * Sets one of the two sets on every answer, once, before the handler: the asset set when `isAsset` says the
 * request asks for one of the app's scripts, styles or images, the document set otherwise. Handlers may
 * still replace a header (a download's own CSP) after this hook.
 *
 * `isAsset` judges by the address, before the file is looked up; what then turns out not to be an asset
 * file (nothing there: the not-found page; a refused range; a directory's index.html) gets the document set
 * added through the returned function and the onError hook here. The asset set is a part of the document
 * set, so nothing is ever removed.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean; isAsset: (req: FastifyRequest) => boolean },
): AsDocument {
  const sets = securityHeaders(options);
  const asDocument: AsDocument = (reply) => {
    if (!reply.hasHeader('x-frame-options')) void reply.headers(sets.document);
  };
  app.addHook('onRequest', (req, reply, done) => {
    void reply.headers(options.isAsset(req) ? sets.asset : sets.document);
    done();
  });
  app.addHook('onError', (_req, reply, _error, done) => {
    asDocument(reply);
    done();
  });
  return asDocument;
}
