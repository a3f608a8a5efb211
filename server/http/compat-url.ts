/**
 * ShowDoc clients reach the API as `/server/index.php?s=/api/x/y`, `/index.php?s=/api/x/y`, `/server/?s=api/x/y` or
 * `/server/api/x/y`. Every form is rewritten to `/api/x/y` before routing, so one router — and one
 * authentication decision — serves them all.
 */
export function rewriteCompatUrl(url: string): string {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const search = q === -1 ? '' : url.slice(q + 1);

  if (/^(\/server(\/index\.php)?\/?|\/index\.php)$/i.test(pathname)) {
    const params = new URLSearchParams(search);
    const s = params.get('s');
    if (s === null) return url;
    params.delete('s');
    const rest = params.toString();
    return normalizeApiPrefix('/' + s.replace(/^\/+/, '')) + (rest ? `?${rest}` : '');
  }
  // ShowDoc's router answers `/server/index.php/api/…` (no `?s=`) with 404 (transcript 47), and so does Folio.
  if (/^\/server\/api\//i.test(pathname)) {
    const stripped = pathname.replace(/^\/server\//i, '/');
    return normalizeApiPrefix(stripped) + (search ? `?${search}` : '');
  }
  if (/^\/api\//i.test(pathname) && !pathname.startsWith('/api/')) {
    return normalizeApiPrefix(pathname) + (search ? `?${search}` : '');
  }
  return url;
}

function normalizeApiPrefix(path: string): string {
  return path.replace(/^\/api(?=\/|$)/i, '/api');
}

export interface ApiPath {
  /** `controller/action` lower-cased, with ShowDoc's snake_case controllers folded (`page_comment` → `pagecomment`). */
  key: string;
  /** Extra `/key/value` segments after the action, which ShowDoc reads as parameters. */
  pathParams: Record<string, string>;
}

export function parseApiPath(pathname: string): ApiPath | null {
  const segments = pathname.replace(/^\/api\/?/, '').split('/');
  const [controller, action, ...rest] = segments;
  if (!controller || !action) return null;
  const pathParams: Record<string, string> = {};
  for (let i = 0; i + 1 < rest.length; i += 2) {
    const k = safeDecode(rest[i] ?? '');
    if (k) pathParams[k] = safeDecode(rest[i + 1] ?? '');
  }
  return { key: routeKey(safeDecode(controller), safeDecode(action)), pathParams };
}

export function routeKey(controller: string, action: string): string {
  return `${controller.replace(/_/g, '').toLowerCase()}/${action.toLowerCase()}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
