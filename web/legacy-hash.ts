/**
 * ShowDoc served its app at `/web/#/…`; the server sends `/web` to `/` and the fragment survives. This turns
 * `#/123/45?x` into the path `/123/45?x`, or null when there is nothing (safe) to map: a path that
 * starts with `//` or holds a backslash could be read as another host.
 */
export function legacyHashPath(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const path = hash.slice(1);
  if (path.startsWith('//') || path.includes('\\')) return null;
  return path;
}

/** ShowDoc's entry page, which Folio's server answers with this app (or a redirect to /). */
const SHOWDOC_ENTRY_PAGES = new Set(['/web', '/web/', '/web/index.html']);

/**
 * Where an address of ShowDoc's app is shown: its `#/…` route, else the home page when it is ShowDoc's
 * bare entry page (`/web/index.html` would otherwise read as project "web", page "index.html"); null
 * when the address is Folio's own.
 */
export function legacyAppPath(pathname: string, hash: string): string | null {
  return legacyHashPath(hash) ?? (SHOWDOC_ENTRY_PAGES.has(pathname) ? '/' : null);
}
