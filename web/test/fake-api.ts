import { vi } from 'vitest';

/** An envelope or a whole Response (for HTTP errors and broken answers). */
type Answer = unknown;
export type FakeHandler = (params: URLSearchParams, init: RequestInit) => Answer | Promise<Answer>;

export interface FakeCall {
  path: string;
  params: URLSearchParams;
  init: RequestInit;
}

export const ok = (data: unknown) => ({ error_code: 0, data });
export const fail = (code: number, message: string) => ({ error_code: code, error_message: message });

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces fetch with a fake server: `handlers` maps `user/info`-style paths to an answer or a function
 * of the posted form. Unknown paths get the server's 404 envelope.
 */
export function installFakeApi(handlers: Record<string, FakeHandler | Answer>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input).replace(/^\/api\//, '');
    const params = new URLSearchParams(init.body instanceof URLSearchParams ? init.body : String(init.body ?? ''));
    calls.push({ path, params, init });
    const handler = handlers[path];
    if (handler === undefined) return jsonResponse(fail(10404, 'Invalid request'), 404);
    const answer: Answer = typeof handler === 'function' ? await (handler as FakeHandler)(params, init) : handler;
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

/** The answers a guest sees on a fresh site; pass overrides per test. */
export function guestSite(overrides: Record<string, FakeHandler | Answer> = {}) {
  let captchas = 0;
  return {
    'user/info': fail(10102, 'You are not logged in, or your session has expired'),
    'common/homePageSetting': ok({ home_page: '', home_item: '', is_show_ai: 0, beian: '', register_open: 1, feedback_url: '', site_url: '' }),
    'common/version': ok({ version: '0.1.0' }),
    'user/oauthInfo': ok({ oauth2_open: null, oauth2_entrance_tips: '' }),
    'common/createCaptcha': () => ok({ captcha_id: 900 + ++captchas }),
    // What someone who logs in to a fresh site sees: no projects and no groups yet.
    'item/myList': ok([]),
    'itemGroup/getList': ok([]),
    ...overrides,
  };
}

export const alice = { uid: 7, username: 'alice', name: 'Alice', groupid: 2, email: '', email_verify: 0, mobile: '', avatar: '', avatar_small: '', reg_time: 1767261600, is_wechat: 0, is_sso: 0 };
