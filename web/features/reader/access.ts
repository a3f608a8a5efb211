import { codesThatRedirect, ErrorCode } from '../../../common/errors';
import { ApiCallError, withRedirect } from '../../api/client';

/** Answers that mean "no such project or page here" (deleted, never existed, share link expired). */
const missingCodes: number[] = [ErrorCode.failure, ErrorCode.notFound, ErrorCode.validation];

export type AccessOutcome = { kind: 'redirect'; to: string } | { kind: 'missing'; message: string } | { kind: 'failed'; message: string };

/**
 * Seed 001 §4 "Project access": 10303/10307 lead to the project's password screen and 10312/10102 to
 * login, each with the way back; a missing object is shown as such; anything else is a failure to retry.
 */
export function accessOutcome(error: Error, where: { itemRef: string; pageId?: number | null; here: string }): AccessOutcome {
  const code = error instanceof ApiCallError && error.kind === 'server' ? error.code : null;
  if (code !== null && codesThatRedirect.toItemPassword.includes(code)) {
    const to = withRedirect(`/item/password/${encodeURIComponent(where.itemRef)}`, where.here);
    if (!where.pageId) return { kind: 'redirect', to };
    return { kind: 'redirect', to: `${to}${to.includes('?') ? '&' : '?'}page_id=${where.pageId}` };
  }
  if (code !== null && codesThatRedirect.toLogin.includes(code)) return { kind: 'redirect', to: withRedirect('/user/login', where.here) };
  if (code !== null && missingCodes.includes(code)) return { kind: 'missing', message: error.message };
  return { kind: 'failed', message: error.message };
}
