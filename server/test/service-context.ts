import type { Ctx, SessionUser } from '../context.js';
import type { TestApp } from './harness.js';

/** A service context outside any request, for tests that call a service directly. */
export function serviceCtx(t: TestApp, user: Omit<SessionUser, 'tokenId' | 'name' | 'groupid'> | null, lang: Ctx['lang'] = 'en'): Ctx {
  return {
    ...t.app.services,
    user: user ? { ...user, name: '', groupid: 2, tokenId: 0 } : null,
    ip: '127.0.0.1',
    lang,
    files: [],
    secure: false,
    loginCookie: { set: () => undefined, clear: () => undefined },
    visit: { grants: new Map(), grant: () => undefined, passwordParam: null },
  };
}
