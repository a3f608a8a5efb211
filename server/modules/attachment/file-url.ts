/**
 * ShowDoc's address of a stored file, which pages written in ShowDoc already contain. Relative unless
 * the site's address is configured: never built from Host or X-Forwarded-Host (security.md §1.18i).
 */
export function fileUrl(origin: string, sign: string): string {
  return `${origin}/server/index.php?s=/api/attachment/visitFile&sign=${sign}`;
}
