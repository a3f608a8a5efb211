/**
 * Text as a .docx may hold it: XML 1.0 forbids most control characters and unpaired surrogates, and a
 * single one makes Word refuse the whole file. The docx library escapes `& < >` itself.
 */
export function docxText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed or looked for
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
}

/** Where a link in an export may point: the web and e-mail only. Anything else stays plain text. */
export function safeLink(href: string, siteUrl: string | null): string | null {
  if (/^(https?:\/\/|mailto:)/i.test(href)) return href;
  // Links inside the site (`/page/12`) work from Word only with the site's configured address.
  if (siteUrl && href.startsWith('/') && !href.startsWith('//')) return siteUrl.replace(/\/+$/, '') + href;
  return null;
}
