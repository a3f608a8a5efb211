/**
 * Where the app may send a person after login or token login. Seed 000 §5 allows only letters, digits and
 * `/ : ? . _ * + -`, no `..` and no `//`; we also insist on a same-origin path (starts with one `/`), so
 * `javascript:`, `https://…` and `/\evil.com` never leave the site.
 */
const allowed = /^[A-Za-z0-9/:?._*+-]*$/;

export function isSafeRedirect(target: string): boolean {
  if (target.length === 0 || target.length > 1000) return false;
  if (!allowed.test(target)) return false;
  if (target.includes('..') || target.includes('//')) return false;
  return target.startsWith('/');
}

/** The redirect to follow, or null when there is none; `illegal` when one was given but is not safe. */
export function readRedirect(raw: string | null | undefined): { target: string | null; illegal: boolean } {
  if (raw === null || raw === undefined || raw === '') return { target: null, illegal: false };
  return isSafeRedirect(raw) ? { target: raw, illegal: false } : { target: null, illegal: true };
}
