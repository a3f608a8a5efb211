import { codesThatRedirect, errorTexts, type ErrorCodeValue } from '../../common/errors';
import { isSafeRedirect } from '../../common/redirect';
import i18n, { currentLanguage } from '../i18n';

/** How a call failed: the server said no (`server`), or the answer never came or made no sense. */
export type ApiFailureKind = 'server' | 'network' | 'timeout' | 'bad-response' | 'aborted';

/** Codes for failures that never reached the server's envelope; ShowDoc's codes are all positive. */
export const ClientErrorCode = {
  network: -1,
  timeout: -2,
  badResponse: -3,
  aborted: -4,
} as const;

export class ApiCallError extends Error {
  readonly code: number;
  readonly kind: ApiFailureKind;

  constructor(code: number, message: string, kind: ApiFailureKind = 'server') {
    super(message);
    this.name = 'ApiCallError';
    this.code = code;
    this.kind = kind;
  }
}

export type ApiParamValue = string | number | boolean | null | undefined;
export type ApiParams = Record<string, ApiParamValue>;

export interface ApiCallOptions {
  /** No alert and no redirect: the caller handles the failure itself. */
  silent?: boolean;
  /** Cancels the call (TanStack Query passes one); a cancelled call never alerts. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Keep the answer with its ETag and send `If-None-Match` next time: a 304 reuses the kept data instead
   * of downloading it again (item/info, whose tree can weigh a megabyte). The server decides access on
   * every call and tags answers per caller, so a kept answer is never shown to someone else.
   */
  revalidate?: boolean;
}

/**
 * What the client needs from the running app. The app registers the router's navigate and antd's
 * message API (see ApiBridge); until then, full page loads and nothing shown.
 */
export interface ApiHost {
  navigate(to: string): void;
  /** Path plus query of the screen the person is on, e.g. `/item/index`. */
  currentPath(): string;
  showError(text: string): void;
  /** The login session is gone (10102 / 10312): forget who was logged in. */
  sessionEnded(): void;
}

const browserHost: ApiHost = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname + window.location.search,
  showError: () => undefined,
  sessionEnded: () => undefined,
};

let host: ApiHost = browserHost;

/** Registers the running app; returns the function that unregisters it. */
export function setApiHost(next: ApiHost): () => void {
  host = next;
  return () => {
    if (host === next) host = browserHost;
  };
}

export const API_TIMEOUT_MS = 60_000;

/**
 * POSTs `params` form-encoded to `/api/<path>` and returns the envelope's `data`. Login rides on the
 * HttpOnly cookie the server sets, so the browser app never sees a token.
 */
export async function apiPost<T>(path: string, params: ApiParams = {}, options: ApiCallOptions = {}): Promise<T> {
  try {
    return await send<T>(path, params, options);
  } catch (error) {
    const failure = asApiCallError(error);
    if (!options.silent) react(failure, params);
    throw failure;
  }
}

/** Answers kept for `revalidate` calls, by path and parameters; a few projects' worth is enough. */
const kept = new Map<string, { etag: string; data: unknown }>();
const MAX_KEPT = 8;

function keep(key: string, etag: string, data: unknown): void {
  kept.delete(key);
  kept.set(key, { etag, data });
  for (const oldest of kept.keys()) {
    if (kept.size <= MAX_KEPT) break;
    kept.delete(oldest);
  }
}

async function send<T>(path: string, params: ApiParams, options: ApiCallOptions): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const outer = options.signal;
  const forwardAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', forwardAbort, { once: true });

  const keptKey = options.revalidate ? `${path}?${formBody(params).toString()}` : '';
  const held = options.revalidate ? kept.get(keptKey) : undefined;
  try {
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(`/api/${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
          Accept: 'application/json',
          'Accept-Language': currentLanguage(),
          ...(held ? { 'If-None-Match': held.etag } : {}),
        },
        body: formBody(params),
        credentials: 'same-origin',
        signal: controller.signal,
      });
      if (held && response.status === 304) return held.data as T;
      body = await response.json().catch((error: unknown) => {
        if (controller.signal.aborted) throw error;
        return undefined;
      });
    } catch {
      if (timedOut) throw new ApiCallError(ClientErrorCode.timeout, i18n.t('api.timeout'), 'timeout');
      if (outer?.aborted) throw new ApiCallError(ClientErrorCode.aborted, 'aborted', 'aborted');
      throw new ApiCallError(ClientErrorCode.network, i18n.t('api.network'), 'network');
    }
    const data = unwrap<T>(body, response.status);
    const etag = options.revalidate ? response.headers.get('etag') : null;
    if (etag) keep(keptKey, etag, data);
    return data;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

function formBody(params: ApiParams): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    body.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return body;
}

function unwrap<T>(body: unknown, status: number): T {
  if (typeof body !== 'object' || body === null || !('error_code' in body)) {
    throw new ApiCallError(ClientErrorCode.badResponse, i18n.t('api.badResponse', { status }), 'bad-response');
  }
  const envelope = body as { error_code: unknown; error_message?: unknown; data?: unknown };
  const code = Number(envelope.error_code);
  if (!Number.isFinite(code)) {
    throw new ApiCallError(ClientErrorCode.badResponse, i18n.t('api.badResponse', { status }), 'bad-response');
  }
  if (code === 0) return envelope.data as T;
  const message =
    typeof envelope.error_message === 'string' && envelope.error_message.trim() !== ''
      ? envelope.error_message
      : defaultText(code);
  throw new ApiCallError(code, message);
}

function defaultText(code: number): string {
  const text = errorTexts[code as ErrorCodeValue] as (typeof errorTexts)[ErrorCodeValue] | undefined;
  if (text) return currentLanguage() === 'zh-CN' ? text.zh : text.en;
  return i18n.t('api.failed', { code });
}

function asApiCallError(error: unknown): ApiCallError {
  if (error instanceof ApiCallError) return error;
  return new ApiCallError(ClientErrorCode.network, i18n.t('api.network'), 'network');
}

/** Seed 000 §8 and seed 001 §8: alert the message, and leave screens that need a login or an item password. */
function react(error: ApiCallError, params: ApiParams): void {
  if (error.kind === 'aborted') return;
  host.showError(error.message);
  if (error.kind !== 'server') return;

  if (codesThatRedirect.toLogin.includes(error.code)) {
    host.sessionEnded();
    const here = host.currentPath();
    if (here.startsWith('/user/login')) return;
    host.navigate(withRedirect('/user/login', here));
    return;
  }
  const itemId = params.item_id;
  if (codesThatRedirect.toItemPassword.includes(error.code) && itemId !== undefined && itemId !== null && itemId !== '') {
    const here = host.currentPath();
    host.navigate(withRedirect(`/item/password/${encodeURIComponent(String(itemId))}`, here));
  }
}

/**
 * `target?redirect=<path>` when the path is one the login screen will accept (seed 000 §5); a query the
 * rule rejects (it has `=` or `&`) is dropped rather than losing the whole return path.
 */
export function withRedirect(target: string, returnPath: string): string {
  const pathOnly = returnPath.split('?')[0] ?? '';
  const back = isSafeRedirect(returnPath) ? returnPath : isSafeRedirect(pathOnly) ? pathOnly : null;
  if (back === null || back === '/') return target;
  // `/`, `:` and `?` are legal in a query value and keep the address readable; `+` must stay encoded.
  const encoded = encodeURIComponent(back).replace(/%2F/gi, '/').replace(/%3A/gi, ':').replace(/%3F/gi, '?');
  return `${target}?redirect=${encoded}`;
}
