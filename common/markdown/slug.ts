/**
 * Heading ids. They must be stable (a link to `#h-install` keeps working after an unrelated edit),
 * readable in the address bar, and keep Chinese as it is (`## 安装指南` → `h-安装指南`).
 *
 * The `h-` prefix is not decoration: the sanitizer drops any id that names a property of `document`
 * (DOM clobbering: a heading "Title", "Images" or "Cookie" would otherwise lose its id), and no such
 * property contains a hyphen.
 */
export const HEADING_ID_PREFIX = 'h-';

/** Longest slug kept; long headings still get distinct ids from the counter. */
const MAX_SLUG_LENGTH = 80;

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .trim()
    // Letters and digits of any script stay; marks keep accented and Indic letters whole.
    .replace(/[^\p{L}\p{M}\p{N}\s_-]+/gu, '')
    .replace(/[\s_-]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...slug].slice(0, MAX_SLUG_LENGTH).join('').replace(/-+$/, '');
}

/** Hands out unique ids within one document: `h-intro`, `h-intro-1`, `h-intro-2`. */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text: string) => {
    const base = HEADING_ID_PREFIX + (slugify(text) || 'section');
    let id = base;
    let count = seen.get(base) ?? 0;
    while (seen.has(id)) {
      count += 1;
      id = `${base}-${count}`;
    }
    seen.set(base, count);
    seen.set(id, 0);
    return id;
  };
}
