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
