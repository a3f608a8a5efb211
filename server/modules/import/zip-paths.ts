import path from 'node:path/posix';

/**
 * How a link written in a page of a zip names another file of the same zip: relative to the page's
 * folder (`../guide/install.md`, `./a.png`, URL-encoded or not), or, as ShowDoc's exports write them,
 * relative to the zip's root. Shared by images (zip-images.ts) and links between pages (zip-page-links.ts).
 */

/** A link that names a place inside the zip: no scheme, not site-absolute, not a bare `#fragment`. */
export function isRelative(link: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(link) && !link.startsWith('/') && !link.startsWith('#') && !link.startsWith('\\');
}

export function decoded(link: string): string {
  try {
    return decodeURIComponent(link);
  } catch {
    return link;
  }
}

/** The link split into its path (decoded, `/` separators) and its `#fragment` as written ('' when none). */
export function splitLink(link: string): { file: string; fragment: string } {
  const hash = link.indexOf('#');
  const fragment = hash >= 0 ? link.slice(hash) : '';
  const beforeHash = hash >= 0 ? link.slice(0, hash) : link;
  const file = decoded(beforeHash.split('?')[0] ?? '').replace(/\\/g, '/');
  return { file, fragment };
}

/**
 * The first entry of the zip that `file` names, trying each candidate name (`variants` of the joined
 * path) from the page's folder and then from the root; undefined when none is in the zip. A path that
 * climbs out of the zip names nothing.
 */
export function resolveInZip(
  file: string,
  baseDir: string,
  has: (entry: string) => boolean,
  variants: (joined: string) => string[] = (joined) => [joined],
): string | undefined {
  for (const base of baseDir ? [baseDir, ''] : ['']) {
    const joined = path.normalize(path.join(base, file)).replace(/\/+$/, '');
    if (joined === '' || joined === '.' || joined.startsWith('..') || joined.startsWith('/')) continue;
    const hit = variants(joined).find(has);
    if (hit !== undefined) return hit;
  }
  return undefined;
}
