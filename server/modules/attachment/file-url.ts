import type { Config } from '../../config.js';

/**
 * ShowDoc's address of a stored file, which pages written in ShowDoc already contain. Relative unless
 * the site's address is configured: never built from Host or X-Forwarded-Host (security.md §1.18i).
 */
export function fileUrl(config: Pick<Config, 'siteUrl'>, sign: string): string {
  return `${config.siteUrl ?? ''}/server/index.php?s=/api/attachment/visitFile&sign=${sign}`;
}
